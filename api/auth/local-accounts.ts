import { hash, verify } from '@node-rs/argon2';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
import { ValidationError } from '../lib/errors.ts';
import { parseInput } from '../lib/validate.ts';
import { newPasswordSchema, personNameSchema } from '../../shared/inputs/settings.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import type { RateLimits } from './rate-limits.ts';

/** Accounts of the built-in OpenID provider: email + password (argon2id), first and last name. */

const noNul = (s: string) => !s.includes('\u0000');

/** An email as accounts are keyed: trimmed and lower-case (" Ada@X.com" is "ada@x.com"). */
const accountEmail = z.string().trim().toLowerCase();

export const signUpInput = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: accountEmail.max(254, 'Email is too long').email('Enter a valid email address'),
  password: newPasswordSchema,
});
// (An email with a NUL fails .email(); passwords are hashed, never stored as text.)

export const signInInput = z.object({
  email: accountEmail.min(1, 'Enter your email').max(254).refine(noNul, 'Enter your email'),
  password: z.string().min(1, 'Enter your password').max(200),
});

export const WRONG_CREDENTIALS = 'Wrong email or password';

export async function createLocalAccount(prisma: PrismaClient, input: unknown) {
  const data = parseInput(signUpInput, input);
  if (await prisma.localAccount.findUnique({ where: { email: data.email }, select: { id: true } })) {
    throw new ValidationError([{ path: ['email'], message: 'An account with this email already exists. Sign in instead.' }]);
  }
  const passwordHash = await hash(data.password);
  try {
    return await prisma.localAccount.create({
      data: { email: data.email, passwordHash, firstName: data.firstName, lastName: data.lastName },
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') {
      throw new ValidationError([{ path: ['email'], message: 'An account with this email already exists. Sign in instead.' }]);
    }
    throw err;
  }
}

// A hash to verify against when the email is unknown, so timing does not reveal which emails exist.
const dummyHash = hash('not-a-real-password');

/** The account for these credentials, or a ValidationError with the one wrong-credentials message. */
export async function verifyLocalAccount(prisma: PrismaClient, input: unknown) {
  const { email, password } = parseInput(signInInput, input);
  const account = await prisma.localAccount.findUnique({ where: { email } });
  const ok = await verify(account?.passwordHash ?? (await dummyHash), password).catch(() => false);
  if (!account || !ok) throw new ValidationError([{ path: ['password'], message: WRONG_CREDENTIALS }]);
  return account;
}

export const SAME_PASSWORD = 'Choose a password other than your current one';
const newPasswordInput = z.object({ password: newPasswordSchema });

/**
 * Sets an account's password (`raw`, checked as at sign-up, must differ from the current one) and
 * clears a one-time password's "choose a new one" mark. `field` names the form field for errors.
 */
export async function setPassword(db: Db, account: { id: string; passwordHash: string }, raw: unknown, field = 'password') {
  const check = newPasswordInput.safeParse({ password: raw });
  if (!check.success) throw new ValidationError([{ path: [field], message: check.error.issues[0]!.message }]);
  const { password } = check.data;
  if (await verify(account.passwordHash, password).catch(() => false))
    throw new ValidationError([{ path: [field], message: SAME_PASSWORD }]);
  await db.localAccount.update({ where: { id: account.id }, data: { passwordHash: await hash(password), mustChangePassword: false } });
}

/**
 * Attempts (sign-ins, sign-ups) limited per email (5 per 15 minutes) and per client address
 * (`perAddress` per 15 minutes, SIGN_IN_ATTEMPTS_PER_ADDRESS). The email is keyed as sign-in and sign-up read it, so every spelling of one
 * account (" A@x.com", "a@x.com\t") shares its limit. An attempt is counted before it runs: many
 * sent at once cannot all pass a check made before the first failure was counted. Counted where
 * `limits` counts (api/auth/rate-limits.ts): shared by every process on PostgreSQL or Redis.
 */
export function createAttemptLimiter(
  limits: RateLimits,
  kind: 'sign-in' | 'sign-up' | 'two-factor' | 'settings' | 'token',
  attemptsPerAddress: number,
): AttemptLimiter {
  const perEmail = limits.limiter({ keyPrefix: `${kind}:email`, points: 5, duration: 15 * 60 });
  const perAddress = limits.limiter({ keyPrefix: `${kind}:ip`, points: attemptsPerAddress, duration: 15 * 60 });
  const key = (raw: unknown) => accountEmail.parse(String(raw ?? ''));
  return {
    async attempt(rawEmail: unknown, address: string) {
      const results = await Promise.allSettled([perEmail.consume(key(rawEmail)), perAddress.consume(address)]);
      return Math.max(...results.map((r) => (r.status === 'rejected' ? (r.reason as RateLimiterRes).msBeforeNext : 0)));
    },
    async succeeded(rawEmail: unknown, address: string) {
      await Promise.all([perEmail.delete(key(rawEmail)), perAddress.reward(address, 1)]);
    },
  };
}

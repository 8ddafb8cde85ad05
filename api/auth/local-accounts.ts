import { hash, verify } from '@node-rs/argon2';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { ValidationError } from '../lib/errors.ts';
import { parseInput } from '../lib/validate.ts';

/** Accounts of the built-in OpenID provider: email + password (argon2id), first and last name. */

const noNul = (s: string) => !s.includes('\u0000');

export const signUpInput = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters').refine(noNul, 'First name must not contain NUL characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters').refine(noNul, 'Last name must not contain NUL characters'),
  email: z.string().trim().toLowerCase().max(254, 'Email is too long').email('Enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
});
// (An email with a NUL fails .email(); passwords are hashed, never stored as text.)

export const signInInput = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter your email').max(254).refine(noNul, 'Enter your email'),
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

/**
 * Failed sign-ins are limited per email (5 per 15 minutes) and per client address (30 per 15
 * minutes). In memory: per process, which is enough to stop password guessing through one
 * server; behind several processes the limits apply per process.
 */
export function createSignInLimiter() {
  const perEmail = new RateLimiterMemory({ keyPrefix: 'email', points: 5, duration: 15 * 60 });
  const perAddress = new RateLimiterMemory({ keyPrefix: 'ip', points: 30, duration: 15 * 60 });
  return {
    /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
    async retryAfter(email: string, address: string) {
      const [e, a] = await Promise.all([perEmail.get(email.toLowerCase()), perAddress.get(address)]);
      const blocked = [e && e.remainingPoints <= 0 ? e.msBeforeNext : 0, a && a.remainingPoints <= 0 ? a.msBeforeNext : 0];
      return Math.max(...blocked);
    },
    async failed(email: string, address: string) {
      await Promise.all([perEmail.penalty(email.toLowerCase(), 1), perAddress.penalty(address, 1)]);
    },
    async succeeded(email: string) {
      await perEmail.delete(email.toLowerCase());
    },
  };
}

import { verify } from '@node-rs/argon2';
import { endSessions, revokeApiTokens } from '../../auth/end-sessions.ts';
import { setPassword } from '../../auth/local-accounts.ts';
import { acceptSecondFactor, newRecoveryCodes, newTotpSecret, secondFactorProblem, totpStep, WRONG_CODE } from '../../auth/two-factor.ts';
import { ConfirmIdentityError, TooManyAttemptsError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireBrowserSession, sessionIdOf, type Viewer } from '../../lib/viewer.ts';
import { changePasswordInput, twoFactorCodeInput } from '../../../shared/inputs/settings.ts';

/**
 * The password and two-factor sign-in of a built-in account (docs/product.md#settings): for a
 * browser session only, every password or code checked against the same limits as sign-in.
 */

export const EXTERNAL_SIGN_IN = 'Your sign-in provider manages your password and two-factor sign-in';
const WRONG_PASSWORD = 'Your current password is not right';
export const CONFIRM_PASSWORD = 'Confirm your password to do this';
export const SIGN_IN_AGAIN = 'Sign in again to do this';

const refuse = (path: string[], message: string) => new ValidationError([{ path, message }]);

/** How the user signs in, and the state of their two-factor sign-in (null for an external provider). */
export async function signInSettings(viewer: Viewer) {
  const account = await viewer.prisma.localAccount.findUnique({
    where: { id: viewer.id },
    select: { totpSecret: true, _count: { select: { recoveryCodes: { where: { usedAt: null } } } } },
  });
  return {
    builtIn: account !== null,
    twoFactorEnabled: Boolean(account?.totpSecret),
    recoveryCodesLeft: account?.totpSecret ? account._count.recoveryCodes : 0,
  };
}

async function builtInAccount(viewer: Viewer) {
  requireBrowserSession(viewer);
  const account = await viewer.prisma.localAccount.findUnique({ where: { id: viewer.id } });
  if (!account) throw refuse([], EXTERNAL_SIGN_IN);
  return account;
}

/**
 * Runs `check` (of a password or code: its problem, or null when it is right) as one attempt
 * against the account's limit; a problem is a 400 on `field`, a success clears the failures.
 */
async function attempt(viewer: Viewer, email: string, field: string, check: () => Promise<string | null>) {
  const address = viewer.address ?? 'unknown';
  const wait = await viewer.attempts.attempt(email, address);
  if (wait > 0) throw new TooManyAttemptsError(wait);
  const problem = await check();
  if (problem) throw refuse([field], problem);
  await viewer.attempts.succeeded(email, address);
}

const passwordProblem = async (passwordHash: string, password: string) =>
  (await verify(passwordHash, password).catch(() => false)) ? null : WRONG_PASSWORD;

/**
 * The operations that could take an account over (turning two-factor sign-in on or off, creating
 * an API token, deleting the account) need more than the session's cookie, which a thief may hold
 * (docs/security.md#confirming-who-is-asking): a sign-in within RECENT_SIGN_IN_MINUTES (the
 * request's credential says), else the current `password`, checked and limited as Change Password's
 * (a wrong one is a 400 on `password`). A user of an external provider has no password here: a
 * fresh sign-in there (`/api/login?prompt=login`) makes the session recent. In-process callers
 * (no credential) are trusted.
 */
export async function confirmIdentity(viewer: Viewer, password: string | undefined) {
  requireBrowserSession(viewer);
  const credential = viewer.credential;
  if (!credential || (credential.kind === 'session' && credential.signedInRecently)) return;
  const account = await viewer.prisma.localAccount.findUnique({ where: { id: viewer.id }, select: { email: true, passwordHash: true } });
  if (!account) throw new ConfirmIdentityError(SIGN_IN_AGAIN, 'signIn');
  if (password === undefined) throw new ConfirmIdentityError(CONFIRM_PASSWORD, 'password');
  await attempt(viewer, account.email, 'password', () => passwordProblem(account.passwordHash, password));
}

/**
 * Changes the password, given the current one: every other session is signed out and every API
 * token revoked (whoever held the old password may have made one). Returns how many of each.
 */
export async function changePassword(viewer: Viewer, input: unknown) {
  const { currentPassword, newPassword } = parseInput(changePasswordInput, input);
  const account = await builtInAccount(viewer);
  await attempt(viewer, account.email, 'currentPassword', () => passwordProblem(account.passwordHash, currentPassword));
  await setPassword(viewer.prisma, account, newPassword, 'newPassword');
  const ended = await viewer.prisma.$transaction(async (tx) => ({
    signedOutSessions: await endSessions(tx, viewer.id, { except: sessionIdOf(viewer) }),
    revokedTokens: await revokeApiTokens(tx, viewer.id),
  }));
  viewer.events.publish(viewer.id);
  return ended;
}

/** Starts turning on two-factor sign-in: a new secret to add to an authenticator app (not on until confirmed). */
export async function startTwoFactorSetup(viewer: Viewer) {
  const account = await builtInAccount(viewer);
  if (account.totpSecret) throw refuse([], 'Two-factor sign-in is already on');
  const setup = await newTotpSecret(account.email);
  await viewer.prisma.localAccount.update({ where: { id: account.id }, data: { totpPendingSecret: setup.secret } });
  return setup;
}

/** Turns two-factor sign-in on with a code of the new secret (and the password, unless the sign-in is recent); returns the ten recovery codes, shown once. */
export async function confirmTwoFactorSetup(viewer: Viewer, input: unknown) {
  const { code, password } = parseInput(twoFactorCodeInput, input);
  const account = await builtInAccount(viewer);
  if (account.totpSecret) throw refuse([], 'Two-factor sign-in is already on');
  const pending = account.totpPendingSecret;
  if (!pending) throw refuse([], 'Start the two-factor setup first');
  await confirmIdentity(viewer, password);
  const step = totpStep(pending, code);
  await attempt(viewer, account.email, 'code', async () => (step === null ? WRONG_CODE : null));
  const codes = await viewer.prisma.$transaction(async (tx) => {
    const { count } = await tx.localAccount.updateMany({
      where: { id: account.id, totpSecret: null, totpPendingSecret: pending },
      data: { totpSecret: pending, totpPendingSecret: null, totpLastStep: step },
    });
    if (count === 0) throw refuse([], 'Two-factor sign-in is already on');
    return newRecoveryCodes(tx, account.id);
  });
  viewer.events.publish(viewer.id);
  return codes;
}

/** Turns two-factor sign-in off, given a code from the app or a recovery code (the password first, unless the sign-in is recent). */
export async function disableTwoFactor(viewer: Viewer, input: unknown) {
  const { code, password } = parseInput(twoFactorCodeInput, input);
  const account = await builtInAccount(viewer);
  if (!account.totpSecret) throw refuse([], 'Two-factor sign-in is not on');
  // Before the code: a code checked and then refused for the password would be spent.
  await confirmIdentity(viewer, password);
  await attempt(viewer, account.email, 'code', async () => {
    const result = await acceptSecondFactor(viewer.prisma, account, code);
    return result === 'accepted' ? null : secondFactorProblem(result);
  });
  await viewer.prisma.$transaction([
    viewer.prisma.localAccount.update({
      where: { id: account.id },
      data: { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
    }),
    viewer.prisma.recoveryCode.deleteMany({ where: { accountId: account.id } }),
  ]);
  viewer.events.publish(viewer.id);
}

import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

/**
 * Two-factor sign-in of the built-in provider's accounts (docs/security.md#two-factor-sign-in):
 * TOTP (RFC 6238: 6 digits, 30 s, SHA-1, what every authenticator app reads) and ten single-use
 * recovery codes, kept as SHA-256 hashes (a used one stays, marked, so that it can be told apart).
 */

const ISSUER = 'Budget';
export const WRONG_CODE = 'That code is not right. Check your app and try again.';
export const RECOVERY_CODE_USED = 'That recovery code has already been used. Enter another one, or the code from your app.';
export const RECOVERY_CODE_COUNT = 10;

type Db = PrismaClient | Prisma.TransactionClient;

function totp(secret: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}

/** A new TOTP secret (160 bits, base32) and what an authenticator app scans to add it. */
export async function newTotpSecret(email: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, email).toString();
  // Loaded when first needed: few turn two-factor sign-in on, and a package loaded stays in memory
  // (docs/performance.md#memory).
  const { default: QRCode } = await import('qrcode');
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCodeSvg };
}

/** The TOTP time step `code` belongs to (this one, the one before or after), or null. */
export function totpStep(secret: string, code: string, now = Date.now()) {
  const t = totp(secret);
  const delta = t.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

/**
 * Accepts a TOTP code of the account's secret once: the step is recorded atomically, so the same
 * code (or an older one) replayed, even at the same moment, is refused.
 */
export async function acceptTotp(db: Db, account: { id: string; totpSecret: string | null }, code: string) {
  if (!account.totpSecret || !/^\d{6}$/.test(code)) return false;
  const step = totpStep(account.totpSecret, code);
  if (step === null) return false;
  const { count } = await db.localAccount.updateMany({
    where: { id: account.id, totpSecret: account.totpSecret, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

const hashCode = (code: string) => crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Replaces the account's recovery codes with ten new ones (50 bits each, "xxxxx-xxxxx"), returned once. */
export async function newRecoveryCodes(db: Db, accountId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...crypto.randomBytes(10)].map((b) => BASE32[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.recoveryCode.deleteMany({ where: { accountId } });
  await db.recoveryCode.createMany({ data: codes.map((code) => ({ accountId, codeHash: hashCode(code) })) });
  return codes;
}

/**
 * Uses up one recovery code of the account: 'accepted' once per code, even for requests at the same
 * moment (one conditional update marks it used); 'used' for a code already used; else 'wrong'.
 */
export async function useRecoveryCode(db: Db, accountId: string, code: string): Promise<SecondFactor> {
  const codeHash = hashCode(code);
  const { count } = await db.recoveryCode.updateMany({ where: { accountId, codeHash, usedAt: null }, data: { usedAt: new Date() } });
  if (count === 1) return 'accepted';
  return (await db.recoveryCode.count({ where: { accountId, codeHash } })) > 0 ? 'used' : 'wrong';
}

/** What a second factor was: accepted, a recovery code already used, or wrong. */
export type SecondFactor = 'accepted' | 'used' | 'wrong';

/** The message for a second factor that was not accepted. */
export const secondFactorProblem = (result: Exclude<SecondFactor, 'accepted'>) => (result === 'used' ? RECOVERY_CODE_USED : WRONG_CODE);

/** A second factor for an account with two-factor sign-in on: its TOTP code, or one of its recovery codes. */
export async function acceptSecondFactor(db: Db, account: { id: string; totpSecret: string | null }, code: string): Promise<SecondFactor> {
  if (!account.totpSecret) return 'wrong';
  if (/^\d{6}$/.test(code)) return (await acceptTotp(db, account, code)) ? 'accepted' : 'wrong';
  return useRecoveryCode(db, account.id, code);
}

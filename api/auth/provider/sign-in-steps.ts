import crypto from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { getOrCreateSecret, randomSecret } from '../secrets.ts';

export type Stage = 'two-factor' | 'new-password';

const TTL_MS = 10 * 60 * 1000;

/**
 * Proof that a sign-in has passed its earlier steps (the password, then the two-factor code),
 * carried by the next step's form: the account, the step it is good for, and an expiry, bound to
 * the pending sign-in (its interaction uid) and signed with a key kept in `app_secrets`, so any
 * process can check it and nothing is stored. It expires in 10 minutes, and with its interaction.
 */
export function signInSteps(prisma: PrismaClient) {
  let key: Promise<string> | undefined;
  const mac = async (text: string) =>
    crypto
      .createHmac('sha256', await (key ??= getOrCreateSecret(prisma, 'sign-in-step-key', randomSecret)))
      .update(text)
      .digest('base64url');
  return {
    async issue(uid: string, accountId: string, stage: Stage) {
      const body = Buffer.from(JSON.stringify({ accountId, stage, expires: Date.now() + TTL_MS })).toString('base64url');
      return `${body}.${await mac(`${uid}.${body}`)}`;
    },
    /** The account a step's proof names, or null when it is forged, expired, of another sign-in or of another step. */
    async verify(proof: unknown, uid: string, stage: Stage): Promise<string | null> {
      const [body, signature] = String(proof ?? '').split('.');
      if (!body || !signature) return null;
      const expected = Buffer.from(await mac(`${uid}.${body}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { accountId: string; stage: Stage; expires: number };
      return claims.stage === stage && claims.expires > Date.now() ? claims.accountId : null;
    },
  };
}

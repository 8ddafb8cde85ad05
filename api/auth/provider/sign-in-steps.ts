import type { PrismaClient } from '../../generated/prisma/client.ts';
import { getOrCreateSecret, randomSecret } from '../secrets.ts';
import { claimsSigner } from '../signed-claims.ts';

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
  const signer = claimsSigner(() => (key ??= getOrCreateSecret(prisma, 'sign-in-step-key', randomSecret)));
  return {
    issue: (uid: string, accountId: string, stage: Stage) => signer.sign({ accountId, stage }, TTL_MS, uid),
    /** The account a step's proof names, or null when it is forged, expired, of another sign-in or of another step. */
    async verify(proof: unknown, uid: string, stage: Stage): Promise<string | null> {
      const claims = await signer.open<{ accountId: string; stage: Stage }>(proof, uid);
      return claims?.stage === stage ? claims.accountId : null;
    },
  };
}

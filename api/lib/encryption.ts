import crypto from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { getOrCreateSecret, randomSecret } from '../auth/secrets.ts';
import { loadConfig } from '../config.ts';

/**
 * Secrets kept at rest (a bank connection's access URL): AES-256-GCM with a random 12-byte nonce,
 * written `v1.<nonce>.<tag>.<ciphertext>` in base64url (docs/security.md#bank-connections). The key
 * is derived (HKDF-SHA256) from ENCRYPTION_KEY, else from the session secret: SESSION_SECRET, else
 * the one generated and kept in the database, as sign-in takes it (api/auth/sign-in.ts).
 */

const VERSION = 'v1';
const INFO = 'budget:secrets-at-rest:v1';

/** The key of each database: a test file opens its own, with its own generated session secret. */
const keys = new WeakMap<PrismaClient, Promise<Buffer>>();

export function encryptionKey(prisma: PrismaClient): Promise<Buffer> {
  let key = keys.get(prisma);
  if (!key) {
    const config = loadConfig();
    key = (async () => {
      const secret = config.encryptionKey ?? config.sessionSecret ?? (await getOrCreateSecret(prisma, 'session-secret', randomSecret));
      return Buffer.from(crypto.hkdfSync('sha256', secret, 'budget', INFO, 32));
    })();
    key.catch(() => keys.delete(prisma));
    keys.set(prisma, key);
  }
  return key;
}

export function seal(key: Buffer, text: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The text `seal` sealed with the same key; null when it was sealed with another key or altered. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

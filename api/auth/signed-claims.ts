import crypto from 'node:crypto';

/**
 * Claims a browser carries between two steps of signing in, signed (HMAC-SHA256) with a key of the
 * server's, so that any process can check them and nothing is stored. Each expires, and may be
 * bound to a context (the pending sign-in it belongs to): signed for one, it opens for no other.
 */
export function claimsSigner(key: () => Promise<string>) {
  const mac = async (text: string) =>
    crypto
      .createHmac('sha256', await key())
      .update(text)
      .digest('base64url');
  return {
    async sign(claims: object, ttlMs: number, context = '') {
      const body = Buffer.from(JSON.stringify({ ...claims, expires: Date.now() + ttlMs })).toString('base64url');
      return `${body}.${await mac(`${context}.${body}`)}`;
    },
    /** The claims of `text`, or null when it is forged, expired or of another context. */
    async open<T extends object>(text: unknown, context = ''): Promise<T | null> {
      const [body, signature] = String(text ?? '').split('.');
      if (!body || !signature) return null;
      const expected = Buffer.from(await mac(`${context}.${body}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { expires: number };
      return claims.expires > Date.now() ? claims : null;
    },
  };
}

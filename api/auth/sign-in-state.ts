import crypto from 'node:crypto';
import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { getOrCreateSecret, randomSecret } from './secrets.ts';
import { claimsSigner } from './signed-claims.ts';

/** The cookie that holds a sign-in between its start (/api/login) and the provider's answer (/api/callback). */
export const SIGN_IN_COOKIE = 'budget.signin';
export const SIGN_IN_STATE_KEY = 'sign-in-state-key';
/** How long a started sign-in may take. */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

/** What the app asked the sign-in for: where to go once signed in. */
export interface SignInRequest {
  returnTo?: string;
}

/** What a pending sign-in keeps: the `state` sent to the provider, the strategy's context (its nonce), the app's request. */
export interface PendingSignIn {
  handle: string;
  ctx: { nonce?: string; maxAge?: number; issued?: string };
  request?: SignInRequest;
}

type StoreCallback = (err: unknown, handle?: string) => void;
type VerifyCallback = (err: unknown, ctx?: false | { nonce?: string; maxAge?: number; issued?: Date }, state?: unknown) => void;

/**
 * passport-openidconnect's state store, kept in a cookie instead of a session row: starting a
 * sign-in stores nothing (docs/security.md#sessions). The cookie (HttpOnly, SameSite=Lax, for
 * /api/callback only, 10 minutes) holds the `state` sent to the provider, the nonce and where to
 * return, signed with a key of `app_secrets`. The callback accepts the provider's answer only with
 * the same `state` from the same browser, then clears the cookie: a forged state, another
 * browser's callback URL or a replay is refused as before; a replayed code is the provider's to
 * refuse (it accepts each once), and an ID token with another nonce the strategy's.
 */
export function cookieStateStore(prisma: PrismaClient, secure: boolean) {
  let key: Promise<string> | undefined;
  const signer = claimsSigner(() => (key ??= getOrCreateSecret(prisma, SIGN_IN_STATE_KEY, randomSecret)));
  const cookie = { httpOnly: true, sameSite: 'lax', secure, path: '/api/callback' } as const;
  return {
    store(
      req: Request,
      ctx: { nonce?: string; maxAge?: number; issued?: Date },
      request: SignInRequest | undefined,
      _meta: unknown,
      done: StoreCallback,
    ) {
      const handle = crypto.randomBytes(24).toString('base64url');
      const pending: PendingSignIn = { handle, ctx: { ...ctx, issued: ctx.issued?.toISOString() }, request };
      signer.sign(pending, PENDING_SIGN_IN_MS).then((value) => {
        req.res!.cookie(SIGN_IN_COOKIE, value, { ...cookie, maxAge: PENDING_SIGN_IN_MS });
        done(null, handle);
      }, done);
    },
    verify(req: Request, handle: string, done: VerifyCallback) {
      const value = parseCookies(req.get('cookie') ?? '')[SIGN_IN_COOKIE];
      req.res!.clearCookie(SIGN_IN_COOKIE, cookie);
      signer.open<PendingSignIn>(value).then((pending) => {
        if (!pending) return done(null, false, { message: 'Unable to verify authorization request state.' });
        const [given, expected] = [Buffer.from(String(handle ?? '')), Buffer.from(pending.handle)];
        if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
          return done(null, false, { message: 'Invalid authorization request state.' });
        const { issued, ...ctx } = pending.ctx;
        done(null, { ...ctx, ...(issued ? { issued: new Date(issued) } : {}) }, pending.request);
      }, done);
    },
  };
}

/**
 * Where a sign-in may return: a path of this app, given relative ("/reports?period=yearly"), never
 * another site ("//evil.example", "/\evil.example", "https://…") nor the API. Anything else: home.
 */
export function returnPath(raw: unknown, publicUrl: string): string | undefined {
  // One leading slash; no backslash (browsers read it as a slash) and no control character anywhere.
  if (typeof raw !== 'string' || raw.length > 2000 || !/^\/(?!\/)/.test(raw) || /[\\\p{Cc}]/u.test(raw)) return undefined;
  const url = new URL(raw, publicUrl);
  if (url.origin !== new URL(publicUrl).origin || /^\/(api|graphql|oidc)(\/|$)/i.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

import type { Request, RequestHandler } from 'express';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { authenticateApiToken, hashToken } from '../modules/tokens/tokens.service.ts';
import { BROWSER_SESSION_ONLY } from '../lib/viewer.ts';
import { TooManyAttemptsError } from '../lib/errors.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request signed in with an API token (`Authorization: Bearer`), not a session. */
    apiToken?: { id: string; canWrite: boolean; budgetId: string };
  }
}

export const READ_ONLY_TOKEN = 'This token can only read';

/** The token of an `Authorization: Bearer <token>` header, or undefined without one. */
export function bearerToken(authorization: string | null | undefined) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * API tokens on /api and /graphql (docs/security.md#api-tokens). A request with `Authorization:
 * Bearer <token>` is signed in by the token alone: looked up on every request, it gets no session
 * (no cookie is read or set, so no CSRF check applies), and a `read` token may not change anything
 * over REST (403; GraphQL mutations are refused by api/graphql/token-plugins.ts). An unknown,
 * revoked or expired token, or one of a disabled user, answers 401 at once; repeated bad tokens
 * are limited like sign-ins (per token 5, per address SIGN_IN_ATTEMPTS_PER_ADDRESS, per 15 minutes).
 */
export function bearerAuth(prisma: PrismaClient, failures: AttemptLimiter): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (token === undefined) return next();
    // Express matches /graphql in any letter case: so does this.
    const graphql = req.baseUrl.toLowerCase() === '/graphql';
    const refuse = (status: number, message: string, code: string) =>
      void res.status(status).json(graphql ? { errors: [{ message, extensions: { code } }] } : { message });
    authenticateApiToken(prisma, token)
      .then(async (found) => {
        if (!found) {
          const wait = await failures.attempt(hashToken(token), req.ip ?? 'unknown');
          if (wait > 0) {
            res.set('Retry-After', String(Math.ceil(wait / 1000)));
            return refuse(429, new TooManyAttemptsError(wait).message, 'TOO_MANY_REQUESTS');
          }
          return refuse(401, 'Unauthorized', 'UNAUTHENTICATED');
        }
        if (!graphql && !found.canWrite && !isRead(req)) return refuse(403, READ_ONLY_TOKEN, 'FORBIDDEN');
        (req as { user?: { id: string } }).user = { id: found.userId };
        req.apiToken = { id: found.tokenId, canWrite: found.canWrite, budgetId: found.budgetId };
        next();
      })
      .catch(next);
  };
}

const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/**
 * Sign-in and sign-out are a browser's steps: a request with any token is refused there (403)
 * before the token is looked up. Mounted at the sign-in routes' own paths, so Express matches them
 * as it matches the routes (any letter case, a trailing slash): no spelling reaches a route without
 * its session.
 */
export const refuseTokens: RequestHandler = (req, res, next) => {
  if (bearerToken(req.get('authorization')) === undefined) return next();
  res.status(403).json({ message: BROWSER_SESSION_ONLY });
};

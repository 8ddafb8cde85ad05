import type { Request } from 'express';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { ChangeEvents } from '../lib/change-events.ts';
import type { ReadMemo } from '../lib/read-memo.ts';
import { isTimeZone } from '../lib/dates.ts';
import type { Credential, Viewer } from '../lib/viewer.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { Turns } from '../lib/turns.ts';

export interface ViewerDeps {
  prisma: PrismaClient;
  events: ChangeEvents;
  memo: ReadMemo;
  /** The limiter of Settings' password and code attempts (one per app). */
  attempts: AttemptLimiter;
  /** How long a sign-in counts as recent (RECENT_SIGN_IN_MINUTES). */
  recentSignInMs: number;
  /** The user's one-at-a-time operations (one per app). */
  turns: Turns;
}

// A browser tab's own id (X-Client-Id), carried into the change events its writes cause.
const CLIENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The id of the request's signed-in user (set by passport from the session, or by an API token), if any. */
export const signedInUserId = (req: Request): string | undefined => (req as { user?: { id?: string } }).user?.id;

/** The signed-in user of a request, or null. */
export function viewerFromRequest(req: Request, deps: ViewerDeps): Viewer | null {
  const id = signedInUserId(req);
  if (!id) return null;
  const tz = req.get('x-time-zone');
  const clientId = req.get('x-client-id');
  const origin = clientId && CLIENT_ID.test(clientId) ? clientId : null;
  const events = origin ? { ...deps.events, publish: (userId: string) => deps.events.publish(userId, origin) } : deps.events;
  const authenticatedAt = Date.parse(req.session?.authenticatedAt ?? '');
  const credential: Credential = req.apiToken
    ? { kind: 'token', tokenId: req.apiToken.id, canWrite: req.apiToken.canWrite }
    : { kind: 'session', sessionId: req.sessionID, signedInRecently: Date.now() - authenticatedAt < deps.recentSignInMs };
  return {
    id,
    timeZone: tz && isTimeZone(tz) ? tz : 'UTC',
    prisma: deps.prisma,
    events,
    memo: deps.memo,
    credential,
    address: req.ip,
    attempts: deps.attempts,
    turns: deps.turns,
  };
}

import type { Request } from 'express';
import { decodeGlobalID } from '@pothos/plugin-relay';
import { stampedBy } from '../db/actor-stamps.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { ChangeEvents } from '../lib/change-events.ts';
import type { ReadMemo } from '../lib/read-memo.ts';
import { isTimeZone } from '../lib/dates.ts';
import { roleIn, type Credential, type Viewer } from '../lib/viewer.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { Turns } from '../lib/turns.ts';
import { rolesReadWithSession } from '../auth/session-store.ts';

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
  /** PUBLIC_URL, for the links the app hands out (invitations). */
  publicUrl?: string;
}

// A browser tab's own id (X-Client-Id), carried into the change events its writes cause.
const CLIENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The id of the request's signed-in user (set by passport from the session, or by an API token), if any. */
export const signedInUserId = (req: Request): string | undefined => (req as { user?: { id?: string } }).user?.id;

/**
 * The budget a request asks to act on (docs/architecture.md#budgets-and-roles): an API token's own
 * budget; for a browser session the `X-Budget-Id` header (the raw id or the GraphQL global id),
 * else the `budgetId` query parameter (downloads); else the user's personal budget, whose id is
 * the user's.
 */
export function requestedBudgetId(req: Request, userId: string): string {
  if (req.apiToken) return req.apiToken.budgetId;
  const asked = req.get('x-budget-id') ?? (typeof req.query?.budgetId === 'string' ? req.query.budgetId : undefined);
  return asked ? rawBudgetId(asked.trim()) : userId;
}

function rawBudgetId(value: string) {
  try {
    const decoded = decodeGlobalID(value);
    if (decoded.typename === 'Budget' && decoded.id) return decoded.id;
  } catch {
    // not a global id: a raw one
  }
  return value;
}

/**
 * The signed-in user of a request with their role in the budget it acts on: null signed out,
 * `'no-budget'` when they are not a member of it (answered exactly as a budget that does not
 * exist). The membership is read from the database on every request (with the session, for a
 * browser's), so a removal holds at once in every process, for sessions and tokens alike.
 */
export async function viewerFromRequest(req: Request, deps: ViewerDeps): Promise<Viewer | null | 'no-budget'> {
  const id = signedInUserId(req);
  if (!id) return null;
  const budgetId = requestedBudgetId(req, id);
  // A session's request read the roles with its session; a token's reads its one membership.
  const read = rolesReadWithSession(req, id);
  const role = read ? (read[budgetId] ?? null) : await roleIn(deps.prisma, budgetId, id);
  if (!role) return 'no-budget';
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
    budgetId,
    role,
    timeZone: tz && isTimeZone(tz) ? tz : 'UTC',
    prisma: stampedBy(deps.prisma, id),
    events,
    memo: deps.memo,
    credential,
    address: req.ip,
    attempts: deps.attempts,
    turns: deps.turns,
    publicUrl: deps.publicUrl,
  };
}

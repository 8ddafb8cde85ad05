import type { PrismaClient } from '../generated/prisma/client.ts';
import type { ChangeEvents } from './change-events.ts';
import type { ReadMemo } from './read-memo.ts';
import { ForbiddenError } from './errors.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { Turns } from './turns.ts';

/**
 * How a request signed in: a browser session (its id, and whether its user proved who they are
 * within RECENT_SIGN_IN_MINUTES), or an API token (docs/security.md#api-tokens).
 */
export type Credential =
  { kind: 'session'; sessionId: string; signedInRecently: boolean } | { kind: 'token'; tokenId: string; canWrite: boolean };

/**
 * The signed-in user a request acts for, with the handles their requests work through. Every
 * service function takes a Viewer first; every query it makes is scoped with `owned(viewer)`.
 */
export interface Viewer {
  /** The signed-in user. Per-person things (tokens, sessions, password, profile, reminders) are theirs. */
  id: string;
  /** The budget this request acts on (docs/architecture.md#budgets-and-roles): its data is what `owned` scopes to. */
  budgetId: string;
  /** The user's role in that budget, read from the database for this request. */
  role: BudgetRole;
  /** IANA time zone of the client (X-Time-Zone header), UTC when not given. */
  timeZone: string;
  prisma: PrismaClient;
  events: ChangeEvents;
  /** Expensive reads kept until the user's next change. */
  memo: ReadMemo;
  /** How the request signed in. In-process callers (tests) have none and act as a browser session that has just signed in. */
  credential?: Credential;
  /** The client's address, as sign-in limits count it. */
  address?: string;
  /** Counts password and code attempts of Settings' security operations (5 per account, as sign-in). */
  attempts: AttemptLimiter;
  /** What the user runs one at a time (an import), in every process. */
  turns: Turns;
  /** The server acting for a budget (the scheduled bank sync): no person, so no membership to hold. */
  server?: boolean;
  /** The app's address (PUBLIC_URL), for the links it hands out (invitations); http://localhost when not given. */
  publicUrl?: string;
}

export type BudgetRole = 'owner' | 'editor' | 'viewer';

/** Whose data a write touches: a request's viewer, or a budget the server acts for (the schedules' poster). */
export type Owner = Pick<Viewer, 'budgetId'>;

/** What a read of the budget's figures takes: a request's viewer, or the server reading for a budget (reminders). */
export type Reader = Pick<Viewer, 'budgetId' | 'timeZone' | 'prisma' | 'memo'>;

/**
 * The ownership filter: the one place data is scoped to the request's budget. Every data table's
 * `user_id` column (Prisma's `userId`) holds its budget's id; a personal budget's id is its user's.
 */
export function owned(viewer: Owner) {
  return { userId: viewer.budgetId };
}

/** The filter of a person's own rows (API tokens, notifications): the user's, whatever the budget. */
export function personal(viewer: Pick<Viewer, 'id'>) {
  return { userId: viewer.id };
}

/** The user's role in a budget, or null when they are not a member: one primary-key lookup. */
export async function roleIn(prisma: PrismaClient, budgetId: string, userId: string): Promise<BudgetRole | null> {
  const row = await prisma.budgetMember.findUnique({ where: { budgetId_userId: { budgetId, userId } }, select: { role: true } });
  return (row?.role as BudgetRole | undefined) ?? null;
}

export const READ_ONLY_BUDGET = 'This budget is read-only for you';

/** A data write by a viewer (role) of the budget is refused (docs/security.md#budgets-and-roles). */
export function requireWriter(viewer: Pick<Viewer, 'role'>) {
  if (viewer.role === 'viewer') throw new ForbiddenError(READ_ONLY_BUDGET);
}

export const BROWSER_SESSION_ONLY = 'API tokens cannot do this: sign in to Budget in a browser';

/**
 * Settings' own security operations (API tokens, password, two-factor sign-in, sessions, deleting
 * the account) are for a browser session only: an API token cannot mint tokens or lock its owner
 * out (docs/security.md#api-tokens).
 */
export function requireBrowserSession(viewer: Viewer) {
  if (viewer.credential?.kind === 'token') throw new ForbiddenError(BROWSER_SESSION_ONLY);
}

/** The browser session of this request, if it came with one. */
export function sessionIdOf(viewer: Viewer) {
  return viewer.credential?.kind === 'session' ? viewer.credential.sessionId : undefined;
}

/**
 * Whether the request's credential still holds (its session not signed out, its token not revoked
 * or expired, its user not disabled, still a member of the budget): long-lived streams check it as they go.
 */
export async function credentialHolds(viewer: Viewer) {
  const member = await viewer.prisma.budgetMember.count({ where: { budgetId: viewer.budgetId, userId: viewer.id } });
  if (member === 0) return false;
  const credential = viewer.credential;
  if (!credential) return true;
  const now = new Date();
  const user = { disabledAt: null };
  const count =
    credential.kind === 'session'
      ? await viewer.prisma.session.count({ where: { sid: credential.sessionId, expire: { gt: now }, user } })
      : await viewer.prisma.apiToken.count({
          where: { id: credential.tokenId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }], user },
        });
  return count > 0;
}

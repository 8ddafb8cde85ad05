import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Ends a user's sign-ins at once, in every process (each request reads its session from the
 * database): their sessions in the `session` table (all, or all but `except`, the browser asking),
 * and the built-in provider's own sessions of their account, which would otherwise sign a browser
 * back in without asking for the password. Returns how many app sessions ended.
 */
export async function endSessions(db: Db, userId: string, options: { except?: string; sid?: string } = {}) {
  const { count } = await db.session.deleteMany({
    where: { userId, ...(options.sid ? { sid: options.sid } : {}), ...(options.except ? { NOT: { sid: options.except } } : {}) },
  });
  await endProviderSessions(db, userId);
  return count;
}

/** Revokes every API token of a user (a password change, signing out the other sessions); returns how many. */
export async function revokeApiTokens(db: Db, userId: string) {
  const { count } = await db.apiToken.deleteMany({ where: { userId } });
  return count;
}

/**
 * The built-in provider's state of an account (its id is the user's id): its sessions and grants,
 * so the next sign-in asks for the password.
 */
export function endProviderSessions(db: Db, accountId: string) {
  return db.oidcPayload.deleteMany({ where: { payload: { path: ['accountId'], equals: accountId } } });
}

/**
 * One browser's session at the built-in provider (its id is that browser's `_session` cookie) and
 * the grants it holds, with what they issued: signing out of the app ends it too, so the next
 * sign-in in that browser asks for the password (and code) again.
 */
export async function endProviderSession(db: Db, sessionId: string) {
  const row = await db.oidcPayload.findUnique({ where: { type_id: { type: 'Session', id: sessionId } }, select: { payload: true } });
  const authorizations = (row?.payload as { authorizations?: Record<string, { grantId?: string }> } | undefined)?.authorizations ?? {};
  const grants = Object.values(authorizations).flatMap((a) => (a.grantId ? [a.grantId] : []));
  await db.oidcPayload.deleteMany({
    where: { OR: [{ type: 'Session', id: sessionId }, { type: 'Grant', id: { in: grants } }, { grantId: { in: grants } }] },
  });
}

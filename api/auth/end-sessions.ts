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

/**
 * The built-in provider's state of an account (its id is the user's id): its sessions and grants,
 * so the next sign-in asks for the password.
 */
export function endProviderSessions(db: Db, accountId: string) {
  return db.oidcPayload.deleteMany({ where: { payload: { path: ['accountId'], equals: accountId } } });
}

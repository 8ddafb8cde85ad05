import crypto from 'node:crypto';
import { createGraphQLServer } from '../graphql/yoga.ts';
import { createChangeEvents } from '../lib/change-events.ts';
import { createReadMemo } from '../lib/read-memo.ts';
import { createAttemptLimiter } from '../auth/local-accounts.ts';
import { memoryRateLimits } from '../auth/rate-limits.ts';
import { createTurns } from '../lib/turns.ts';
import type { Viewer } from '../lib/viewer.ts';
import type { Database } from '../db/database.ts';
import { stampedBy } from '../db/actor-stamps.ts';

export interface GraphQLResult<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; path?: string[]; extensions?: { code?: string; issues?: { path: string[]; message: string }[] } }[];
}

/** A user row and the Viewer that acts for it. */
export async function createTestViewer(
  db: Database,
  profile: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<Viewer> {
  const id = `test-${crypto.randomUUID()}`;
  await db.prisma.user.create({
    data: { id, email: profile.email ?? `${id}@example.com`, firstName: profile.firstName ?? 'Test', lastName: profile.lastName ?? 'User' },
  });
  const events = createChangeEvents();
  return {
    id,
    budgetId: id,
    role: 'owner',
    timeZone: 'UTC',
    prisma: stampedBy(db.prisma, id),
    events,
    memo: createReadMemo(events),
    attempts: createAttemptLimiter(memoryRateLimits(), 'settings', 30),
    turns: createTurns(memoryRateLimits()),
  };
}

/**
 * Runs GraphQL documents through the real yoga server (`yoga.fetch`) as `viewer` (or signed out
 * with null), with the production error masking.
 */
export function graphqlAs(db: Database, viewer: Viewer | null) {
  const yoga = createGraphQLServer({
    production: true,
    context: () => ({ viewer, prisma: db.prisma }),
    logError: (err) => console.error(err),
  });
  return async <T = any>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResult<T>> => {
    const res = await yoga.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, ...(await res.json()) };
  };
}

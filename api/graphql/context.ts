import type { PrismaClient, User } from '../generated/prisma/client.ts';
import type { Viewer } from '../lib/viewer.ts';

/** What the server builds for each request: the viewer from the session, or null signed out. */
export interface RequestContext {
  viewer: Viewer | null;
  /** Signed in, but asking for a budget they are not a member of: every operation answers NOT_FOUND. */
  budgetMissing?: boolean;
  prisma: PrismaClient;
}

/**
 * What every resolver receives (the builder's `Context`): the same object, with the viewer
 * always there. The `requireSignIn` plugin (require-sign-in.ts) is the one place that makes it
 * so: it answers 401 UNAUTHENTICATED to every operation without a viewer before execution starts,
 * except pure introspection, which only GraphQL's own `__schema`/`__type`/`__typename` resolve.
 */
export interface GraphQLContext extends RequestContext {
  viewer: Viewer;
}

/** The request has a signed-in viewer: its resolvers may run (checked by `requireSignIn` only). */
export function isSignedIn(ctx: RequestContext): ctx is GraphQLContext {
  return ctx.viewer !== null && ctx.viewer !== undefined;
}

/**
 * The `findUnique` of every user-owned node: the id and the viewer's ownership, so another
 * user's id loads nothing (`node(id:)` answers null, as for an id that does not exist).
 */
export function ownedNode(id: string, ctx: GraphQLContext) {
  return { id, userId: ctx.viewer.budgetId };
}

/**
 * The `viewer` field's user row, with the columns its selected fields need (the User type loads
 * columns only on demand). Most queries select none (`viewer { transactions … }`): the signed-in
 * user's id, already checked against the session or token of this request, is all they need, and
 * no query is sent.
 */
export function viewerUser(query: { select?: Record<string, unknown> }, ctx: GraphQLContext) {
  const columns = Object.keys(query.select ?? {}).filter((key) => key !== 'id');
  if (columns.length === 0) return { id: ctx.viewer.id } as User;
  return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.viewer.id } });
}

import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Viewer } from '../lib/viewer.ts';
import { UnauthenticatedError } from '../lib/errors.ts';

export interface GraphQLContext {
  /** The signed-in user, or null for a request without a session. */
  viewer: Viewer | null;
  prisma: PrismaClient;
}

/** The viewer of a request that needs one; signed out, the operation fails with UNAUTHENTICATED. */
export function requireViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}

/**
 * The `findUnique` of every user-owned node: the id and the viewer's ownership, so another
 * user's id loads nothing (`node(id:)` answers null, as for an id that does not exist).
 */
export function ownedNode(id: string, ctx: GraphQLContext) {
  return { id, userId: requireViewer(ctx).id };
}

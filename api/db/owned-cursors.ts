import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Prisma finds a list's cursor row by its id alone and pages relative to it: another user's row
 * would position the viewer's own page. Every list scoped to an owner (`where.userId`, as `owned`
 * scopes it) gets its cursor scoped the same way, so another user's row is no cursor at all and the
 * page is empty, exactly as for an id that does not exist. Applied to the client the app uses, it
 * covers every connection, nested ones included.
 */
export function ownedCursors(prisma: PrismaClient): PrismaClient {
  return prisma.$extends({
    query: {
      $allModels: {
        findMany({ args, query }) {
          const userId = (args.where as { userId?: string } | undefined)?.userId;
          if (args.cursor && userId !== undefined) args.cursor = { ...args.cursor, userId };
          return query(args);
        },
      },
    },
  }) as unknown as PrismaClient;
}

import { Prisma } from '../generated/prisma/client.ts';
import type { Viewer } from './viewer.ts';

/**
 * Serializes a user's multi-row rules (one default account, a bulk allocation save): inside a
 * transaction, locks the user's row until commit, so two concurrent requests of the same user
 * take turns instead of losing an update or tripping a unique index.
 */
export async function lockOwner(tx: Prisma.TransactionClient, viewer: Pick<Viewer, 'id'>) {
  await lockOwners(tx, [viewer.id]);
}

/**
 * `lockOwner` for several users at once (the poster's batch), in id order: two transactions that
 * lock overlapping sets take them in one order, so they wait on each other instead of deadlocking.
 */
export async function lockOwners(tx: Prisma.TransactionClient, userIds: string[]) {
  // NO KEY UPDATE: such writes exclude each other, but not the foreign-key checks (KEY SHARE) of
  // rows inserted for the user meanwhile, which would otherwise wait on it and could deadlock.
  await tx.$queryRaw`SELECT 1 FROM users WHERE id IN (${Prisma.join(userIds)}) ORDER BY id FOR NO KEY UPDATE`;
}

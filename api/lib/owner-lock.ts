import { Prisma } from '../generated/prisma/client.ts';
import { BudgetNotFoundError, ForbiddenError } from './errors.ts';
import { READ_ONLY_BUDGET, type Owner } from './viewer.ts';

/**
 * Serializes a budget's multi-row rules (one default account, a bulk allocation save): inside a
 * transaction, locks the budget's row until commit, so two concurrent requests on the same budget
 * take turns instead of losing an update or tripping a unique index.
 *
 * A person's write (a viewer with a user `id`, not the server's) then reads their membership again,
 * in a statement of its own (a fresh snapshot, taken once the lock is held). A removal or a change
 * of role takes the same lock before it changes the membership row, so it waits its turn among the
 * writes (PostgreSQL queues the waiters of a row lock in order: a stream of writes cannot hold it
 * back), and a write that gets the lock after it finds no row (404 `Budget not found`) or the role
 * viewer (403): nothing written after a removal is acknowledged (docs/security.md#budgets-and-roles).
 */
export async function lockOwner(tx: Prisma.TransactionClient, viewer: Owner & { id?: string; server?: boolean }) {
  await lockOwners(tx, [viewer.budgetId]);
  if (viewer.id !== undefined && !viewer.server) {
    const [member] = await tx.$queryRaw<{ role: string }[]>`
      SELECT role FROM budget_members WHERE budget_id = ${viewer.budgetId} AND user_id = ${viewer.id}`;
    if (!member) throw new BudgetNotFoundError();
    if (member.role === 'viewer') throw new ForbiddenError(READ_ONLY_BUDGET);
  }
}

/**
 * `lockOwner` for several budgets at once (the poster's batch), in id order: two transactions that
 * lock overlapping sets take them in one order, so they wait on each other instead of deadlocking.
 */
export async function lockOwners(tx: Prisma.TransactionClient, budgetIds: string[]) {
  // NO KEY UPDATE: such writes exclude each other, but not the foreign-key checks (KEY SHARE) of
  // rows inserted for the budget meanwhile, which would otherwise wait on it and could deadlock.
  await tx.$queryRaw`SELECT 1 FROM budgets WHERE id IN (${Prisma.join(budgetIds)}) ORDER BY id FOR NO KEY UPDATE`;
}

import { Prisma } from '../generated/prisma/client.ts';
import { BudgetNotFoundError, ForbiddenError } from './errors.ts';
import { READ_ONLY_BUDGET, type Owner } from './viewer.ts';

/**
 * Serializes a budget's multi-row rules (one default account, a bulk allocation save): inside a
 * transaction, locks the budget's row until commit, so two concurrent requests on the same budget
 * take turns instead of losing an update or tripping a unique index.
 *
 * A person's write (a viewer with a user `id`, not the server's) first takes its membership row FOR SHARE, read
 * again here: a removal (which deletes that row) or a change of role waits for this write's commit,
 * and a write that starts after them finds no row (404 `Budget not found`) or the role viewer (403),
 * so nothing written after a removal is acknowledged (docs/security.md#budgets-and-roles).
 */
export async function lockOwner(tx: Prisma.TransactionClient, viewer: Owner & { id?: string; server?: boolean }) {
  if (viewer.id !== undefined && !viewer.server) {
    // One statement: the membership row shared, the budget's row locked for the write.
    const [member] = await tx.$queryRaw<{ role: string }[]>`
      SELECT m.role FROM budget_members m JOIN budgets b ON b.id = m.budget_id
      WHERE m.budget_id = ${viewer.budgetId} AND m.user_id = ${viewer.id}
      FOR SHARE OF m FOR NO KEY UPDATE OF b`;
    if (!member) throw new BudgetNotFoundError();
    if (member.role === 'viewer') throw new ForbiddenError(READ_ONLY_BUDGET);
    return;
  }
  await lockOwners(tx, [viewer.budgetId]);
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

import { Prisma } from '../generated/prisma/client.ts';
import { NotFoundError } from './errors.ts';
import { lockOwner } from './owner-lock.ts';
import type { Owner, Viewer } from './viewer.ts';

/** The tables of the rows a user edits, each with its `user_id`. */
export type OwnedTable =
  'accounts' | 'paychecks' | 'budget_categories' | 'transactions' | 'recurring_bills' | 'savings_goals' | 'transfers' | 'schedules';

/**
 * Locks one of the viewer's rows until the end of `tx` (`SELECT ... FOR UPDATE` with the owner
 * condition, docs/architecture.md#ownership); false when there is no such row of theirs.
 */
export async function lockOwned(tx: Prisma.TransactionClient, viewer: Owner, table: OwnedTable, id: string) {
  const locked = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM ${Prisma.raw(table)} WHERE id = ${id} AND user_id = ${viewer.budgetId} FOR UPDATE`;
  return locked.length > 0;
}

/**
 * Edits one of the viewer's rows in one database transaction. The user is locked first (`lockOwner`:
 * every write that locks several rows takes that lock first, so all of them lock in one order and
 * never deadlock; an edit may move account balances), then the row (`lockOwned`), so `write`
 * may read it, decide and write with nothing changing it meanwhile, and a delete running at the
 * same time either waits for the edit or has already removed the row. A missing row, another
 * user's and one deleted meanwhile all answer NOT_FOUND (`what` names it). The change is announced
 * after commit when `changes` holds any value (an empty edit is a no-op that answers the row).
 */
export async function updateOwned<T>(
  viewer: Viewer,
  row: { table: OwnedTable; id: string; what: string; changes: object },
  write: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const updated = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    if (!(await lockOwned(tx, viewer, row.table, row.id))) throw new NotFoundError(row.what);
    return write(tx);
  });
  if (Object.values(row.changes).some((value) => value !== undefined)) viewer.events.publish(viewer.budgetId);
  return updated;
}

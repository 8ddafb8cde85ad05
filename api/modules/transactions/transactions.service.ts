import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { ownsBudgetCategory } from '../budget/budget.service.ts';
import { addTransactionInput, type ExpenseData } from './transactions.schema.ts';

const TOPIC = 'transactions';

/** Newest first: date, then creation time (then id, for a total order that pagination can rely on). */
export const TRANSACTION_ORDER: Prisma.TransactionOrderByWithRelationInput[] = [{ date: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];

/** All transactions, the uncategorized ones, or those of one category. */
export type TransactionFilter = { categoryId?: string | null; uncategorized?: boolean | null };

function filterWhere(viewer: Viewer, filter: TransactionFilter = {}): Prisma.TransactionWhereInput {
  if (filter.uncategorized) return { ...owned(viewer), categoryId: null };
  if (filter.categoryId) return { ...owned(viewer), categoryId: filter.categoryId };
  return owned(viewer);
}

export function listTransactions(viewer: Viewer, filter: TransactionFilter = {}, query: Omit<Prisma.TransactionFindManyArgs, 'where' | 'orderBy'> = {}) {
  return viewer.prisma.transaction.findMany({ ...query, where: filterWhere(viewer, filter), orderBy: TRANSACTION_ORDER });
}

/** The latest `take` transactions dated within [from, to), with their category's name. */
export function latestTransactionsBetween(viewer: Viewer, range: { from: Date; to: Date }, take: number) {
  return viewer.prisma.transaction.findMany({
    where: { ...owned(viewer), date: { gte: range.from, lt: range.to } },
    include: { category: { select: { name: true } } },
    orderBy: TRANSACTION_ORDER,
    take,
  });
}

export function countTransactions(viewer: Viewer, filter: TransactionFilter = {}) {
  return viewer.prisma.transaction.count({ where: filterWhere(viewer, filter) });
}

/**
 * Every transaction matching `where`, newest first, in pages of `batch` rows (cursor pagination on
 * the list index), so a long list is sent while it is read and never held whole in memory.
 */
export async function* streamTransactions<I extends Prisma.TransactionInclude>(
  viewer: Viewer,
  { where = {}, include, batch = 2000 }: { where?: Prisma.TransactionWhereInput; include?: I; batch?: number } = {},
) {
  let cursor: string | undefined;
  for (;;) {
    const rows = await viewer.prisma.transaction.findMany({
      where: { ...where, ...owned(viewer) },
      include,
      orderBy: TRANSACTION_ORDER,
      take: batch,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (rows.length) yield rows as Prisma.TransactionGetPayload<{ include: I }>[];
    if (rows.length < batch) return;
    cursor = rows[rows.length - 1]!.id;
  }
}

/**
 * Records an expense inside the caller's transaction (a bill payment records one). The caller has
 * validated the data and checked the category belongs to the viewer.
 */
export function recordExpense(tx: Prisma.TransactionClient, viewer: Viewer, data: ExpenseData) {
  return tx.transaction.create({ data: { ...data, userId: viewer.id } });
}

export async function addTransaction(viewer: Viewer, input: unknown) {
  const data = parseInput(addTransactionInput, input);
  const categoryId = data.categoryId || null;
  if (categoryId && !(await ownsBudgetCategory(viewer, categoryId))) {
    throw new ValidationError([{ path: ['categoryId'], message: 'Category not found' }]);
  }
  const transaction = await recordExpense(viewer.prisma, viewer, { ...data, categoryId });
  viewer.events.publish(viewer.id, TOPIC);
  return transaction;
}

export async function deleteTransaction(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.transaction.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Transaction');
  viewer.events.publish(viewer.id, TOPIC);
}

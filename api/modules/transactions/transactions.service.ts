import { Prisma } from '../../generated/prisma/client.ts';
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

/** A transaction as exports and the full REST list send it: every value already text. */
export interface TransactionExportRow {
  id: string;
  userId: string;
  categoryId: string | null;
  categoryName: string | null;
  amount: string;
  description: string;
  date: string;
  plaidTransactionId: string | null;
  plaidItemId: string | null;
  createdAt: string;
}

/**
 * Every transaction (of a date range, or all), newest first, in pages of `batch` rows read with
 * keyset pagination on the list index, formatted by PostgreSQL itself. A long list is sent while
 * it is read, never held whole in memory, and no row goes through Decimal or Date objects.
 */
export async function* exportTransactionRows(viewer: Viewer, range?: { from: Date; to: Date }, batch = 5000) {
  let after: { date: Date; createdAt: Date; id: string } | null = null;
  const inRange = range ? Prisma.sql`AND t.date >= ${range.from} AND t.date < ${range.to}` : Prisma.empty;
  for (;;) {
    const afterKey: Prisma.Sql = after ? Prisma.sql`AND (t.date, t.created_at, t.id) < (${after.date}, ${after.createdAt}, ${after.id})` : Prisma.empty;
    const rows = await viewer.prisma.$queryRaw<(TransactionExportRow & { kDate: Date; kCreated: Date })[]>`
      SELECT t.id, t.user_id AS "userId", t.category_id AS "categoryId", c.name AS "categoryName", t.amount::text AS amount,
             t.description, to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
             t.plaid_transaction_id AS "plaidTransactionId", t.plaid_item_id AS "plaidItemId",
             to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
             t.date AS "kDate", t.created_at AS "kCreated"
      FROM transactions t LEFT JOIN budget_categories c ON c.id = t.category_id
      WHERE t.user_id = ${viewer.id} ${inRange} ${afterKey}
      ORDER BY t.date DESC, t.created_at DESC, t.id DESC
      LIMIT ${batch}`;
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.kDate, createdAt: last.kCreated, id: last.id };
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

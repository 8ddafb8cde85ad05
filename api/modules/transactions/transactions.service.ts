import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { ownsBudgetCategory } from '../budget/budget.service.ts';
import { addTransactionInput, updateTransactionInput } from '../../../shared/inputs/transactions.ts';

/** Newest first: date, then creation time (then id, for a total order that pagination can rely on). */
export const TRANSACTION_ORDER: Prisma.TransactionOrderByWithRelationInput[] = [{ date: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];

/** All transactions, the uncategorized ones, or those of one category. */
export type TransactionFilter = { categoryId?: string | null; uncategorized?: boolean | null };

function filterWhere(viewer: Viewer, filter: TransactionFilter = {}): Prisma.TransactionWhereInput {
  if (filter.uncategorized) return { ...owned(viewer), categoryId: null };
  if (filter.categoryId) return { ...owned(viewer), categoryId: filter.categoryId };
  return owned(viewer);
}

export function listTransactions(
  viewer: Viewer,
  filter: TransactionFilter = {},
  query: Omit<Prisma.TransactionFindManyArgs, 'where' | 'orderBy'> = {},
) {
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

/** How many transactions the filter matches; kept until the user's next change (a full scan on 100k rows). */
export function countTransactions(viewer: Viewer, filter: TransactionFilter = {}) {
  return viewer.events.cached(viewer.id, `transactions:count:${filter.uncategorized ? 'none' : (filter.categoryId ?? 'all')}`, () =>
    viewer.prisma.transaction.count({ where: filterWhere(viewer, filter) }),
  );
}

const EXPORT_SHAPES = {
  /** The REST list's objects (docs/product.md#data field names; money and dates as strings). */
  rest: Prisma.sql`json_build_object(
    'id', t.id, 'userId', t.user_id, 'categoryId', t.category_id, 'amount', t.amount::text, 'description', t.description,
    'date', to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'plaidTransactionId', t.plaid_transaction_id,
    'plaidItemId', t.plaid_item_id, 'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  /** The CSV export's cells: [date, description, amount, category name or null]. */
  csv: Prisma.sql`json_build_array(to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.description, t.amount::text, c.name)`,
};

/**
 * Every transaction (of a date range, or all), newest first, as JSON arrays of `batch` rows built
 * by PostgreSQL itself and read with keyset pagination on the list index: a long list is sent
 * while it is read, never held whole, and no row is parsed into objects on the way (reading
 * 100k rows one by one costs PGlite ~1.6 s; as JSON text, a fraction of it).
 */
export async function* exportTransactionBatches(
  viewer: Viewer,
  shape: keyof typeof EXPORT_SHAPES,
  range?: { from: Date; to: Date },
  batch = 5000,
) {
  let after: { date: Date; createdAt: Date; id: string } | null = null;
  const inRange = range ? Prisma.sql`AND t.date >= ${range.from} AND t.date < ${range.to}` : Prisma.empty;
  for (;;) {
    const afterKey: Prisma.Sql = after
      ? Prisma.sql`AND (t.date, t.created_at, t.id) < (${after.date}, ${after.createdAt}, ${after.id})`
      : Prisma.empty;
    const [page] = await viewer.prisma.$queryRaw<
      { json: string | null; n: number; lastDate: Date | null; lastCreated: Date | null; lastId: string | null }[]
    >`
      WITH b AS (
        SELECT ${EXPORT_SHAPES[shape]} AS item, t.date, t.created_at, t.id
        FROM transactions t LEFT JOIN budget_categories c ON c.id = t.category_id
        WHERE t.user_id = ${viewer.id} ${inRange} ${afterKey}
        ORDER BY t.date DESC, t.created_at DESC, t.id DESC
        LIMIT ${batch}
      ), last AS (SELECT date, created_at, id FROM b ORDER BY date, created_at, id LIMIT 1)
      SELECT (SELECT json_agg(item ORDER BY date DESC, created_at DESC, id DESC)::text FROM b) AS json,
             (SELECT count(*)::int FROM b) AS n,
             (SELECT date FROM last) AS "lastDate", (SELECT created_at FROM last) AS "lastCreated", (SELECT id FROM last) AS "lastId"`;
    if (!page?.json) return;
    yield page.json;
    if (page.n < batch) return;
    after = { date: page.lastDate!, createdAt: page.lastCreated!, id: page.lastId! };
  }
}

/**
 * Records an expense inside the caller's transaction (a bill payment records one). The caller has
 * validated the data and checked the category belongs to the viewer.
 */
export function recordExpense(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  data: { amount: string; description: string; date: string | Date; categoryId: string | null },
) {
  return tx.transaction.create({ data: { ...data, userId: viewer.id } });
}

/** Removes an expense recorded by `recordExpense` (a deleted bill payment's), if it still exists. */
export function deleteRecordedExpense(tx: Prisma.TransactionClient, viewer: Viewer, id: string) {
  return tx.transaction.deleteMany({ where: { id, ...owned(viewer) } });
}

const categoryNotFound = () => new ValidationError([{ path: ['categoryId'], message: 'Category not found' }]);

export async function addTransaction(viewer: Viewer, input: unknown) {
  const data = parseInput(addTransactionInput, input);
  const categoryId = data.categoryId || null;
  if (categoryId && !(await ownsBudgetCategory(viewer, categoryId))) throw categoryNotFound();
  const transaction = await recordExpense(viewer.prisma, viewer, { ...data, categoryId });
  viewer.events.publish(viewer.id);
  return transaction;
}

/**
 * Changes a transaction's amount, description, date or category: only the fields given; a null
 * category makes it uncategorized. A category deleted between the check and the write fails the
 * foreign key, which answers as the check does (`fromDatabaseError`).
 */
export async function updateTransaction(viewer: Viewer, id: string, input: unknown) {
  const changes = parseInput(updateTransactionInput, input);
  return updateOwned(viewer, { table: 'transactions', id, what: 'Transaction', changes }, async (tx) => {
    if (changes.categoryId && !(await ownsBudgetCategory(viewer, changes.categoryId, tx))) throw categoryNotFound();
    return tx.transaction.update({ where: { id }, data: changes });
  });
}

export async function deleteTransaction(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.transaction.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Transaction');
  viewer.events.publish(viewer.id);
}

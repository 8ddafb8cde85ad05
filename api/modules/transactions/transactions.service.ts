import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { letOthersIn } from '../../lib/let-others-in.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { ownsBudgetCategory } from '../budget/budget.service.ts';
import { expenseEffect, ledgerWrite, moveBalances, ownedAccountId } from '../accounts/ledger.ts';
import {
  addTransactionInput,
  deleteTransactionsInput,
  updateTransactionInput,
  updateTransactionsInput,
} from '../../../shared/inputs/transactions.ts';
import { filterKey, filterSql, filterWhere, parseTransactionFilter, type TransactionFilter } from './transaction-filter.ts';

/** How many transactions the filter matches; kept until the user's next change (a full scan on 100k rows). */
export function countTransactions(viewer: Viewer, filter: TransactionFilter = {}) {
  return transactionSummary(viewer, filter).then((s) => s.count);
}

/**
 * How many transactions the filter matches and the sum of their amounts, in one aggregate; kept
 * until the user's next change (a scan on 100k rows).
 */
export function transactionSummary(viewer: Viewer, filter: TransactionFilter = {}) {
  return viewer.memo.cached(viewer.id, `transactions:summary:${filterKey(filter)}`, async () => {
    const { _count, _sum } = await viewer.prisma.transaction.aggregate({
      where: await filterWhere(viewer, filter),
      _count: true,
      _sum: { amount: true },
    });
    return { count: _count, total: _sum.amount ?? new Prisma.Decimal(0) };
  });
}

/**
 * The condition of the transactions a bulk change takes, inside the caller's ledger write (the
 * user's lock held): the ids given (every one the viewer's, else NOT_FOUND and nothing changes),
 * or every one the filter matches.
 */
async function bulkWhere(tx: Prisma.TransactionClient, viewer: Viewer, selection: { ids?: string[]; filter?: unknown }) {
  if (!selection.ids) return filterWhere(viewer, parseTransactionFilter(selection.filter), tx);
  const ids = [...new Set(selection.ids)];
  const where = { id: { in: ids }, ...owned(viewer) };
  if ((await tx.transaction.count({ where })) !== ids.length) throw new NotFoundError('Transaction');
  return where;
}

/**
 * Gives many transactions one category (null: uncategorized), all or nothing
 * (docs/product.md#transactions): another user's id among them, or a category not the viewer's,
 * changes nothing. Answers how many changed.
 */
export async function updateTransactions(viewer: Viewer, input: unknown) {
  const { categoryId, ...selection } = parseInput(updateTransactionsInput, input);
  const count = await ledgerWrite(viewer, async (tx) => {
    if (categoryId && !(await ownsBudgetCategory(viewer, categoryId, tx))) throw categoryNotFound();
    const { count } = await tx.transaction.updateMany({ where: await bulkWhere(tx, viewer, selection), data: { categoryId } });
    return count;
  });
  if (count > 0) viewer.events.publish(viewer.id);
  return { count };
}

/** Deletes many transactions, all or nothing, and gives their amounts back to their accounts. */
export async function deleteTransactions(viewer: Viewer, input: unknown) {
  const selection = parseInput(deleteTransactionsInput, input);
  const count = await ledgerWrite(viewer, async (tx) => {
    const where = await bulkWhere(tx, viewer, selection);
    // Per account and day: a day before an account's starting date gives nothing back.
    const byAccount = await tx.transaction.groupBy({ by: ['accountId', 'date'], where, _sum: { amount: true } });
    const { count } = await tx.transaction.deleteMany({ where });
    await moveBalances(
      tx,
      viewer,
      byAccount.flatMap((g) => expenseEffect({ accountId: g.accountId, amount: g._sum.amount ?? '0', date: g.date })),
      [],
    );
    return count;
  });
  if (count > 0) viewer.events.publish(viewer.id);
  return { count };
}

const EXPORT_SHAPES = {
  /** The REST list's objects (docs/product.md#data field names; money and dates as strings). */
  rest: Prisma.sql`json_build_object(
    'id', t.id, 'userId', t.user_id, 'categoryId', t.category_id, 'accountId', t.account_id, 'amount', t.amount::text, 'description', t.description,
    'date', to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'plaidTransactionId', t.plaid_transaction_id,
    'plaidItemId', t.plaid_item_id, 'status', t.status, 'importId', t.import_id, 'fitid', t.fitid, 'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  /** The CSV export's cells: [date, description, amount, category name or null]. */
  csv: Prisma.sql`json_build_array(to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.description, t.amount::text, c.name)`,
};

/**
 * Every transaction the filter matches, newest first, as JSON arrays of `batch` rows built
 * by PostgreSQL itself and read with keyset pagination on the list index: a long list is sent
 * while it is read, never held whole, and no row is parsed into objects on the way (PGlite decodes
 * every field of an answer on its own; one JSON text a batch is one field:
 * docs/performance.md#rest-lists-and-full-reads).
 */
export async function* exportTransactionBatches(
  viewer: Viewer,
  shape: keyof typeof EXPORT_SHAPES,
  filter: TransactionFilter = {},
  batch = 2000,
) {
  let after: { date: Date; createdAt: Date; id: string } | null = null;
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
        WHERE ${filterSql(viewer, filter)} ${afterKey}
        ORDER BY t.date DESC, t.created_at DESC, t.id DESC
        LIMIT ${batch}
      ), last AS (SELECT date, created_at, id FROM b ORDER BY date, created_at, id LIMIT 1)
      SELECT (SELECT json_agg(item ORDER BY date DESC, created_at DESC, id DESC)::text FROM b) AS json,
             (SELECT count(*)::int FROM b) AS n,
             (SELECT date FROM last) AS "lastDate", (SELECT created_at FROM last) AS "lastCreated", (SELECT id FROM last) AS "lastId"`;
    if (!page?.json) return;
    yield page.json;
    if (page.n < batch) return;
    await letOthersIn();
    after = { date: page.lastDate!, createdAt: page.lastCreated!, id: page.lastId! };
  }
}

/**
 * Records an expense inside the caller's ledger write (`ledgerWrite`; a bill payment records one)
 * and lowers its account's balance. The caller has validated the data and checked that the
 * category and the account belong to the viewer.
 */
export async function recordExpense(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  data: { amount: string; description: string; date: string | Date; categoryId: string | null; accountId: string | null; status?: string },
) {
  const transaction = await tx.transaction.create({ data: { ...data, userId: viewer.id } });
  await moveBalances(tx, viewer, [], expenseEffect(transaction));
  return transaction;
}

/**
 * Deletes one of the viewer's transactions inside the caller's ledger write and gives its amount
 * back to its account; the deleted row, or null when there is none.
 */
export async function deleteRecordedExpense(tx: Prisma.TransactionClient, viewer: Viewer, id: string) {
  const transaction = await tx.transaction.findFirst({ where: { id, ...owned(viewer) } });
  if (!transaction) return null;
  await tx.transaction.delete({ where: { id } });
  await moveBalances(tx, viewer, expenseEffect(transaction), []);
  return transaction;
}

const categoryNotFound = () => new ValidationError([{ path: ['categoryId'], message: 'Category not found' }]);

export async function addTransaction(viewer: Viewer, input: unknown) {
  const data = parseInput(addTransactionInput, input);
  const categoryId = data.categoryId || null;
  if (categoryId && !(await ownsBudgetCategory(viewer, categoryId))) throw categoryNotFound();
  const transaction = await ledgerWrite(viewer, async (tx) =>
    recordExpense(tx, viewer, { ...data, categoryId, accountId: await ownedAccountId(tx, viewer, data.accountId) }),
  );
  viewer.events.publish(viewer.id);
  return transaction;
}

/**
 * Changes a transaction's amount, description, date, category or account: only the fields given;
 * a null category makes it uncategorized, a null account takes it out of its account. The
 * balances move from the old effect to the new one in the same transaction. A category deleted
 * between the check and the write fails the foreign key, which answers as the check does
 * (`fromDatabaseError`).
 */
export async function updateTransaction(viewer: Viewer, id: string, input: unknown) {
  const changes = parseInput(updateTransactionInput, input);
  return updateOwned(viewer, { table: 'transactions', id, what: 'Transaction', changes }, async (tx) => {
    if (changes.categoryId && !(await ownsBudgetCategory(viewer, changes.categoryId, tx))) throw categoryNotFound();
    const accountId = changes.accountId === undefined ? undefined : await ownedAccountId(tx, viewer, changes.accountId);
    const before = await tx.transaction.findUniqueOrThrow({ where: { id } });
    const after = await tx.transaction.update({ where: { id }, data: { ...changes, accountId } });
    await moveBalances(tx, viewer, expenseEffect(before), expenseEffect(after));
    return after;
  });
}

export async function deleteTransaction(viewer: Viewer, id: string) {
  await ledgerWrite(viewer, async (tx) => {
    if (!(await deleteRecordedExpense(tx, viewer, id))) throw new NotFoundError('Transaction');
  });
  viewer.events.publish(viewer.id);
}

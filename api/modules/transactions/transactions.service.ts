import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { letOthersIn } from '../../lib/work-in-slices.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';
import { ownsBudgetCategory } from '../budget/budget.service.ts';
import { transactionEffect, ledgerWrite, moveBalances, ownedAccountId } from '../accounts/ledger.ts';
import {
  addTransactionInput,
  deleteTransactionsInput,
  SPLIT_TOTAL_MESSAGE,
  splitsAddUp,
  updateTransactionInput,
  updateTransactionsInput,
  type TransactionKind,
} from '../../../shared/inputs/transactions.ts';
import { filterKey, filterSql, filterWhere, parseTransactionFilter, splitMatches, type TransactionFilter } from './transaction-filter.ts';
import { checkCategories, SPLIT_ORDER, writeSplits, type SplitLine } from './splits.ts';
import { payeeChange } from '../payees/payees.service.ts';
import { rulesOnAdd } from '../rules/rules.service.ts';

/** How many transactions the filter matches; kept until the user's next change (a full scan on 100k rows). */
export function countTransactions(viewer: Viewer, filter: TransactionFilter = {}) {
  return transactionSummary(viewer, filter).then((s) => s.count);
}

/**
 * How many transactions the filter matches and the sum of their amounts, refunds taken off
 * (docs/product.md#refunds-and-splits); kept until the user's next change. Every transaction, or
 * every one of a kind, is read from the totals the triggers keep (two rows, whatever the history);
 * any other filter is one aggregate over its matches.
 */
export function transactionSummary(viewer: Viewer, filter: TransactionFilter = {}) {
  return viewer.memo.cached(viewer.budgetId, `transactions:summary:${filterKey(filter)}`, async () => {
    const byKind = onlyKind(filter)
      ? await keptTotals(viewer, filter.kind)
      : (
          await viewer.prisma.transaction.groupBy({
            by: ['kind'],
            where: await filterWhere(viewer, filter),
            _count: true,
            _sum: { amount: true },
          })
        ).map((g) => ({ kind: g.kind, count: g._count, amount: g._sum.amount ?? new Prisma.Decimal(0) }));
    return byKind.reduce(
      (sum, g) => ({ count: sum.count + g.count, total: g.kind === 'refund' ? sum.total.minus(g.amount) : sum.total.plus(g.amount) }),
      { count: 0, total: new Prisma.Decimal(0) },
    );
  });
}

/** Whether the filter takes every transaction, or every one of a kind (a search without words takes every one). */
function onlyKind(filter: TransactionFilter) {
  const { kind: _kind, q, uncategorized, ...rest } = filter;
  return !uncategorized && !q?.trim() && Object.values(rest).every((value) => value === undefined || value === null);
}

/** The user's kept count and sum per kind (transaction_totals, written by the transactions' triggers). */
async function keptTotals(viewer: Viewer, kind: TransactionKind | undefined) {
  const rows = await viewer.prisma.transactionTotal.findMany({ where: { ...owned(viewer), ...(kind ? { kind } : {}) } });
  return rows.map((row) => ({ kind: row.kind, count: Number(row.count), amount: row.amount }));
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
    const where = await bulkWhere(tx, viewer, selection);
    const { count } = await tx.transaction.updateMany({ where, data: { categoryId } });
    // The whole of each goes into the category: split ones stop being split. Their lines still
    // hold what a category filter matched them by, so the same condition finds them after the update.
    await tx.transactionSplit.deleteMany({ where: { transaction: where, ...owned(viewer) } });
    return count;
  });
  if (count > 0) viewer.events.publish(viewer.budgetId);
  return { count };
}

/** Deletes many transactions, all or nothing, and gives their amounts back to their accounts. */
export async function deleteTransactions(viewer: Viewer, input: unknown) {
  const selection = parseInput(deleteTransactionsInput, input);
  const count = await ledgerWrite(viewer, async (tx) => {
    const where = await bulkWhere(tx, viewer, selection);
    // Per account, kind and day: a day before an account's starting date gives nothing back.
    const byAccount = await tx.transaction.groupBy({ by: ['accountId', 'kind', 'date'], where, _sum: { amount: true } });
    const { count } = await tx.transaction.deleteMany({ where });
    await moveBalances(
      tx,
      viewer,
      byAccount.flatMap((g) => transactionEffect({ accountId: g.accountId, kind: g.kind, amount: g._sum.amount ?? '0', date: g.date })),
      [],
    );
    return count;
  });
  if (count > 0) viewer.events.publish(viewer.budgetId);
  return { count };
}

/** A transaction's amount as spending counts it: a refund's is negative (the `spending_lines` view's sign). */
const SIGNED = Prisma.sql`CASE WHEN t.kind = 'refund' THEN '-' ELSE '' END`;

const EXPORT_SHAPES = {
  /** The REST list's objects (docs/product.md#data field names; money and dates as strings), with their split lines. */
  rest: Prisma.sql`json_build_object(
    'id', t.id, 'userId', t.user_id, 'categoryId', t.category_id, 'accountId', t.account_id, 'amount', t.amount::text, 'kind', t.kind,
    'description', t.description, 'date', to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'plaidTransactionId', t.plaid_transaction_id,
    'plaidItemId', t.plaid_item_id, 'status', t.status, 'importId', t.import_id, 'fitid', t.fitid, 'pending', t.pending, 'scheduleId', t.schedule_id,
    'payeeId', t.payee_id, 'importedDescription', t.imported_description, 'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'splits', coalesce((SELECT json_agg(json_build_object('categoryId', s.category_id, 'amount', s.amount::text, 'notes', s.notes) ORDER BY s.position)
      FROM transaction_splits s WHERE s.transaction_id = t.id), '[]'::json),
    'payee', (SELECT p.name FROM payees p WHERE p.id = t.payee_id))`,
  /**
   * The CSV export's rows of a transaction: [date, description, amount, category name or null,
   * line note or null], one per split line (its amount and category), else one; a refund's amount negative.
   */
  csv: Prisma.sql`coalesce(
    (SELECT json_agg(json_build_array(to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.description, ${SIGNED} || s.amount::text, sc.name, s.notes) ORDER BY s.position)
     FROM transaction_splits s LEFT JOIN budget_categories sc ON sc.id = s.category_id WHERE s.transaction_id = t.id),
    json_build_array(json_build_array(to_char(t.date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.description, ${SIGNED} || t.amount::text, c.name, NULL)))`,
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
  const split = await splitMatches(viewer, filter);
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
        WHERE ${filterSql(viewer, filter, split)} ${afterKey}
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
 * Records a transaction inside the caller's ledger write (`ledgerWrite`; a bill payment records an
 * expense) with its split lines, if any, and moves its account's balance (an expense lowers it, a
 * refund raises it). The caller has validated the data and checked that the categories and the
 * account belong to the viewer.
 */
export async function recordExpense(
  tx: Prisma.TransactionClient,
  viewer: Owner,
  data: {
    amount: string;
    description: string;
    date: string | Date;
    categoryId: string | null;
    accountId: string | null;
    kind?: TransactionKind;
    scheduleId?: string | null;
    status?: string;
    payeeId?: string | null;
  },
  lines: readonly SplitLine[] = [],
) {
  const transaction = await tx.transaction.create({ data: { ...data, userId: viewer.budgetId }, include: { payee: true } });
  const splits = await writeSplits(tx, viewer, transaction.id, lines);
  await moveBalances(tx, viewer, [], transactionEffect(transaction));
  return { ...transaction, splits: splits.sort((a, b) => a.position - b.position) };
}

/**
 * Deletes one of the viewer's transactions inside the caller's ledger write (its lines go with it)
 * and gives its amount back to its account; the deleted row, or null when there is none.
 */
export async function deleteRecordedExpense(tx: Prisma.TransactionClient, viewer: Viewer, id: string) {
  const transaction = await tx.transaction.findFirst({ where: { id, ...owned(viewer) } });
  if (!transaction) return null;
  await tx.transaction.delete({ where: { id } });
  await moveBalances(tx, viewer, transactionEffect(transaction), []);
  return transaction;
}

const categoryNotFound = () => new ValidationError([{ path: ['categoryId'], message: 'Category not found' }]);
const splitsDoNotAddUp = (field: 'splits' | 'amount') => new ValidationError([{ path: [field], message: SPLIT_TOTAL_MESSAGE }]);

/**
 * Records an expense or a refund, split or not (docs/product.md#refunds-and-splits), after the
 * user's rules (docs/product.md#rules: the payee a rule sets, the category where none was given);
 * answers it with its lines and payee.
 */
export async function addTransaction(viewer: Viewer, input: unknown) {
  const { splits = [], payee, ...data } = parseInput(addTransactionInput, input);
  const kind = data.kind ?? 'expense';
  const transaction = await ledgerWrite(viewer, async (tx) => {
    await checkCategories(tx, viewer, data.categoryId || null, splits);
    const accountId = await ownedAccountId(tx, viewer, data.accountId);
    const ruled = await rulesOnAdd(tx, viewer, {
      payee: payee ?? null,
      description: data.description,
      amount: data.amount,
      accountId,
      kind,
    });
    // A category the user gave (or split lines) wins over a rule's.
    const categoryId = data.categoryId || (splits.length ? null : (ruled.categoryId ?? null));
    return recordExpense(tx, viewer, { ...data, kind, categoryId, accountId, payeeId: ruled.payeeId }, splits);
  });
  viewer.events.publish(viewer.budgetId);
  return transaction;
}

/**
 * Changes a transaction's amount, kind, description, date, category, account or lines: only the
 * fields given; a null category makes it uncategorized, a null account takes it out of its
 * account. `splits` replaces the lines (`[]`: no longer split); a category given without them puts
 * the whole transaction in it. The lines, given or kept, must add up to the amount, given or kept.
 * The balances move from the old effect to the new one in the same transaction. A category deleted
 * between the check and the write fails the foreign key, which answers as the check does
 * (`fromDatabaseError`). Answers the transaction with its lines.
 */
export async function updateTransaction(viewer: Viewer, id: string, input: unknown) {
  const { splits, payee, ...changes } = parseInput(updateTransactionInput, input);
  return updateOwned(viewer, { table: 'transactions', id, what: 'Transaction', changes: { ...changes, splits, payee } }, async (tx) => {
    await checkCategories(tx, viewer, changes.categoryId, splits);
    const accountId = changes.accountId === undefined ? undefined : await ownedAccountId(tx, viewer, changes.accountId);
    const before = await tx.transaction.findUniqueOrThrow({ where: { id }, include: { splits: { orderBy: SPLIT_ORDER } } });
    // The lines after the edit: the ones given, none when a category takes the whole, else the stored ones.
    const replaced = splits ?? (changes.categoryId !== undefined ? [] : undefined);
    const lines = replaced ?? before.splits.map((line) => ({ ...line, amount: line.amount.toFixed(2) }));
    if (lines.length && !splitsAddUp(changes.amount ?? before.amount.toFixed(2), lines))
      throw splitsDoNotAddUp(splits ? 'splits' : 'amount');
    // A split transaction's categories are its lines'.
    const categoryId = lines.length ? null : changes.categoryId;
    const payeeId = await payeeChange(tx, viewer, payee);
    const after = await tx.transaction.update({
      where: { id },
      data: { ...changes, categoryId, accountId, payeeId },
      include: { payee: true },
    });
    const written = replaced ? await writeSplits(tx, viewer, id, replaced) : before.splits;
    await moveBalances(tx, viewer, transactionEffect(before), transactionEffect(after));
    return { ...after, splits: [...written].sort((a, b) => a.position - b.position) };
  });
}

export async function deleteTransaction(viewer: Viewer, id: string) {
  await ledgerWrite(viewer, async (tx) => {
    if (!(await deleteRecordedExpense(tx, viewer, id))) throw new NotFoundError('Transaction');
  });
  viewer.events.publish(viewer.budgetId);
}

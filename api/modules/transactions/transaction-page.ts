import { Prisma } from '../../generated/prisma/client.ts';
import type { Account, BudgetCategory, Transaction } from '../../generated/prisma/client.ts';
import { Decimal } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { filterSql, type TransactionFilter } from './transaction-filter.ts';

/**
 * A transaction, with its category and account (null when it has none) when the page was asked to
 * read them. Its `searchText` is never read, as Prisma's client never reads it (`INTERNAL_FIELDS`
 * in api/db/database.ts).
 */
export type ListedTransaction = Transaction & { category?: BudgetCategory | null; account?: Account | null };

/**
 * Which rows of the list a page takes, as Prisma's `take`, `cursor` and `skip: 1` say it (the
 * shape both Pothos's connections and the REST pages give): `take` rows after the cursor's row,
 * or before it when `take` is negative (then the list's last rows without a cursor), in the list's
 * order either way. The cursor's own row is never in the page. `include` names the relations read
 * with the rows, as Prisma's `include` does (Pothos's plan gives the ones a query selects).
 */
export interface TransactionPageArgs {
  take?: number;
  skip?: number;
  cursor?: { id?: string };
  include?: { category?: unknown; account?: unknown };
}

/**
 * A timestamp as seconds since the epoch (a float, with its milliseconds: cheaper for PostgreSQL
 * to write than a numeric or a text in any time zone), and back to a Date, to the millisecond.
 */
const seconds = (column: string) => Prisma.raw(`date_part('epoch', ${column})`);
const time = (s: number) => new Date(Math.round(s * 1000));

/** The row's fields as Prisma's client reads them (same names, same order; money as text, read as Decimal below). */
const FIELDS = Prisma.sql`
  'id', t.id, 'userId', t.user_id, 'categoryId', t.category_id, 'accountId', t.account_id, 'amount', t.amount::text,
  'description', t.description, 'date', ${seconds('t.date')}, 'plaidTransactionId', t.plaid_transaction_id,
  'plaidItemId', t.plaid_item_id, 'importId', t.import_id, 'fitid', t.fitid, 'createdAt', ${seconds('t.created_at')}`;

/** The relations a page can read with its rows: each one's field of the row, and its join. */
const RELATIONS = {
  category: {
    field: Prisma.sql`, 'category', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object(
      'id', c.id, 'userId', c.user_id, 'name', c.name, 'allocatedAmount', c.allocated_amount::text,
      'allocatedPercentage', c.allocated_percentage, 'type', c.type, 'createdAt', ${seconds('c.created_at')},
      'updatedAt', ${seconds('c.updated_at')}) END`,
    join: Prisma.sql`LEFT JOIN budget_categories c ON c.id = t.category_id`,
  },
  account: {
    field: Prisma.sql`, 'account', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
      'id', a.id, 'userId', a.user_id, 'name', a.name, 'type', a.type, 'balance', a.balance::text, 'isDefault', a.is_default,
      'notes', a.notes, 'createdAt', ${seconds('a.created_at')}, 'updatedAt', ${seconds('a.updated_at')}) END`,
    join: Prisma.sql`LEFT JOIN accounts a ON a.id = t.account_id`,
  },
};

/** SQL fragments one after the other (Prisma.join takes no empty list). */
const joined = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, ' ') : Prisma.empty);

type Json<T> = { [K in keyof T]: T[K] extends Decimal ? string : T[K] extends Date ? number : T[K] };
type RowJson = Json<Transaction> & { category?: Json<BudgetCategory> | null; account?: Json<Account> | null };

function listed({ category: c, account: a, ...r }: RowJson): ListedTransaction {
  return {
    ...r,
    amount: new Decimal(r.amount),
    date: time(r.date),
    createdAt: time(r.createdAt),
    ...(c !== undefined && {
      category: c && {
        ...c,
        allocatedAmount: new Decimal(c.allocatedAmount),
        createdAt: time(c.createdAt),
        updatedAt: time(c.updatedAt),
      },
    }),
    ...(a !== undefined && {
      account: a && { ...a, balance: new Decimal(a.balance), createdAt: time(a.createdAt), updatedAt: time(a.updatedAt) },
    }),
  };
}

/**
 * A page of the viewer's transactions that `filter` matches, newest first (date, then time added,
 * then id), with their category and account when `include` names them: one statement, whose
 * rows PostgreSQL sends as one JSON text. Prisma's client reads the same page with its category
 * and account in three statements, and on the embedded database every field of an
 * answer costs a decoding of its own (docs/performance.md#a-page-in-one-statement).
 * Scoped to the viewer here, as every raw query is (docs/architecture.md#ownership): the filter's
 * conditions start with the owner, and a cursor that is not one of the viewer's rows answers an
 * empty page, as a missing one does.
 */
export async function transactionPage(
  viewer: Viewer,
  filter: TransactionFilter,
  { take, cursor, include = {} }: TransactionPageArgs,
): Promise<ListedTransaction[]> {
  const relations = (['category', 'account'] as const).filter((name) => include[name]).map((name) => RELATIONS[name]);
  const backward = take !== undefined && take < 0;
  // Backward pages read the list from the other end, then turn round.
  const order = backward ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  // The cursor's row, found by its id and owner: none (another user's, or a missing one) makes
  // the comparison with it NULL, so the page is empty. PostgreSQL bounds the index scan by its day.
  const after = cursor
    ? Prisma.sql`AND (t.date, t.created_at, t.id) ${backward ? Prisma.sql`>` : Prisma.sql`<`} (SELECT date, created_at, id FROM k)`
    : Prisma.empty;
  const [result] = await viewer.prisma.$queryRaw<{ page: string | null }[]>`
    WITH ${cursor ? Prisma.sql`k AS (SELECT date, created_at, id FROM transactions WHERE id = ${cursor.id} AND user_id = ${viewer.id}),` : Prisma.empty}
    page AS (
      SELECT t.* FROM transactions t
      WHERE ${filterSql(viewer, filter)} ${after}
      ORDER BY t.date ${order}, t.created_at ${order}, t.id ${order}
      ${take === undefined ? Prisma.empty : Prisma.sql`LIMIT ${Math.abs(take)}`})
    SELECT json_agg(json_build_object(${FIELDS} ${joined(relations.map((r) => r.field))})
      ORDER BY t.date DESC, t.created_at DESC, t.id DESC)::text AS page
    FROM page t ${joined(relations.map((r) => r.join))}`;
  return result?.page ? (JSON.parse(result.page) as RowJson[]).map(listed) : [];
}

import { Prisma } from '../../generated/prisma/client.ts';
import type { Account, BudgetCategory, Payee, Transaction, TransactionSplit } from '../../generated/prisma/client.ts';
import { Decimal } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { filterSql, splitMatches, type TransactionFilter } from './transaction-filter.ts';

/**
 * A transaction, with its category and account (null when it has none) and its split lines (in
 * their order, each with its category) when the page was asked to read them. Its `searchText` is
 * never read, as Prisma's client never reads it (`INTERNAL_FIELDS` in api/db/database.ts).
 */
export type ListedTransaction = Transaction & {
  category?: BudgetCategory | null;
  account?: Account | null;
  payee?: Payee | null;
  splits?: (TransactionSplit & { category: BudgetCategory | null })[];
};

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
  include?: { category?: unknown; account?: unknown; payee?: unknown; splits?: unknown };
}

/**
 * One field of a row as the page reads it: its name in Prisma's model, the SQL that reads it, and
 * how its JSON value becomes Prisma's.
 */
interface Field {
  name: string;
  sql: string;
  read?: (value: never) => unknown;
}

/** A field read with a conversion: the SQL around its column, and how its value is read back. */
type Converted = { name: string; sql: (column: string) => string; read: (value: never) => unknown };

/** Money, as text (a Decimal here; null stays null). */
const money = (name: string): Converted => ({
  name,
  sql: (c) => `${c}::text`,
  read: (text: string | null) => (text === null ? null : new Decimal(text)),
});

/**
 * A timestamp, as seconds since the epoch (a float, with its milliseconds: cheaper for PostgreSQL
 * to write than a numeric or a text in any time zone), a Date here, to the millisecond.
 */
const time = (name: string): Converted => ({
  name,
  sql: (c) => `date_part('epoch', ${c})`,
  read: (s: number | null) => (s === null ? null : new Date(Math.round(s * 1000))),
});

/** A table's fields, named as Prisma's model names them, in its order; each column is its name in snake case. */
function fields(alias: string, ...list: (string | Converted)[]): Field[] {
  return list.map((field) => {
    const { name, sql = (c: string) => c, read } = typeof field === 'string' ? { name: field } : field;
    return { name, sql: sql(`${alias}.${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`), read };
  });
}

/** A transaction's fields as Prisma's client reads them (same names, same order). */
const TRANSACTION = fields(
  't',
  'id',
  'userId',
  'categoryId',
  'accountId',
  money('amount'),
  'kind',
  'description',
  time('date'),
  'plaidTransactionId',
  'plaidItemId',
  'status',
  'importId',
  'fitid',
  'pending',
  'scheduleId',
  'payeeId',
  'importedDescription',
  time('createdAt'),
);

/** A category's fields as Prisma's client reads them. */
const categoryFields = (alias: string) =>
  fields(
    alias,
    'id',
    'userId',
    'name',
    money('allocatedAmount'),
    'allocatedPercentage',
    'type',
    'planKind',
    'carryOverspending',
    'targetKind',
    money('targetAmount'),
    time('targetDate'),
    time('createdAt'),
    time('updatedAt'),
  );

/** A split line's fields as Prisma's client reads them. */
const SPLIT = fields('s', 'id', 'transactionId', 'userId', 'categoryId', money('amount'), 'notes', 'position');
const SPLIT_CATEGORY = categoryFields('sc');

/** The relations a page can read with its rows: their fields (Prisma's, in its order), and the join. */
const RELATIONS = {
  category: {
    alias: 'c',
    fields: categoryFields('c'),
    join: Prisma.sql`LEFT JOIN budget_categories c ON c.id = t.category_id`,
  },
  account: {
    alias: 'a',
    fields: fields(
      'a',
      'id',
      'userId',
      'name',
      'type',
      money('balance'),
      money('startingBalance'),
      time('startingDate'),
      'isDefault',
      'notes',
      time('createdAt'),
      time('updatedAt'),
    ),
    join: Prisma.sql`LEFT JOIN accounts a ON a.id = t.account_id`,
  },
  payee: {
    alias: 'p',
    fields: fields('p', 'id', 'userId', 'name', time('createdAt')),
    join: Prisma.sql`LEFT JOIN payees p ON p.id = t.payee_id`,
  },
};
type Relation = (typeof RELATIONS)[keyof typeof RELATIONS] & { name: string };

/**
 * A row as a JSON array of its values, without their names: little more than half the text of an object's, and
 * cheaper for PostgreSQL to write (docs/performance.md#a-page-in-one-statement).
 */
const asArray = (fields: Field[]) => fields.map((f) => f.sql).join(', ');

/** Prisma's object from a row's array: each value read into its field, in the fields' order. */
function fromArray(fields: Field[], values: unknown[]) {
  const row: Record<string, unknown> = {};
  fields.forEach(({ name, read }, i) => (row[name] = read && values[i] !== null ? read(values[i] as never) : values[i]));
  return row;
}

/** A relation's array as one value of the row's: null when the row has none. */
const inArray = (r: Relation) => `, CASE WHEN ${r.alias}.id IS NULL THEN NULL ELSE json_build_array(${asArray(r.fields)}) END`;

/** The row's split lines as one value of its array: each line's array, with its category's (or null), in their order. */
const SPLITS_ARRAY = `, (SELECT json_agg(json_build_array(${asArray(SPLIT)}, CASE WHEN sc.id IS NULL THEN NULL ELSE json_build_array(${asArray(SPLIT_CATEGORY)}) END) ORDER BY s.position)
  FROM transaction_splits s LEFT JOIN budget_categories sc ON sc.id = s.category_id WHERE s.transaction_id = t.id)`;

/** The split lines of a row's array, as Prisma reads them with their categories. */
const splitsFrom = (lines: unknown[][] | null) =>
  (lines ?? []).map((values) => {
    const line = fromArray(SPLIT, values);
    const category = values[SPLIT.length] as unknown[] | null;
    line.category = category && fromArray(SPLIT_CATEGORY, category);
    return line;
  });

/** SQL fragments one after the other (Prisma.join takes no empty list). */
const joined = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, ' ') : Prisma.empty);

/**
 * A page of the viewer's transactions that `filter` matches, newest first (date, then time added,
 * then id), with their category and account when `include` names them: one statement, whose
 * rows PostgreSQL sends as one JSON text of arrays. Prisma's client reads the same page with its category
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
  const withSplits = Boolean(include.splits);
  const relations: Relation[] = (['category', 'account', 'payee'] as const)
    .filter((name) => include[name])
    .map((name) => ({ ...RELATIONS[name], name }));
  const backward = take !== undefined && take < 0;
  // Backward pages read the list from the other end, then turn round.
  const order = backward ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  // The cursor's row, found by its id and owner: none (another user's, or a missing one) makes
  // the comparison with it NULL, so the page is empty. PostgreSQL bounds the index scan by its day.
  const after = cursor
    ? Prisma.sql`AND (t.date, t.created_at, t.id) ${backward ? Prisma.sql`>` : Prisma.sql`<`} (SELECT date, created_at, id FROM k)`
    : Prisma.empty;
  const split = await splitMatches(viewer, filter);
  const [result] = await viewer.prisma.$queryRaw<{ page: string | null }[]>`
    WITH ${cursor ? Prisma.sql`k AS (SELECT date, created_at, id FROM transactions WHERE id = ${cursor.id} AND user_id = ${viewer.budgetId}),` : Prisma.empty}
    page AS (
      SELECT t.* FROM transactions t
      WHERE ${filterSql(viewer, filter, split)} ${after}
      ORDER BY t.date ${order}, t.created_at ${order}, t.id ${order}
      ${take === undefined ? Prisma.empty : Prisma.sql`LIMIT ${Math.abs(take)}`})
    SELECT json_agg(json_build_array(${Prisma.raw(asArray(TRANSACTION))} ${Prisma.raw(relations.map(inArray).join(''))} ${Prisma.raw(withSplits ? SPLITS_ARRAY : '')})
      ORDER BY t.date DESC, t.created_at DESC, t.id DESC)::text AS page
    FROM page t ${joined(relations.map((r) => r.join))}`;
  if (!result?.page) return [];
  return (JSON.parse(result.page) as unknown[][]).map((values) => {
    const row = fromArray(TRANSACTION, values);
    relations.forEach((r, i) => {
      const related = values[TRANSACTION.length + i] as unknown[] | null;
      row[r.name] = related && fromArray(r.fields, related);
    });
    if (withSplits) row.splits = splitsFrom(values[TRANSACTION.length + relations.length] as unknown[][] | null);
    return row as ListedTransaction;
  });
}

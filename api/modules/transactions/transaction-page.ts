import { Prisma } from '../../generated/prisma/client.ts';
import type { Account, BudgetCategory, Payee, Transaction, TransactionSplit } from '../../generated/prisma/client.ts';
import { Decimal } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { filterSql, searchWordCount, splitMatches, type TransactionFilter } from './transaction-filter.ts';

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
 * How many of the newest rows (after the cursor) a search for several words looks through before
 * it asks the trigram index for older matches (docs/performance.md#a-search-in-a-long-history).
 */
export const SEARCH_WINDOW = 5_000;

/**
 * The rows of a page as a `page` CTE over `transactions t`, in the list's order (from its end when
 * `backward`), after the cursor (`after`), at most `limit` of them. `search`: several words, which
 * looks through the newest rows first. PostgreSQL takes a page of one word's matches either by
 * walking the newest rows until the page is full (a common word) or from the trigram index (a
 * rare one), judged by the column's statistics. For several words it multiplies their shares as
 * if they were independent, so words that go together ("whole foods") seem rare, and it reads
 * every match in the history from the index and sorts them all before it keeps a page (17,343
 * rows in a million). So that page is taken from the `SEARCH_WINDOW` newest rows (every row of
 * the window's last day too: the index orders by day), and from the older ones through the index
 * only when those did not fill it: a common phrase's page costs the same whatever the history, a
 * rare one's the window and the index's few matches (docs/performance.md#a-search-in-a-long-history).
 */
function pageRows(where: Prisma.Sql, after: Prisma.Sql, { backward, limit, search, budgetId }: PageShape): Prisma.Sql {
  const order = backward ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const sorted = Prisma.sql`ORDER BY t.date ${order}, t.created_at ${order}, t.id ${order}`;
  const taken = limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
  if (!search || limit === undefined)
    return Prisma.sql`page AS (SELECT t.* FROM transactions t WHERE ${where} ${after} ${sorted} ${taken})`;
  // The window: its rows read in the index's order (by day) and handed to the search's conditions
  // as they come, so a common word's page stops as soon as it is full. Its edge, the day of its last
  // row, is read only when the window did not fill the page (none when the window is every row left).
  const edge = Prisma.sql`(SELECT t.date FROM transactions t WHERE t.user_id = ${budgetId} ${after} ORDER BY t.date ${order} OFFSET ${SEARCH_WINDOW - 1} LIMIT 1)`;
  return Prisma.sql`
    recent AS (
      SELECT t.* FROM (
        SELECT t.* FROM transactions t WHERE t.user_id = ${budgetId} ${after}
        ORDER BY t.date ${order} FETCH FIRST ${SEARCH_WINDOW} ROWS WITH TIES) t
      WHERE ${where} ${sorted} ${taken}),
    page AS (
      SELECT t.* FROM (
        SELECT * FROM recent
        UNION ALL
        (SELECT t.* FROM transactions t
          WHERE ${where} ${after} AND (SELECT count(*) FROM recent) < ${limit} AND t.date ${backward ? Prisma.sql`>` : Prisma.sql`<`} ${edge}
          ${sorted} ${taken})) t
      ${sorted} ${taken})`;
}

interface PageShape {
  backward: boolean;
  limit: number | undefined;
  search: boolean;
  budgetId: string;
}

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
  // The cursor's row, found by its id and owner: none (another user's, or a missing one) makes
  // the comparison with it NULL, so the page is empty. PostgreSQL bounds the index scan by its day.
  const after = cursor
    ? Prisma.sql`AND (t.date, t.created_at, t.id) ${backward ? Prisma.sql`>` : Prisma.sql`<`} (SELECT date, created_at, id FROM k)`
    : Prisma.empty;
  const split = await splitMatches(viewer, filter);
  const rows = pageRows(filterSql(viewer, filter, split), after, {
    // Backward pages read the list from the other end, then turn round.
    backward,
    limit: take === undefined ? undefined : Math.abs(take),
    search: searchWordCount(filter) > 1,
    budgetId: viewer.budgetId,
  });
  const [result] = await viewer.prisma.$queryRaw<{ page: string | null }[]>`
    WITH ${cursor ? Prisma.sql`k AS (SELECT date, created_at, id FROM transactions WHERE id = ${cursor.id} AND user_id = ${viewer.budgetId}),` : Prisma.empty}
    ${rows}
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

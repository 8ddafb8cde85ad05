import { Prisma } from '../../generated/prisma/client.ts';
import { addCalendarDays } from '../../lib/dates.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { transactionFilterQuery, type TransactionKind } from '../../../shared/inputs/transactions.ts';

/**
 * Which of the viewer's transactions a list, a sum or a bulk change takes (docs/product.md#transactions):
 * every condition given must hold. `uncategorized` takes precedence over `categoryId`; both look at
 * a split transaction's lines (docs/product.md#refunds-and-splits): a line in the category, or one
 * without a category. `from`/`to`
 * are stored calendar days, the half-open range [from, to). `q` is searched in the description,
 * case and accents ignored, in the description and the payee's name (docs/product.md#payees): each of its words, anywhere (inside words too) and in any order;
 * amounts are inclusive bounds.
 */
export interface TransactionFilter {
  categoryId?: string | null;
  uncategorized?: boolean | null;
  accountId?: string | null;
  kind?: TransactionKind;
  payeeId?: string | null;
  from?: Date;
  to?: Date;
  q?: string;
  minAmount?: string;
  maxAmount?: string;
}

/**
 * A filter as clients send it (the shared schema's fields, inclusive days; other fields, such as a
 * list's paging, are not the filter's), checked, as the service filters with it.
 */
export function parseTransactionFilter(input: unknown = {}): TransactionFilter {
  const f = parseInput(transactionFilterQuery, input ?? {});
  return {
    categoryId: f.categoryId,
    uncategorized: f.uncategorized,
    accountId: f.accountId,
    kind: f.kind,
    payeeId: f.payeeId,
    from: f.from ? new Date(f.from) : undefined,
    // The last day counts: the range ends the day after it.
    to: f.to ? addCalendarDays(new Date(f.to), 1) : undefined,
    q: f.q,
    minAmount: f.minAmount,
    maxAmount: f.maxAmount,
  };
}

/**
 * The words of a search, each a LIKE pattern's literal text (its wildcards are plain characters;
 * the backslash is LIKE's escape): the runs between spaces, each once.
 */
const searchWords = (q = '') => [...new Set(q.split(/\s+/).filter(Boolean))].map((word) => word.replace(/[\\%_]/g, '\\$&'));

/** How many words the filter searches the descriptions for. */
export const searchWordCount = (filter: TransactionFilter) => searchWords(filter.q).length;

/** The words of a search folded by the database, in one statement. */
async function foldedWords(db: Prisma.TransactionClient, q: string | undefined) {
  const words = searchWords(q);
  if (!words.length) return [];
  const values = Prisma.join(words.map((word) => Prisma.sql`(${word})`));
  const rows = await db.$queryRaw<{ word: string }[]>`SELECT budget_fold(w) AS word FROM (VALUES ${values}) AS v(w)`;
  return rows.map((row) => row.word);
}

/**
 * The split transactions a category condition needs (docs/product.md#refunds-and-splits), read
 * before the condition so that it stays one the indexes answer: `lines`, those with a line in the
 * filter's category (or, for `uncategorized`, a line without one), which match; `split`, for
 * `uncategorized`, every split one, which does not match by its own empty category. Empty lists
 * (a user without splits) leave the condition as it was before splits existed. Null: no category condition.
 */
export interface SplitMatches {
  lines: string[];
  split: string[];
}

export async function splitMatches(
  viewer: Viewer,
  filter: TransactionFilter,
  db: Prisma.TransactionClient = viewer.prisma,
): Promise<SplitMatches | null> {
  if (!filter.uncategorized && !filter.categoryId) return null;
  const category = filter.uncategorized ? null : filter.categoryId!;
  const rows = await db.$queryRaw<{ id: string; matches: boolean }[]>`
    SELECT transaction_id AS id, bool_or(${category === null ? Prisma.sql`category_id IS NULL` : Prisma.sql`category_id = ${category}`}) AS matches
    FROM transaction_splits WHERE user_id = ${viewer.budgetId}
      ${category === null ? Prisma.empty : Prisma.sql`AND category_id = ${category}`}
    GROUP BY transaction_id`;
  return { lines: rows.filter((r) => r.matches).map((r) => r.id), split: category === null ? rows.map((r) => r.id) : [] };
}

/**
 * The filter as a Prisma condition (lists, counts, aggregates). Each word of a search is matched
 * against the folded description (`search_text`, kept by the database), folded the same way by
 * the database first (`budget_fold`: lower case, accents removed), so both sides always agree;
 * each is one trigram-indexed condition. Inside a transaction, `db` is its client.
 */
export async function filterWhere(
  viewer: Viewer,
  filter: TransactionFilter = {},
  db: Prisma.TransactionClient = viewer.prisma,
): Promise<Prisma.TransactionWhereInput> {
  const [folded, split] = await Promise.all([foldedWords(db, filter.q), splitMatches(viewer, filter, db)]);
  const category: Prisma.TransactionWhereInput = filter.uncategorized
    ? { categoryId: null, ...(split?.split.length ? { id: { notIn: split.split } } : {}) }
    : { categoryId: filter.categoryId };
  return {
    ...owned(viewer),
    // Not split and in the category, or split with a line in it (a split one's own category is null).
    ...(split ? (split.lines.length ? { OR: [category, { id: { in: split.lines } }] } : category) : {}),
    ...(filter.accountId ? { accountId: filter.accountId } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.payeeId ? { payeeId: filter.payeeId } : {}),
    ...(filter.from || filter.to ? { date: { ...(filter.from && { gte: filter.from }), ...(filter.to && { lt: filter.to }) } } : {}),
    ...(filter.minAmount || filter.maxAmount
      ? { amount: { ...(filter.minAmount && { gte: filter.minAmount }), ...(filter.maxAmount && { lte: filter.maxAmount }) } }
      : {}),
    ...(folded.length ? { AND: folded.map((word) => ({ searchText: { contains: word } })) } : {}),
  };
}

/**
 * The same filter as SQL over `transactions t`, for the reads that PostgreSQL builds as JSON itself
 * (a page, the streamed lists), with the filter's `splitMatches` read first. It must say exactly
 * what `filterWhere` says: transaction-filter.test.ts compares the two.
 */
export function filterSql(viewer: Viewer, filter: TransactionFilter, split: SplitMatches | null): Prisma.Sql {
  const conditions = [Prisma.sql`t.user_id = ${viewer.budgetId}`];
  if (split) {
    const category = filter.uncategorized
      ? Prisma.sql`t.category_id IS NULL${split.split.length ? Prisma.sql` AND t.id <> ALL(${split.split})` : Prisma.empty}`
      : Prisma.sql`t.category_id = ${filter.categoryId}`;
    conditions.push(split.lines.length ? Prisma.sql`((${category}) OR t.id = ANY(${split.lines}))` : category);
  }
  if (filter.accountId) conditions.push(Prisma.sql`t.account_id = ${filter.accountId}`);
  if (filter.kind) conditions.push(Prisma.sql`t.kind = ${filter.kind}`);
  if (filter.payeeId) conditions.push(Prisma.sql`t.payee_id = ${filter.payeeId}`);
  if (filter.from) conditions.push(Prisma.sql`t.date >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`t.date < ${filter.to}`);
  if (filter.minAmount) conditions.push(Prisma.sql`t.amount >= ${filter.minAmount}::numeric`);
  if (filter.maxAmount) conditions.push(Prisma.sql`t.amount <= ${filter.maxAmount}::numeric`);
  for (const word of searchWords(filter.q)) conditions.push(Prisma.sql`t.search_text LIKE '%' || budget_fold(${word}) || '%'`);
  return Prisma.join(conditions, ' AND ');
}

/** A key naming the filter, for answers memoized per filter (the list's count and sum). */
export function filterKey(filter: TransactionFilter = {}): string {
  return JSON.stringify([
    filter.uncategorized ? null : (filter.categoryId ?? null),
    Boolean(filter.uncategorized),
    filter.accountId ?? null,
    filter.kind ?? null,
    filter.payeeId ?? null,
    filter.from?.toISOString() ?? null,
    filter.to?.toISOString() ?? null,
    filter.q ?? null,
    filter.minAmount ?? null,
    filter.maxAmount ?? null,
  ]);
}

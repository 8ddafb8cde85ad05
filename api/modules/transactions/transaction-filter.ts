import { Prisma } from '../../generated/prisma/client.ts';
import { addCalendarDays } from '../../lib/dates.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { transactionFilterQuery } from '../../../shared/inputs/transactions.ts';

/**
 * Which of the viewer's transactions a list, a sum or a bulk change takes (docs/product.md#transactions):
 * every condition given must hold. `uncategorized` takes precedence over `categoryId`. `from`/`to`
 * are stored calendar days, the half-open range [from, to). `q` is searched in the description,
 * case and accents ignored: each of its words, anywhere (inside words too) and in any order;
 * amounts are inclusive bounds.
 */
export interface TransactionFilter {
  categoryId?: string | null;
  uncategorized?: boolean | null;
  accountId?: string | null;
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

/** The words of a search folded by the database, in one statement. */
async function foldedWords(db: Prisma.TransactionClient, q: string | undefined) {
  const words = searchWords(q);
  if (!words.length) return [];
  const values = Prisma.join(words.map((word) => Prisma.sql`(${word})`));
  const rows = await db.$queryRaw<{ word: string }[]>`SELECT budget_fold(w) AS word FROM (VALUES ${values}) AS v(w)`;
  return rows.map((row) => row.word);
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
  const folded = await foldedWords(db, filter.q);
  return {
    ...owned(viewer),
    ...(filter.uncategorized ? { categoryId: null } : filter.categoryId ? { categoryId: filter.categoryId } : {}),
    ...(filter.accountId ? { accountId: filter.accountId } : {}),
    ...(filter.from || filter.to ? { date: { ...(filter.from && { gte: filter.from }), ...(filter.to && { lt: filter.to }) } } : {}),
    ...(filter.minAmount || filter.maxAmount
      ? { amount: { ...(filter.minAmount && { gte: filter.minAmount }), ...(filter.maxAmount && { lte: filter.maxAmount }) } }
      : {}),
    ...(folded.length ? { AND: folded.map((word) => ({ searchText: { contains: word } })) } : {}),
  };
}

/**
 * The same filter as SQL over `transactions t`, for the streamed reads that PostgreSQL builds as
 * JSON itself (transactions.service.ts#exportTransactionBatches). It must say exactly what
 * `filterWhere` says: transaction-filter.test.ts compares the two.
 */
export function filterSql(viewer: Viewer, filter: TransactionFilter = {}): Prisma.Sql {
  const conditions = [Prisma.sql`t.user_id = ${viewer.id}`];
  if (filter.uncategorized) conditions.push(Prisma.sql`t.category_id IS NULL`);
  else if (filter.categoryId) conditions.push(Prisma.sql`t.category_id = ${filter.categoryId}`);
  if (filter.accountId) conditions.push(Prisma.sql`t.account_id = ${filter.accountId}`);
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
    filter.from?.toISOString() ?? null,
    filter.to?.toISOString() ?? null,
    filter.q ?? null,
    filter.minAmount ?? null,
    filter.maxAmount ?? null,
  ]);
}

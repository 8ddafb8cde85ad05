import { Prisma } from '../../generated/prisma/client.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';

/**
 * Which of the viewer's transactions a list shows (docs/product.md#transactions): every condition
 * given must hold. `uncategorized` takes precedence over `categoryId`. `from`/`to` are stored
 * calendar days, the half-open range [from, to).
 */
export interface TransactionFilter {
  categoryId?: string | null;
  uncategorized?: boolean | null;
  accountId?: string | null;
  from?: Date;
  to?: Date;
}

/** The filter as a Prisma condition (lists, counts, aggregates). */
export function filterWhere(viewer: Viewer, filter: TransactionFilter = {}): Prisma.TransactionWhereInput {
  return {
    ...owned(viewer),
    ...(filter.uncategorized ? { categoryId: null } : filter.categoryId ? { categoryId: filter.categoryId } : {}),
    ...(filter.accountId ? { accountId: filter.accountId } : {}),
    ...(filter.from || filter.to ? { date: { ...(filter.from && { gte: filter.from }), ...(filter.to && { lt: filter.to }) } } : {}),
  };
}

/**
 * The same filter as SQL over `transactions t`, for the streamed reads that PostgreSQL builds as
 * JSON itself (api/modules/transactions/transactions.service.ts#exportTransactionBatches). It must
 * say exactly what `filterWhere` says: transaction-filter.test.ts compares the two.
 */
export function filterSql(viewer: Viewer, filter: TransactionFilter = {}): Prisma.Sql {
  const conditions = [Prisma.sql`t.user_id = ${viewer.id}`];
  if (filter.uncategorized) conditions.push(Prisma.sql`t.category_id IS NULL`);
  else if (filter.categoryId) conditions.push(Prisma.sql`t.category_id = ${filter.categoryId}`);
  if (filter.accountId) conditions.push(Prisma.sql`t.account_id = ${filter.accountId}`);
  if (filter.from) conditions.push(Prisma.sql`t.date >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`t.date < ${filter.to}`);
  return Prisma.join(conditions, ' AND ');
}

/** A key naming the filter, for answers memoized per filter (the list's count). */
export function filterKey(filter: TransactionFilter = {}): string {
  return JSON.stringify([
    filter.uncategorized ? null : (filter.categoryId ?? null),
    Boolean(filter.uncategorized),
    filter.accountId ?? null,
    filter.from?.toISOString() ?? null,
    filter.to?.toISOString() ?? null,
  ]);
}

import { Prisma } from '../../generated/prisma/client.ts';
import { Decimal } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';

/**
 * Spending as the reports and the Dashboard sum it (docs/product.md#refunds-and-splits): an
 * expense adds its amount, a refund takes it off. Over `transactions` (unqualified columns), for
 * totals that do not look at categories; per category, `spentByCategory` reads the
 * `spending_lines` view, which applies the same sign to split lines.
 */
export const SIGNED_AMOUNT = Prisma.sql`CASE WHEN kind = 'refund' THEN -amount ELSE amount END`;

/**
 * What each category spent in a window of days (of one account, or of all), refunds taken off and
 * split lines counted in their own categories: the `spending_lines` view summed per category, one
 * aggregate. The null category is the uncategorized spending. Categories without any line in the
 * window are not listed. Scoped to the viewer here, as every raw query is (docs/architecture.md#ownership).
 */
export async function spentByCategory(viewer: Viewer, window: { from: Date; to: Date }, accountId?: string) {
  const rows = await viewer.prisma.$queryRaw<{ categoryId: string | null; amount: Decimal }[]>`
    SELECT category_id AS "categoryId", sum(amount) AS amount FROM spending_lines
    WHERE user_id = ${viewer.budgetId} AND date >= ${window.from} AND date < ${window.to}
      ${accountId ? Prisma.sql`AND account_id = ${accountId}` : Prisma.empty}
    GROUP BY category_id`;
  return rows.map((r) => ({ categoryId: r.categoryId, amount: new Decimal(r.amount) }));
}

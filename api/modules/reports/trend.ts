import { Prisma } from '../../generated/prisma/client.ts';
import { addCalendarMonths, formatCalendarDate } from '../../lib/dates.ts';
import { Decimal } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { trendInput } from '../../../shared/inputs/reports.ts';
import { reportWindow, type ReportWindow } from './report-window.ts';
import { ownedAccount } from './reports.service.ts';
import { SIGNED_AMOUNT } from '../transactions/spending.ts';

type MonthTotal = { month: string; total: Decimal };

/**
 * One aggregate per source: the table's amounts summed per calendar month of the window (a refund's
 * taken off). Stored
 * days are UTC midnights, so a day's month is its UTC month; the user's time zone only decides
 * which month is the current one (reportWindow). A year of 100k rows is about as costly as the
 * yearly report's category sums (docs/performance.md), so the answer is kept until the user's next
 * change, as the transaction list's totals are.
 */
function monthlySums(viewer: Viewer, table: 'transactions' | 'paychecks', window: ReportWindow, accountId?: string) {
  const key = `trend:${table}:${window.from.toISOString()}:${window.to.toISOString()}:${accountId ?? ''}`;
  // Grouped by the month's first instant; named "YYYY-MM" only once per month, not per row.
  return viewer.memo.cached(
    viewer.budgetId,
    key,
    () => viewer.prisma.$queryRaw<MonthTotal[]>`
    SELECT to_char(m, 'YYYY-MM') AS month, total FROM (
      SELECT date_trunc('month', date AT TIME ZONE 'UTC') AS m, sum(${table === 'transactions' ? SIGNED_AMOUNT : Prisma.sql`amount`}) AS total
      FROM ${Prisma.raw(`"${table}"`)}
      WHERE user_id = ${viewer.budgetId} AND date >= ${window.from} AND date < ${window.to}
        ${accountId ? Prisma.sql`AND account_id = ${accountId}` : Prisma.empty}
      GROUP BY 1
    ) months`,
  );
}

/**
 * Income and spending per calendar month (docs/product.md#reports): the last `months` (default 12)
 * ending with the current month in the user's time zone, oldest first, months without data as 0;
 * of every account or of one (`accountId`, the viewer's, else NOT_FOUND). Transfers are neither.
 */
export async function trend(viewer: Viewer, input: unknown = {}, now = new Date()) {
  const { months = 12, ...asked } = parseInput(trendInput, input ?? {});
  const accountId = await ownedAccount(viewer, asked.accountId);
  const window = reportWindow({ months }, viewer.timeZone, now);
  const [spent, earned] = await Promise.all([
    monthlySums(viewer, 'transactions', window, accountId),
    monthlySums(viewer, 'paychecks', window, accountId),
  ]);
  const byMonth = (rows: MonthTotal[]) => new Map(rows.map((r) => [r.month, new Decimal(r.total)]));
  const [spending, income] = [byMonth(spent), byMonth(earned)];
  return Array.from({ length: months }, (_, i) => {
    const month = formatCalendarDate(addCalendarMonths(window.from, i)).slice(0, 7);
    return { month, income: income.get(month) ?? new Decimal(0), spending: spending.get(month) ?? new Decimal(0) };
  });
}

export type TrendMonth = Awaited<ReturnType<typeof trend>>[number];

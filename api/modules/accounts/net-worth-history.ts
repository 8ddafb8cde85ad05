import type { Account } from '../../generated/prisma/client.ts';
import { addCalendarMonths, currentMonth, formatCalendarDate } from '../../lib/dates.ts';
import { Decimal } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { netWorthHistoryInput } from '../../../shared/inputs/reconcile.ts';
import { listAccounts } from './accounts.service.ts';

export interface NetWorthMonth {
  /** "YYYY-MM". */
  month: string;
  total: Decimal;
  accounts: { account: Account; balance: Decimal }[];
}

type Row = { account_id: string; month: string; balance: Decimal };

/**
 * Net worth over time (docs/product.md#net-worth-over-time): each account's balance at the end of
 * each of the last `months` calendar months (ending with the current one in the user's time zone),
 * and their total, from the ledger: the starting balance plus the records counted from the starting
 * date through the month's end. Before its starting date an account is at its starting balance (the
 * ledger knows nothing older). One SQL statement: the records are summed per account and month
 * (older ones into the first month), then a running sum per account gives each month's end.
 */
export async function netWorthHistory(viewer: Viewer, input: unknown = {}, now = new Date()): Promise<NetWorthMonth[]> {
  const { months = 24 } = parseInput(netWorthHistoryInput, input ?? {});
  const { start, end } = currentMonth(viewer.timeZone, now);
  const first = addCalendarMonths(start, -(months - 1), 1);
  // Kept until the user's next change, as the trend is (docs/performance.md): ten years of 100k rows
  // is one pass over them, and a chart asks again on every visit to the Dashboard and Reports.
  const key = `net-worth:${formatCalendarDate(first)}:${formatCalendarDate(start)}`;
  const [accounts, rows] = await Promise.all([
    listAccounts(viewer),
    viewer.memo.cached(
      viewer.id,
      key,
      () => viewer.prisma.$queryRaw<Row[]>`
      WITH starts AS (
        SELECT id, starting_date FROM accounts WHERE user_id = ${viewer.id}
      ), per_month AS (
        -- Each table summed per account and month first (older months into the first one), then together.
        SELECT account_id, greatest(m, ${formatCalendarDate(first)}::timestamp) AS m, sum(s) AS s FROM (
          SELECT t.account_id, date_trunc('month', t.date AT TIME ZONE 'UTC') AS m,
              sum(CASE WHEN t.kind = 'refund' THEN t.amount ELSE -t.amount END) AS s
            FROM transactions t JOIN starts a ON a.id = t.account_id
            WHERE t.user_id = ${viewer.id} AND t.date >= a.starting_date AND t.date < ${end} GROUP BY 1, 2
          UNION ALL
          SELECT p.account_id, date_trunc('month', p.date AT TIME ZONE 'UTC'), sum(p.amount)
            FROM paychecks p JOIN starts a ON a.id = p.account_id
            WHERE p.user_id = ${viewer.id} AND p.date >= a.starting_date AND p.date < ${end} GROUP BY 1, 2
          UNION ALL
          SELECT x.from_account_id, date_trunc('month', x.date AT TIME ZONE 'UTC'), -sum(x.amount)
            FROM transfers x JOIN starts a ON a.id = x.from_account_id
            WHERE x.user_id = ${viewer.id} AND x.date >= a.starting_date AND x.date < ${end} GROUP BY 1, 2
          UNION ALL
          SELECT x.to_account_id, date_trunc('month', x.date AT TIME ZONE 'UTC'), sum(x.amount)
            FROM transfers x JOIN starts a ON a.id = x.to_account_id
            WHERE x.user_id = ${viewer.id} AND x.date >= a.starting_date AND x.date < ${end} GROUP BY 1, 2
        ) sums GROUP BY 1, 2
      ), months AS (
        SELECT generate_series(${formatCalendarDate(first)}::timestamp, ${formatCalendarDate(start)}::timestamp, interval '1 month') AS m
      )
      SELECT a.id AS account_id, to_char(months.m, 'YYYY-MM') AS month,
        a.starting_balance + coalesce(sum(p.s) OVER (PARTITION BY a.id ORDER BY months.m), 0) AS balance
      FROM accounts a CROSS JOIN months LEFT JOIN per_month p ON p.account_id = a.id AND p.m = months.m
      WHERE a.user_id = ${viewer.id}`,
    ),
  ]);
  const balances = new Map(rows.map((r) => [`${r.account_id}:${r.month}`, new Decimal(r.balance)]));
  return Array.from({ length: months }, (_, i) => {
    const month = formatCalendarDate(addCalendarMonths(first, i, 1)).slice(0, 7);
    // An account added after this request's list was read has no row in it; one deleted meanwhile no balance.
    const entries = accounts.flatMap((account) => {
      const balance = balances.get(`${account.id}:${month}`);
      return balance ? [{ account, balance }] : [];
    });
    return { month, total: entries.reduce((sum, e) => sum.plus(e.balance), new Decimal(0)), accounts: entries };
  });
}

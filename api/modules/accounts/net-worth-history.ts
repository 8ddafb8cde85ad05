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
  const [accounts, rows] = await Promise.all([
    listAccounts(viewer),
    viewer.prisma.$queryRaw<Row[]>`
      WITH changes AS (
        SELECT account_id, date, -amount AS change FROM transactions WHERE user_id = ${viewer.id} AND account_id IS NOT NULL AND date < ${end}
        UNION ALL SELECT account_id, date, amount FROM paychecks WHERE user_id = ${viewer.id} AND account_id IS NOT NULL AND date < ${end}
        UNION ALL SELECT from_account_id, date, -amount FROM transfers WHERE user_id = ${viewer.id} AND from_account_id IS NOT NULL AND date < ${end}
        UNION ALL SELECT to_account_id, date, amount FROM transfers WHERE user_id = ${viewer.id} AND to_account_id IS NOT NULL AND date < ${end}
      ), per_month AS (
        SELECT c.account_id, greatest(date_trunc('month', c.date AT TIME ZONE 'UTC'), ${formatCalendarDate(first)}::timestamp) AS m, sum(c.change) AS s
        FROM changes c JOIN accounts a ON a.id = c.account_id AND a.user_id = ${viewer.id}
        WHERE c.date >= a.starting_date
        GROUP BY 1, 2
      ), months AS (
        SELECT generate_series(${formatCalendarDate(first)}::timestamp, ${formatCalendarDate(start)}::timestamp, interval '1 month') AS m
      )
      SELECT a.id AS account_id, to_char(months.m, 'YYYY-MM') AS month,
        a.starting_balance + coalesce(sum(p.s) OVER (PARTITION BY a.id ORDER BY months.m), 0) AS balance
      FROM accounts a CROSS JOIN months LEFT JOIN per_month p ON p.account_id = a.id AND p.m = months.m
      WHERE a.user_id = ${viewer.id}`,
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

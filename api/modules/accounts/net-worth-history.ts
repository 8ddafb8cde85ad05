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
 * ledger knows nothing older). One SQL statement: the whole months after each account's starting
 * month come from `account_month_totals`, which triggers keep equal to the records
 * (docs/performance.md#net-worth-history); the starting month, counted from its starting day, from
 * its records; older months fold into the first, and a running sum per account gives each month's end.
 */
export async function netWorthHistory(viewer: Viewer, input: unknown = {}, now = new Date()): Promise<NetWorthMonth[]> {
  const { months = 24 } = parseInput(netWorthHistoryInput, input ?? {});
  const { start, end } = currentMonth(viewer.timeZone, now);
  const first = addCalendarMonths(start, -(months - 1), 1);
  const firstMonth = formatCalendarDate(first);
  // Kept until the user's next change, as the trend is (docs/performance.md): a chart asks again on
  // every visit to the Dashboard and Reports.
  const key = `net-worth:${firstMonth}:${formatCalendarDate(start)}`;
  const [accounts, rows] = await Promise.all([
    listAccounts(viewer),
    viewer.memo.cached(
      viewer.budgetId,
      key,
      () => viewer.prisma.$queryRaw<Row[]>`
      WITH starts AS (
        SELECT id, starting_date, date_trunc('month', starting_date AT TIME ZONE 'UTC') AS start_month
        FROM accounts WHERE user_id = ${viewer.budgetId}
      ), per_month AS (
        -- Whole months after the starting one, through the current one (older months into the first shown).
        SELECT t.account_id, greatest(t.month AT TIME ZONE 'UTC', ${firstMonth}::timestamp) AS m, sum(t.amount) AS s
          FROM account_month_totals t JOIN starts a ON a.id = t.account_id
          WHERE t.month AT TIME ZONE 'UTC' > a.start_month AND t.month < ${end}
          GROUP BY 1, 2
        UNION ALL
        -- The starting month from the starting day: at most a month of one account's records.
        SELECT a.id, greatest(a.start_month, ${firstMonth}::timestamp), sum(r.moved)
          FROM (SELECT *, least((start_month + interval '1 month') AT TIME ZONE 'UTC', ${end}) AS until FROM starts) a
          CROSS JOIN LATERAL (
            SELECT CASE WHEN t.kind = 'refund' THEN t.amount ELSE -t.amount END AS moved FROM transactions t
              WHERE t.account_id = a.id AND t.date >= a.starting_date AND t.date < a.until
            UNION ALL
            SELECT p.amount FROM paychecks p WHERE p.account_id = a.id AND p.date >= a.starting_date AND p.date < a.until
            UNION ALL
            SELECT -x.amount FROM transfers x WHERE x.from_account_id = a.id AND x.date >= a.starting_date AND x.date < a.until
            UNION ALL
            SELECT x.amount FROM transfers x WHERE x.to_account_id = a.id AND x.date >= a.starting_date AND x.date < a.until
          ) r
          GROUP BY 1, 2
      ), months AS (
        SELECT generate_series(${firstMonth}::timestamp, ${formatCalendarDate(start)}::timestamp, interval '1 month') AS m
      )
      SELECT a.id AS account_id, to_char(months.m, 'YYYY-MM') AS month,
        a.starting_balance + coalesce(sum(p.s) OVER (PARTITION BY a.id ORDER BY months.m), 0) AS balance
      FROM accounts a CROSS JOIN months LEFT JOIN (SELECT account_id, m, sum(s) AS s FROM per_month GROUP BY 1, 2) p
        ON p.account_id = a.id AND p.m = months.m
      WHERE a.user_id = ${viewer.budgetId}`,
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

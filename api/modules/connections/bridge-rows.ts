import { BankBridgeError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { buildRow, parseAmountCell, type FileRow } from '../imports/cells.ts';
import type { BridgeAccount } from './simplefin.ts';

/**
 * A bridge account's transactions as an import's rows (docs/product.md#bank-sync): the SimpleFIN
 * id is the row's FITID, money out (below zero) an expense, money in income, dated on its posting
 * day in UTC (a pending one, not posted yet, on the day it happened). Transactions already in the
 * account (their id is a record's FITID there) are left out; those of them the bank has now posted
 * are answered in `posted`, so their pending mark can go. Zero amounts record nothing. A row that
 * cannot be read refuses the whole answer.
 */
export async function bridgeRows(
  viewer: Viewer,
  accountId: string,
  account: BridgeAccount,
): Promise<{ rows: FileRow[]; posted: string[] }> {
  const transactions = account.transactions ?? [];
  const ids = transactions.map((t) => t.id);
  // `= ANY` of an array: the (user_id, fitid) index answers it, statistics or not (a new table's too).
  const existing = new Set(
    (
      await viewer.prisma.$queryRaw<{ fitid: string }[]>`
        SELECT fitid FROM transactions WHERE user_id = ${viewer.budgetId} AND fitid = ANY(${ids}::text[]) AND account_id = ${accountId}
        UNION ALL
        SELECT fitid FROM paychecks WHERE user_id = ${viewer.budgetId} AND fitid = ANY(${ids}::text[]) AND account_id = ${accountId}`
    ).map((r) => r.fitid),
  );
  const seen = new Set<string>();
  const rows: FileRow[] = [];
  const posted: string[] = [];
  for (const t of transactions) {
    if (seen.has(t.id)) throw new BankBridgeError(`The bridge sent the transaction ${t.id.slice(0, 40)} twice`);
    seen.add(t.id);
    const pending = t.pending === true;
    if (existing.has(t.id)) {
      if (!pending) posted.push(t.id);
      continue;
    }
    const amount = parseAmountCell(t.amount, false);
    if (amount === undefined)
      throw new BankBridgeError(`The bridge sent an amount this app cannot keep: ${t.amount.slice(0, 40)} (at most 2 decimals)`);
    if (amount === null || /^-?0\.00$/.test(amount)) continue;
    const seconds = t.posted || t.transacted_at || account['balance-date'];
    const row = buildRow(
      rows.length + 1,
      {
        date: new Date(seconds * 1000).toISOString().slice(0, 10),
        description: t.description.trim() || t.payee?.trim() || t.memo?.trim() || 'Bank transaction',
        amount,
        amountCell: t.amount,
        fitid: t.id,
      },
      'YYYY-MM-DD',
      true,
    );
    if (row.error) throw new BankBridgeError(`The bridge sent a transaction this app cannot read: ${row.error}`);
    rows.push({ ...row, pending });
  }
  return { rows, posted };
}

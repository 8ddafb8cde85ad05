import { stringify } from 'csv-stringify';
import { formatCalendarDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { streamTransactions } from '../transactions/transactions.service.ts';

/**
 * A cell that a spreadsheet would run as a formula (OWASP CSV injection: = + - @ tab CR) is
 * prefixed with a quote. Amounts are written by us as plain numbers and never need it.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The transactions (of a date range, or all) as CSV rows `Date, Description, Amount, Category`, streamed. */
export function transactionsCsv(viewer: Viewer, range?: { from: Date; to: Date }) {
  const csv = stringify({ header: true, columns: ['Date', 'Description', 'Amount', 'Category'] });
  (async () => {
    const where = range ? { date: { gte: range.from, lt: range.to } } : {};
    for await (const batch of streamTransactions(viewer, { where, include: { category: { select: { name: true } } } })) {
      for (const t of batch) {
        const row = [formatCalendarDate(t.date), neutraliseCell(t.description), formatMoney(t.amount), neutraliseCell(t.category?.name ?? 'Uncategorized')];
        if (!csv.write(row)) await new Promise((r) => csv.once('drain', r));
      }
    }
    csv.end();
  })().catch((err) => csv.destroy(err));
  return csv;
}

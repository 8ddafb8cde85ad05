import { stringify } from 'csv-stringify';
import type { Viewer } from '../../lib/viewer.ts';
import { exportTransactionRows } from '../transactions/transactions.service.ts';

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
    for await (const batch of exportTransactionRows(viewer, range)) {
      for (const t of batch) {
        const row = [t.date, neutraliseCell(t.description), t.amount, neutraliseCell(t.categoryName ?? 'Uncategorized')];
        if (!csv.write(row)) await new Promise((r) => csv.once('drain', r));
      }
    }
    csv.end();
  })().catch((err) => csv.destroy(err));
  return csv;
}

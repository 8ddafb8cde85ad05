import { stringify } from 'csv-stringify';
import type { Viewer } from '../../lib/viewer.ts';
import { exportTransactionBatches } from '../transactions/transactions.service.ts';
import type { TransactionFilter } from '../transactions/transaction-filter.ts';

/**
 * A cell that a spreadsheet would run as a formula (OWASP CSV injection: = + - @ tab CR) is
 * prefixed with a quote. Amounts are written by us as plain numbers and never need it.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The transactions the filter matches (a date range, or all) as CSV rows `Date, Description, Amount,
 * Category`, streamed. A split transaction is one row per line, each with its amount and category,
 * its note after the description (docs/product.md#exports); a refund's amount is negative.
 */
export function transactionsCsv(viewer: Viewer, filter: TransactionFilter = {}) {
  const csv = stringify({ header: true, columns: ['Date', 'Description', 'Amount', 'Category'] });
  (async () => {
    for await (const batch of exportTransactionBatches(viewer, 'csv', filter)) {
      // Cells arrive as strings (amounts too): JSON.parse turns no money into a float here.
      const transactions = JSON.parse(batch) as [string, string, string, string | null, string | null][][];
      for (const [date, description, amount, category, note] of transactions.flat()) {
        const row = [
          date,
          neutraliseCell(note ? `${description} — ${note}` : description),
          amount,
          neutraliseCell(category ?? 'Uncategorized'),
        ];
        if (!csv.write(row)) await new Promise((r) => csv.once('drain', r));
      }
    }
    csv.end();
  })().catch((err) => csv.destroy(err));
  return csv;
}

import { parseCalendarDate } from '../../../shared/validation.ts';
import type { DateFormat } from '../../../shared/inputs/imports.ts';

/**
 * Reading one cell of a bank's file: a date in one of the formats banks write, an amount with
 * either decimal separator. Pure string work (no floats: docs/architecture.md#money).
 */

/**
 * One row of a file, before it is matched against the user's data. `index` is the row number the user
 * sees. A preview row copies these fields one by one (previewRows in imports.service.ts): a new one goes there too.
 */
export interface FileRow {
  index: number;
  /** YYYY-MM-DD, or null when unreadable or the date format is still to be chosen. */
  date: string | null;
  description: string;
  /** The amount as stored: positive, two decimals. */
  amount: string | null;
  /** An expense becomes a transaction, income a paycheck. */
  kind: 'transaction' | 'paycheck' | null;
  /** The statement's own id of the row (OFX FITID). */
  fitid: string | null;
  /** The category the file names, if it has such a column. */
  category: string | null;
  error: string | null;
  /** The date cell as written, while the date format is still to be decided. */
  dateText?: string;
  /** Still pending at the bank (a bank connection's row: docs/product.md#bank-sync); written on the record. */
  pending?: boolean;
}

/** A transaction's description is at most 500 characters (shared/inputs/transactions.ts): longer ones are cut. */
export const MAX_DESCRIPTION = 500;

const DATE_PATTERNS: Record<DateFormat, { re: RegExp; order: [year: number, month: number, day: number] }> = {
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, order: [3, 1, 2] },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, order: [3, 2, 1] },
  'YYYY-MM-DD': { re: /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/, order: [1, 2, 3] },
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/, order: [3, 2, 1] },
};

/** The calendar day a cell writes in `format` ("2024-01-31"), or null. A time after the date is ignored. */
export function parseDateCell(cell: string, format: DateFormat): string | null {
  const text = cell.trim().split(/[\sT]/)[0] ?? '';
  const { re, order } = DATE_PATTERNS[format];
  const m = re.exec(text);
  if (!m) return null;
  const [y, mo, d] = order.map((i) => m[i]!);
  const year = y!.length === 2 ? `20${y}` : y!;
  const iso = `${year}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return parseCalendarDate(iso) ? iso : null;
}

/** How many of `cells` read as real dates in each format, added to `counts` (a file's are counted a slice at a time). */
export function countDates(cells: readonly string[], counts = new Map<DateFormat, number>()) {
  for (const format of Object.keys(DATE_PATTERNS) as DateFormat[])
    counts.set(format, (counts.get(format) ?? 0) + cells.filter((c) => parseDateCell(c, format)).length);
  return counts;
}

/**
 * The formats under which the most cells read as real dates: one when the data decides it, several
 * when it cannot (every day 12 or less: MM/DD or DD/MM), none when no cell is a date.
 */
export function detectDateFormats(cells: readonly string[], counts = countDates(cells)): DateFormat[] {
  const best = Math.max(...counts.values());
  return best === 0 ? [] : [...counts].filter(([, n]) => n === best).map(([f]) => f);
}

/** True when the amounts write their decimals after a comma ("12,50", "1.234,56"). */
export function usesDecimalComma(cells: string[]): boolean {
  let comma = 0;
  let dot = 0;
  for (const cell of cells) {
    const text = cell.trim();
    if (/,\d{1,2}\)?-?$/.test(text)) comma++;
    else if (/\.\d{1,2}\)?-?$/.test(text)) dot++;
  }
  return comma > dot;
}

/**
 * A signed amount with two decimals ("-1234.50"), null for an empty cell, or undefined when the
 * cell is not an amount. Currency signs and spaces are ignored; "(12.50)" and "12.50-" are negative.
 */
export function parseAmountCell(cell: string, decimalComma: boolean): string | null | undefined {
  let text = cell.trim();
  if (!text) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) [negative, text] = [true, text.slice(1, -1)];
  // Spaces, apostrophes (' ’), currency signs ($ € £ ¥): ’ and € as escapes (api/scripts/build-server.ts says why).
  text = text.replace(/[\s\u00a0'\u2019$\u20ac£¥]|[A-Z]{3}$|^[A-Z]{3}/g, '');
  if (text.endsWith('-')) [negative, text] = [!negative, text.slice(0, -1)];
  if (text.startsWith('-')) [negative, text] = [!negative, text.slice(1)];
  else if (text.startsWith('+')) text = text.slice(1);
  text = decimalComma ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '');
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (whole.length > 10 || fraction.length > 2) return undefined;
  const value = `${whole}.${fraction.padEnd(2, '0')}`;
  return negative && value !== '0.00' ? `-${value}` : value;
}

/** A description as stored: spaces folded, at most MAX_DESCRIPTION characters. */
export function cleanDescription(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_DESCRIPTION);
}

/**
 * A row from its cells: the signed amount's sign tells expense from income (`expensesNegative`:
 * the file writes expenses below zero). The first problem is the row's error.
 */
export function buildRow(
  index: number,
  cells: {
    date: string;
    description: string;
    amount: string | null | undefined;
    amountCell: string;
    fitid?: string | null;
    category?: string | null;
  },
  dateFormat: DateFormat | null,
  expensesNegative: boolean,
): FileRow {
  const date = dateFormat ? parseDateCell(cells.date, dateFormat) : null;
  const description = cleanDescription(cells.description);
  const { amount } = cells;
  const row: FileRow = {
    index,
    date,
    description,
    amount: null,
    kind: null,
    fitid: cells.fitid || null,
    category: cells.category?.trim() || null,
    error: null,
    ...(dateFormat ? {} : { dateText: cells.date }),
  };
  if (amount) {
    const below = amount.startsWith('-');
    row.amount = below ? amount.slice(1) : amount;
    row.kind = below === expensesNegative ? 'transaction' : 'paycheck';
  }
  const problem =
    dateFormat && !date
      ? `unreadable date "${cells.date.trim()}"`
      : amount === undefined
        ? `unreadable amount "${cells.amountCell.trim()}"`
        : amount === null
          ? 'missing amount'
          : row.amount === '0.00'
            ? 'amount is zero'
            : !description
              ? 'missing description'
              : null;
  if (problem) row.error = `Row ${index}: ${problem}`;
  return row;
}

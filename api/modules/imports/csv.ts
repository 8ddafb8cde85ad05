import { createHash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { letOthersIn, slices } from '../../lib/work-in-slices.ts';
import { DELIMITERS, type CsvMapping, type DateFormat, type Delimiter, type ImportMappingInput } from '../../../shared/inputs/imports.ts';
import { buildRow, countDates, detectDateFormats, parseAmountCell, parseDateCell, usesDecimalComma, type FileRow } from './cells.ts';

/**
 * Bank CSV files (docs/product.md#import): any layout. The mapping (delimiter, header row,
 * columns, date format, decimal comma, sign of expenses) is detected from the first rows (of the
 * first 32 KB) and can be sent back edited; the file is then read once with csv-parse, in slices.
 */

export interface DetectedCsv {
  mapping: CsvMapping;
  /** The header's cells (or "Column 1"…), for the mapping controls. */
  columns: string[];
  /** The date formats the data allows: one, or several when it must be chosen. */
  dateFormats: DateFormat[];
  /** The key a chosen mapping is remembered under: the delimiter and header row; null without a header. */
  signature: string | null;
}

/** How many records detection looks at, at most, and in how much of the file. */
const SAMPLE = 200;
const SAMPLE_CHARS = 32 * 1024;
/** The widest table a mapping can name (its columns are numbered up to 999). */
const MAX_COLUMNS = 1000;
/** The longest record read: a bank's line is a few hundred characters; a longer one is no statement's. */
const MAX_RECORD_CHARS = 64 * 1024;
/** How much of the file is read at once, and how many of its rows are looked at, between two turns of others (a few milliseconds). */
const CHUNK_CHARS = 16 * 1024;
const SLICE_ROWS = 1000;

export const readOptions = (delimiter: Delimiter) =>
  ({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }) as const;

/** The first 32 KB of the file, ending at a line break: what detection reads, however large the file. */
function sampleOf(text: string) {
  if (text.length <= SAMPLE_CHARS) return text;
  const end = text.lastIndexOf('\n', SAMPLE_CHARS);
  return text.slice(0, end > 0 ? end + 1 : SAMPLE_CHARS);
}

/** The most cells a line of `text` would have with `delimiter` (quotes aside): a cheap look before parsing. */
function widestLine(text: string, delimiter: Delimiter) {
  let widest = 1;
  let cells = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') cells = 1;
    else if (c === delimiter && ++cells > widest) widest = cells;
  }
  return widest;
}

/**
 * The sample's first records with `delimiter`: those before a record it cannot read (one the
 * sample cut). Without the delimiter there is no table to find, and a line of thousands of cells
 * is no statement's: then none, without parsing (csv-parse's time grows with every character).
 */
function sampleRecords(sample: string, delimiter: Delimiter): string[][] {
  const records: string[][] = [];
  const widest = widestLine(sample, delimiter);
  if (widest < 2 || widest > MAX_COLUMNS) return records;
  try {
    parse(sample, {
      ...readOptions(delimiter),
      to: SAMPLE,
      on_record: (record: string[]) => {
        records.push(record);
        return null;
      },
    });
  } catch {
    // A quote the sample (or the file) leaves open: the records before it are the sample.
  }
  return records;
}

/** The most frequent width among records, and how many records have it. */
function modalWidth(records: string[][]) {
  const counts = new Map<number, number>();
  for (const r of records) if (r.length > 1) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let best: [number, number] = [0, 0];
  for (const [width, n] of counts) if (n > best[1] || (n === best[1] && width > best[0])) best = [width, n];
  return { width: best[0], rows: best[1] };
}

const HEADER_WORD =
  /date|datum|description|payee|amount|betrag|debit|credit|memo|name|details|balance|category|buchung|transaction|withdrawal|deposit|narrative|reference/i;
const isValue = (cell: string) => parseAmountCell(cell, false) != null || detectDateFormats([cell]).length > 0;

/** Payee columns, in order of preference: `Payee`, `Name`, N26's `Partner Name`, `Empfänger`… (not an account's name). */
const PAYEE_COLUMNS = [
  /^(payee|name|partner name|merchant|merchant name|counterparty|counterparty name)$/i,
  /empf(ä|ae)nger|beg(ü|ue)nstigter|auftraggeber|zahlungspflichtiger|payee/i,
];

/** First pattern that matches a header cell (not matching `except`), in the patterns' order of preference. */
function findColumn(headers: string[], patterns: RegExp[], except?: RegExp, taken: (number | null)[] = []): number | null {
  for (const pattern of patterns) {
    const i = headers.findIndex((h, i) => pattern.test(h) && !except?.test(h) && !taken.includes(i));
    if (i !== -1) return i;
  }
  return null;
}

/** The share of `cells` (non-empty) that `test` accepts. */
const share = (cells: string[], test: (c: string) => boolean) => {
  const filled = cells.filter((c) => c.trim());
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
};

/** Detects the mapping from the file's first records; null when it is no table of dated amounts. */
export function detectCsv(text: string, given: ImportMappingInput = {}): DetectedCsv | null {
  const candidates = given.delimiter ? [given.delimiter] : DELIMITERS;
  const sample = sampleOf(text);
  const [delimiter, records] = candidates
    .map((d) => [d, sampleRecords(sample, d)] as const)
    .reduce((best, next) => {
      const [a, b] = [modalWidth(best[1]), modalWidth(next[1])];
      return b.rows > a.rows || (b.rows === a.rows && b.width > a.width) ? next : best;
    });
  const { width } = modalWidth(records);
  if (width < 2 || width > MAX_COLUMNS) return null;
  const detectedHeader = records.findIndex(
    (r) => r.length === width && r.some((c) => HEADER_WORD.test(c)) && share(r, (c) => !isValue(c)) >= 0.5,
  );
  const headerRow = given.headerRow ?? detectedHeader;
  const firstData = headerRow >= 0 ? headerRow + 1 : records.findIndex((r) => r.length === width);
  const data = records.slice(firstData).filter((r) => r.length >= width - 1);
  const headers = headerRow >= 0 ? (records[headerRow] ?? []).map((h) => h.trim()) : [];
  const columns = Array.from({ length: width }, (_, i) => headers[i] || `Column ${i + 1}`);
  const cellsOf = (i: number | null | undefined) => (i == null ? [] : data.map((r) => r[i] ?? ''));

  const date =
    given.date ??
    findColumn(headers, [/^(transaction|trans\.?|booking|value)?\s*date$/i, /date|datum|buchungstag|valuta/i]) ??
    firstColumn(width, (i) => share(cellsOf(i), (c) => detectDateFormats([c]).length > 0) >= 0.8);
  if (date === null) return null;
  const money = /balance|bal\.|running|saldo|summary/i;
  let amount = given.amount !== undefined ? given.amount : findColumn(headers, [/^amount$|^betrag/i, /amount|betrag|value|sum/i], money);
  let debit =
    given.debit !== undefined ? given.debit : findColumn(headers, [/debit|withdrawal|money out|paid out|^out$|soll|ausgang/i], money);
  let credit =
    given.credit !== undefined ? given.credit : findColumn(headers, [/credit|deposit|money in|paid in|^in$|haben|eingang/i], money);
  if (amount !== null && given.debit === undefined && given.credit === undefined) [debit, credit] = [null, null];
  if (amount === null && (debit === null || credit === null)) {
    amount = firstColumn(
      width,
      (i) => i !== date && share(cellsOf(i), (c) => parseAmountCell(c, usesDecimalComma([c])) != null) >= 0.8,
      true,
    );
    [debit, credit] = [null, null];
  }
  if (amount === null && debit === null && credit === null) return null;
  // A payee column (who was paid) describes a row better than a memo ("Kartenzahlung", a reference): docs/product.md#import.
  const description =
    given.description ??
    findColumn(headers, PAYEE_COLUMNS, /account|konto|iban|number|nummer/i) ??
    findColumn(headers, [
      /^description$/i,
      /description|payee|beschreibung|verwendungszweck|buchungstext|details|narrative|merchant/i,
      /^name$|memo/i,
    ]) ??
    widestText(width, cellsOf, [date, amount, debit, credit]);
  const category = given.category !== undefined ? given.category : findColumn(headers, [/^category$/i, /category|kategorie/i]);

  const amountCells = [amount, debit, credit].flatMap(cellsOf);
  const decimalComma = given.decimalComma ?? usesDecimalComma(amountCells);
  const dateFormats = given.dateFormat ? [given.dateFormat] : detectDateFormats(cellsOf(date));
  let negatives = 0;
  let positives = 0;
  for (const c of cellsOf(amount)) {
    const value = parseAmountCell(c, decimalComma);
    if (value?.startsWith('-')) negatives++;
    else if (value) positives++;
  }
  // Most lines of a statement are spending: the sign most amounts carry is the expenses' sign.
  const expenses = given.expenses ?? (negatives > 0 && negatives >= positives ? 'negative' : 'positive');
  return {
    mapping: {
      delimiter,
      headerRow,
      date,
      description,
      amount,
      debit,
      credit,
      category,
      dateFormat: dateFormats.length === 1 ? dateFormats[0]! : null,
      decimalComma,
      expenses,
    },
    columns,
    dateFormats,
    signature: headerRow >= 0 ? headerSignature(delimiter, headers) : null,
  };
}

function firstColumn(width: number, test: (i: number) => boolean, last = false): number | null {
  const order = Array.from({ length: width }, (_, i) => i);
  if (last) order.reverse();
  return order.find(test) ?? null;
}

/** The column of longest text among the others: the description when no header names it. */
function widestText(width: number, cellsOf: (i: number) => string[], taken: (number | null)[]) {
  let best: [number, number] = [0, -1];
  for (let i = 0; i < width; i++) {
    if (taken.includes(i)) continue;
    const length = cellsOf(i).reduce((sum, c) => sum + c.length, 0);
    if (length > best[1]) best = [i, length];
  }
  return best[0];
}

export function headerSignature(delimiter: string, headers: string[]) {
  return createHash('sha256')
    .update(`${delimiter}\n${headers.map((h) => h.trim().toLowerCase()).join('\n')}`)
    .digest('hex');
}

/** The text in pieces of about CHUNK_CHARS, never between the two halves of a character. */
function* chunks(text: string) {
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + CHUNK_CHARS, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * Every data record of the file as a row, with the mapping: `index` is the file's line number.
 * Records narrower than the mapping needs are rows with an error, never dropped. The file is
 * parsed a piece at a time, letting others in between (parsing a whole 10 MB file at once would hold
 * the process: docs/performance.md#imports).
 */
export async function readCsv(text: string, mapping: CsvMapping): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  const expensesNegative = mapping.expenses === 'negative';
  const cell = (record: string[], i: number | null) => (i === null ? '' : (record[i] ?? ''));
  let record = 0;
  const take = (r: string[], line: number) => {
    if (record++ <= mapping.headerRow || r.every((c) => !c)) return;
    let amount: string | null | undefined;
    let amountCell: string;
    if (mapping.amount !== null) {
      amountCell = cell(r, mapping.amount);
      amount = parseAmountCell(amountCell, mapping.decimalComma);
    } else {
      // Debit and credit columns: a debit is an expense, a credit income, whatever their cells' signs.
      const [debitCell, creditCell] = [cell(r, mapping.debit), cell(r, mapping.credit)];
      const [out, into] = [parseAmountCell(debitCell, mapping.decimalComma), parseAmountCell(creditCell, mapping.decimalComma)];
      const size = (v: string | null | undefined) => (v ? v.replace('-', '') : '0.00');
      amountCell = debitCell || creditCell;
      if (out === undefined || into === undefined) amount = undefined;
      else if (size(out) !== '0.00') amount = `${expensesNegative ? '-' : ''}${size(out)}`;
      else if (size(into) !== '0.00') amount = `${expensesNegative ? '' : '-'}${size(into)}`;
      else amount = out ?? into;
    }
    rows.push(
      buildRow(
        line,
        {
          date: cell(r, mapping.date),
          description: cell(r, mapping.description),
          amount,
          amountCell,
          category: cell(r, mapping.category),
        },
        mapping.dateFormat,
        expensesNegative,
      ),
    );
  };
  if (await readPlainCsv(text, mapping.delimiter, take)) return rows;
  // Not plain: csv-parse reads it from the start.
  [rows.length, record] = [0, 0];
  const parser = parseStream({
    ...readOptions(mapping.delimiter),
    max_record_size: MAX_RECORD_CHARS,
    on_record: (r: string[], context: { lines: number }) => {
      take(r, context.lines);
      return null;
    },
  });
  // Nothing comes out (every record is taken above): the stream only has to reach its end.
  parser.resume();
  // The stream's end, or its error (held until the loop below is done with the stream).
  const ended = finished(parser).then(
    () => null,
    (err: unknown) => err,
  );
  for (const chunk of chunks(text)) {
    // Each write parses its piece at once; an error ends the stream.
    if (parser.destroyed) break;
    parser.write(chunk);
    await letOthersIn();
  }
  if (!parser.destroyed) parser.end();
  const failure = await ended;
  if (failure) throw failure;
  return rows;
}

/**
 * Reads a plain CSV file line by line, each record to `take` with its line number, as csv-parse
 * would with `readOptions`; answers false, at the first thing that is not plain, for csv-parse to
 * read the file instead. Plain: lines ended all by `\n` or all by `\r\n`, none longer than
 * MAX_RECORD_CHARS, no byte order mark, a comma or semicolon between cells, and quotes only around
 * a whole cell on one line. csv-parse took about 3 µs a record (and an object of its own for
 * each), most of a 100,000-row file's reading (docs/performance.md#imports); the two are compared
 * on many files in parsers.test.ts.
 */
export async function readPlainCsv(text: string, delimiter: Delimiter, take: (record: string[], line: number) => void): Promise<boolean> {
  // A tab is also what trimming removes: csv-parse's order of the two is its own.
  if (delimiter === '\t' || text.charCodeAt(0) === 0xfeff) return false;
  const crlf = text.includes('\r');
  const separator = delimiter.charCodeAt(0);
  const sliceEnds = slices(SLICE_ROWS);
  let line = 0;
  for (let at = 0; at < text.length;) {
    const next = text.indexOf('\n', at);
    const end = next < 0 ? text.length : next;
    line++;
    let stop = end;
    if (crlf) {
      // Every line but a last one without an ending ends with \r\n, and no other \r is there.
      if (next >= 0 && text.charCodeAt(end - 1) !== 13) return false;
      if (next >= 0) stop--;
      const cr = text.indexOf('\r', at);
      if (cr >= 0 && cr < stop) return false;
    }
    if (stop - at > MAX_RECORD_CHARS) return false;
    const record = plainRecord(text, at, stop, separator);
    if (record === null) return false;
    if (record.length > 0) take(record, line);
    if (sliceEnds()) await letOthersIn();
    at = end + 1;
  }
  return true;
}

/** What csv-parse's `trim` removes around a cell: Unicode's spaces and line breaks. */
const trimmed = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  (c > 127 &&
    (c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff));

/** The cells of the line text[from, to): none for a line of nothing but spaces (skipped), null when it is not plain. */
function plainRecord(text: string, from: number, to: number, separator: number): string[] | null {
  const cells: string[] = [];
  let i = from;
  for (;;) {
    while (i < to && trimmed(text.charCodeAt(i))) i++;
    if (i < to && text.charCodeAt(i) === 34) {
      // A quoted cell: its text as it is, a doubled quote one quote; spaces only up to the separator.
      let value = '';
      for (let j = i + 1; ;) {
        const quote = text.indexOf('"', j);
        if (quote < 0 || quote >= to) return null;
        value += text.slice(j, quote);
        if (quote + 1 < to && text.charCodeAt(quote + 1) === 34) {
          value += '"';
          j = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      // csv-parse takes only ASCII spaces after a closing quote (others are its error).
      while (i < to && text.charCodeAt(i) < 128 && trimmed(text.charCodeAt(i))) i++;
      cells.push(value);
      if (i === to) return cells;
      if (text.charCodeAt(i) !== separator) return null;
      i++;
      continue;
    }
    let next = i;
    while (next < to && text.charCodeAt(next) !== separator) next++;
    let end = next;
    while (end > i && trimmed(text.charCodeAt(end - 1))) end--;
    const value = text.slice(i, end);
    if (value.includes('"')) return null;
    if (next === to && cells.length === 0 && value === '') return cells;
    cells.push(value);
    if (next === to) return cells;
    i = next + 1;
  }
}

/**
 * The rows of a file with its detected mapping. When the first records leave the date format
 * open, every date of the file decides it, if it can (a long file's later days often do).
 */
export async function readDetectedCsv(text: string, detected: DetectedCsv): Promise<{ rows: FileRow[]; csv: DetectedCsv }> {
  const rows = await readCsv(text, detected.mapping);
  if (detected.mapping.dateFormat) return { rows, csv: detected };
  const counts = new Map<DateFormat, number>();
  for (let i = 0; i < rows.length; i += SLICE_ROWS) {
    countDates(
      rows.slice(i, i + SLICE_ROWS).map((r) => r.dateText ?? ''),
      counts,
    );
    await letOthersIn();
  }
  const formats = detectDateFormats([], counts);
  const sliceEnds = slices(SLICE_ROWS);
  const dateFormats = formats.length > 0 ? formats : detected.dateFormats;
  const format = dateFormats.length === 1 ? dateFormats[0]! : null;
  for (const row of rows) {
    if (!format) break;
    row.date = parseDateCell(row.dateText ?? '', format);
    if (!row.date) row.error = `Row ${row.index}: unreadable date "${(row.dateText ?? '').trim()}"`;
    delete row.dateText;
    if (sliceEnds()) await letOthersIn();
  }
  return { rows, csv: { ...detected, mapping: { ...detected.mapping, dateFormat: format }, dateFormats } };
}

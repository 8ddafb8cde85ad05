import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDateFormats, parseAmountCell, parseDateCell, type FileRow } from './cells.ts';
import { parse } from 'csv-parse/sync';
import { detectCsv, readCsv, readDetectedCsv, readOptions, readPlainCsv } from './csv.ts';
import { findDuplicates, MAX_COMPARED, similarDescriptions, type ExistingRecord } from './duplicates.ts';
import { parseOfx, statementLines } from './ofx.ts';
import { decodeContent, readFile } from './file-rows.ts';
import { ValidationError } from '../../lib/errors.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const text = (name: string) => decodeContent({ content: fixture(name).toString('base64'), base64: true });
/** The rows as [index, date, description, amount, kind, error]. */
const brief = (rows: FileRow[]) => rows.map((r) => [r.index, r.date, r.description, r.amount, r.kind, r.error]);
const csvRows = async (name: string) => {
  const file = text(name);
  const detected = detectCsv(file)!;
  return { detected, rows: await readCsv(file, detected.mapping) };
};

describe('bank CSV layouts, detected', () => {
  it('Chase credit card: Transaction Date over Post Date, purchases negative', async () => {
    const { detected, rows } = await csvRows('chase-credit-card.csv');
    expect(detected.mapping).toMatchObject({ delimiter: ',', headerRow: 0, date: 0, description: 2, amount: 5, category: 3 });
    expect(detected.mapping).toMatchObject({ dateFormat: 'MM/DD/YYYY', decimalComma: false, expenses: 'negative' });
    expect(brief(rows)).toEqual([
      [2, '2024-01-28', 'STARBUCKS STORE 12345', '5.75', 'transaction', null],
      [3, '2024-01-27', 'AMAZON.COM*RT4KX1YZ2', '42.99', 'transaction', null],
      [4, '2024-01-25', 'Payment Thank You-Mobile', '500.00', 'paycheck', null],
      [5, '2024-01-22', 'WHOLEFDS MKT 10234', '87.12', 'transaction', null],
      [6, '2024-01-20', 'AMAZON.COM*RT4KX1YZ2', '12.00', 'paycheck', null],
      [7, '2024-01-15', 'SHELL OIL 57444, INC', '38.40', 'transaction', null],
    ]);
  });

  it('Bank of America checking: the header below the summary, "Running Bal." never the amount, the balance line an error', async () => {
    const { detected, rows } = await csvRows('bofa-checking.csv');
    expect(detected.mapping).toMatchObject({
      headerRow: 5,
      date: 0,
      description: 1,
      amount: 2,
      dateFormat: 'MM/DD/YYYY',
      expenses: 'negative',
    });
    expect(detected.columns).toEqual(['Date', 'Description', 'Amount', 'Running Bal.']);
    expect(brief(rows)).toEqual([
      [8, '2024-01-01', 'Beginning balance as of 01/01/2024', null, null, 'Row 8: missing amount'],
      [9, '2024-01-02', 'PAYROLL ACME CORP DES:PAYROLL ID:XXXXX12345', '2500.00', 'paycheck', null],
      [10, '2024-01-05', 'CITY POWER & LIGHT DES:BILL PAY ID:998877', '112.34', 'transaction', null],
      [11, '2024-01-13', 'RENT PAYMENT ONLINE TRANSFER', '1100.00', 'transaction', null],
      [12, '2024-01-20', 'TRADER JOE S #552', '77.22', 'transaction', null],
    ]);
  });

  it('European: semicolons, DD.MM.YYYY, decimal commas, Windows-1252', async () => {
    const { detected, rows } = await csvRows('european.csv');
    expect(detected.mapping).toMatchObject({
      delimiter: ';',
      date: 0,
      description: 2,
      amount: 3,
      dateFormat: 'DD.MM.YYYY',
      decimalComma: true,
    });
    expect(brief(rows)).toEqual([
      [2, '2024-01-02', 'REWE Markt Berlin', '23.45', 'transaction', null],
      [3, '2024-01-03', 'Gehalt Januar ACME GmbH', '2345.67', 'paycheck', null],
      [4, '2024-01-15', 'Miete Januar', '850.00', 'transaction', null],
      [5, '2024-01-31', 'Café Müller', '4.20', 'transaction', null],
    ]);
  });

  it('separate Debit and Credit columns', async () => {
    const { detected, rows } = await csvRows('debit-credit.csv');
    expect(detected.mapping).toMatchObject({ amount: null, debit: 2, credit: 3, dateFormat: 'YYYY-MM-DD' });
    expect(brief(rows)).toEqual([
      [2, '2024-03-01', 'Grocery Outlet', '54.10', 'transaction', null],
      [3, '2024-03-02', 'Direct Deposit EMPLOYER INC', '1800.00', 'paycheck', null],
      [4, '2024-03-04', 'Netflix.com', '15.49', 'transaction', null],
      [5, '2024-03-09', 'ATM Withdrawal', '100.00', 'transaction', null],
    ]);
  });

  it('asks for the date format when the data cannot tell, and flips the sign convention when told', async () => {
    const file = 'Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/04/2024,Salary,1000.00\n';
    const detected = detectCsv(file)!;
    expect(detected.mapping.dateFormat).toBeNull();
    expect(detected.dateFormats).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY']);
    expect((await readCsv(file, detected.mapping)).map((r) => [r.date, r.error])).toEqual([
      [null, null],
      [null, null],
    ]);
    const chosen = detectCsv(file, { dateFormat: 'DD/MM/YYYY', expenses: 'positive' })!;
    expect((await readCsv(file, chosen.mapping)).map((r) => [r.date, r.kind])).toEqual([
      ['2024-02-01', 'paycheck'],
      ['2024-04-03', 'transaction'],
    ]);
  });

  it('lets the whole file decide a date format its first rows leave open', async () => {
    const early = Array.from({ length: 300 }, (_, i) => `0${(i % 9) + 1}/01/2024,Shop ${i},-1.00`);
    const file = ['Date,Description,Amount', ...early, '25/01/2024,Late,-2.00'].join('\n');
    const detected = detectCsv(file)!;
    expect(detected.mapping.dateFormat).toBeNull();
    const { rows, csv } = await readDetectedCsv(file, detected);
    expect(csv.mapping.dateFormat).toBe('DD/MM/YYYY');
    expect([rows[0]!.date, rows.at(-1)!.date, rows.at(-1)!.error]).toEqual(['2024-01-01', '2024-01-25', null]);
  });

  it('names the row and the cell of an unreadable date or amount, and drops no row', async () => {
    const file =
      'Date,Description,Amount\n15/01/2024,Coffee,-3.50\n31/02/2024,Bad day,-1.00\n16/01/2024,Bad amount,abc\n17/01/2024,No amount,\n';
    const detected = detectCsv(file)!;
    expect(detected.mapping.dateFormat).toBe('DD/MM/YYYY');
    expect((await readCsv(file, detected.mapping)).map((r) => r.error)).toEqual([
      null,
      'Row 3: unreadable date "31/02/2024"',
      'Row 4: unreadable amount "abc"',
      'Row 5: missing amount',
    ]);
  });

  it('reads a file its preview has just read (same text, same mapping) once, another mapping afresh', async () => {
    const file = 'Date,Description,Amount\n15/01/2024,Coffee,-3.50\n16/01/2024,Tea,-2.00\n';
    const none = async () => undefined;
    const first = await readFile(file, undefined, none);
    expect((await readFile(file, undefined, none)).rows).toBe(first.rows);
    const flipped = await readFile(file, { expenses: 'positive' }, none);
    expect(flipped.rows).not.toBe(first.rows);
    expect(flipped.rows.map((r) => r.kind)).toEqual(['paycheck', 'paycheck']);
    expect((await readFile(`${file}17/01/2024,Cake,-4.00\n`, undefined, none)).rows).toHaveLength(3);
  });

  it('detects the layout from the first 32 KB: nothing after them is read to detect it', async () => {
    const long = Array.from({ length: 150 }, (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},${'Shop '.repeat(100)}${i},-1.00`);
    // 75 KB of records (150: fewer than the 200 detection looks at), then a quote that never closes.
    const file = `Date,Description,Amount\n${long.join('\n')}\n"unclosed,\n`;
    expect(file.length).toBeGreaterThan(70_000);
    expect(detectCsv(file)?.mapping).toMatchObject({ delimiter: ',', headerRow: 0, date: 0, description: 1, amount: 2 });
    // A first line of a million commas is no table (and costs 32 KB of reading, not the file).
    expect(detectCsv(','.repeat(1_000_000))).toBeNull();
  });

  it('a lone surrogate in the text sent becomes the replacement character', async () => {
    expect(decodeContent({ content: 'Date,Description,Amount\n2024-01-01,Caf\ud800,-1.00\n' })).toBe(
      'Date,Description,Amount\n2024-01-01,Caf\ufffd,-1.00\n',
    );
  });

  it('finds no table in text that is not one', async () => {
    expect(detectCsv('hello\nworld\n')).toBeNull();
    expect(detectCsv('a,b\nc,d\n')).toBeNull();
  });
});

describe('plain CSV, read without csv-parse', () => {
  /** csv-parse's records with their line numbers, or its error's code. */
  const parsed = (file: string, delimiter: ',' | ';') => {
    const records: [string[], number][] = [];
    try {
      parse(file, { ...readOptions(delimiter), on_record: (r: string[], c: { lines: number }) => (records.push([r, c.lines]), null) });
    } catch (err) {
      return (err as { code: string }).code;
    }
    return records;
  };
  const plain = async (file: string, delimiter: ',' | ';') => {
    const records: [string[], number][] = [];
    return (await readPlainCsv(file, delimiter, (r, line) => records.push([r, line]))) ? records : null;
  };

  it('reads what csv-parse reads, or leaves the file to it', async () => {
    const files = [
      'a,b\nc,d\n',
      'a,b\n\nc,d',
      'a,b\n  \nc,d\n',
      ' a , b \n\tc\t,\u00a0d\u2003\n',
      '"a ", " b"\n',
      '"a""x",b\n',
      'a,b\r\nc,d\r\n',
      'a,,\n,,\n""\n',
      '"",b\n "c" ,d\n',
    ];
    for (const file of files) expect(await plain(file, ',')).toEqual(parsed(file, ','));
    // Quotes across lines, a quote inside a cell, text after a closing quote, mixed line ends, a BOM, a tab: csv-parse's.
    for (const file of ['"a\nb",c\n', 'a"b,c\n', '"a"b,c\n', '"a"\u3000,b\n', 'a,b\r\nc,d\ne\n', 'a\rb\n', '\ufeffa,b\n', '"abc\n'])
      expect(await plain(file, ',')).toBeNull();
    expect(await readPlainCsv('a\tb\n', '\t', () => {})).toBe(false);
  });

  it('agrees with csv-parse on thousands of small random files', async () => {
    const pieces = ['a', 'b7', ',', ';', '"', '""', ' ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u3000'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let readPlainly = 0;
    for (let n = 0; n < 4000; n++) {
      const file = Array.from({ length: random(24) }, () => pieces[random(pieces.length)]).join('');
      const delimiter = n % 2 ? ',' : ';';
      const records = await plain(file, delimiter);
      if (records === null) continue;
      readPlainly++;
      expect([file, records]).toEqual([file, parsed(file, delimiter)]);
    }
    expect(readPlainly).toBeGreaterThan(1000);
  });
});

describe('cells', () => {
  it('reads amounts in both notations, signs and currency marks, and refuses the rest', async () => {
    expect(parseAmountCell('1,234.56', false)).toBe('1234.56');
    expect(parseAmountCell('1.234,56', true)).toBe('1234.56');
    expect(parseAmountCell('-23,4', true)).toBe('-23.40');
    expect(parseAmountCell('($12.00)', false)).toBe('-12.00');
    expect(parseAmountCell('12.00-', false)).toBe('-12.00');
    expect(parseAmountCell('€ 5', false)).toBe('5.00');
    expect(parseAmountCell('', false)).toBeNull();
    expect(parseAmountCell('12.345', false)).toBeUndefined();
    expect(parseAmountCell('12345678901', false)).toBeUndefined();
    expect(parseAmountCell('abc', false)).toBeUndefined();
  });

  it('reads dates in each format, only real ones', async () => {
    expect(parseDateCell('1/2/2024', 'MM/DD/YYYY')).toBe('2024-01-02');
    expect(parseDateCell('1/2/2024', 'DD/MM/YYYY')).toBe('2024-02-01');
    expect(parseDateCell('2024-02-29 10:00', 'YYYY-MM-DD')).toBe('2024-02-29');
    expect(parseDateCell('31.12.24', 'DD.MM.YYYY')).toBe('2024-12-31');
    expect(parseDateCell('31/02/2024', 'DD/MM/YYYY')).toBeNull();
    expect(detectDateFormats(['13/01/2024', '01/02/2024'])).toEqual(['DD/MM/YYYY']);
  });
});

describe('OFX', () => {
  it('1.02 SGML bank statement: unclosed leaf tags, entities, FITIDs', async () => {
    expect(brief((await parseOfx(text('bank-statement.ofx')))!)).toEqual([
      [1, '2024-01-02', 'ACME CORP PAYROLL', '2500.00', 'paycheck', null],
      [2, '2024-01-08', 'SAFEWAY #1234', '64.18', 'transaction', null],
      [3, '2024-01-15', 'CHECK 1042', '1100.00', 'transaction', null],
      [4, '2024-01-21', 'BARNES & NOBLE', '18.50', 'transaction', null],
    ]);
    expect((await parseOfx(text('bank-statement.ofx')))!.map((r) => r.fitid)).toEqual([
      '202401020001',
      '202401080002',
      '202401150003',
      '202401210004',
    ]);
  });

  it('2.x XML credit card statement', async () => {
    expect(brief((await parseOfx(text('credit-card.ofx')))!)).toEqual([
      [1, '2024-02-03', 'CHIPOTLE 0123', '12.34', 'transaction', null],
      [2, '2024-02-10', 'BEST BUY & CO 00012', '129.99', 'transaction', null],
      [3, '2024-02-15', 'PAYMENT - THANK YOU', '300.00', 'paycheck', null],
    ]);
  });

  it('QFX on one line', async () => {
    expect(brief((await parseOfx(text('quicken.qfx')))!)).toEqual([
      [1, '2024-03-31', 'INTEREST PAID', '3.21', 'paycheck', null],
      [2, '2024-03-15', 'MONTHLY SERVICE FEE', '5.00', 'transaction', null],
    ]);
  });

  it('a bad date or amount is the row error; a file without a statement is none', async () => {
    const sgml =
      '<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>2024XX01<TRNAMT>-1.00<FITID>1</STMTTRN><STMTTRN><DTPOSTED>20240101<TRNAMT>x<FITID>2</STMTTRN></BANKTRANLIST></OFX>';
    expect((await parseOfx(sgml))!.map((r) => r.error)).toEqual(['Row 1: unreadable date "2024XX01"', 'Row 2: unreadable amount "x"']);
    expect((await statementLines('<OFX><FOO>bar</FOO></OFX>')).statement).toBe(false);
    expect(await parseOfx('<OFX><FOO>bar</FOO></OFX>')).toBeNull();
  });

  const statement = (...lines: string[]) =>
    `<OFX><BANKTRANLIST>${lines.map((l) => `<STMTTRN><DTPOSTED>20240101<TRNAMT>-1.00${l}</STMTTRN>`).join('')}</BANKTRANLIST></OFX>`;
  const refusal = async (file: string) => {
    try {
      await parseOfx(file);
    } catch (err) {
      return err instanceof ValidationError ? err.issues : err;
    }
    return 'read';
  };

  it('refuses a character reference that is no character, naming its row', async () => {
    for (const reference of ['&#99999999;', '&#x110000;', '&#xD800;', '&#xdfff;', '&#0;', '&#x0;', '&#99999999999999999999999;']) {
      expect(await refusal(statement('<NAME>Fine', `<NAME>Bad ${reference} shop`)), reference).toEqual([
        { path: ['content'], message: `Row 2: "${reference}" is not a character` },
      ]);
    }
    // In its other fields too, and only in a statement line.
    expect(await refusal(statement('<FITID>&#xD800;'))).toEqual([{ path: ['content'], message: 'Row 1: "&#xD800;" is not a character' }]);
    const elsewhere = `<OFX><SONRS><LANGUAGE>&#99999999;</SONRS>${statement('<NAME>Caf&#xE9; &#128512; &amp; co').slice(5)}`;
    expect((await parseOfx(elsewhere))!.map((r) => r.description)).toEqual(['Café 😀 & co']);
  });

  it('refuses a FITID longer than the 255 characters OFX allows, naming its row', async () => {
    expect(await refusal(statement(`<FITID>${'1'.repeat(255)}`, `<FITID>${'2'.repeat(256)}`))).toEqual([
      { path: ['content'], message: 'Row 2: FITID is longer than 255 characters' },
    ]);
  });
});

describe('duplicates', () => {
  const row = (index: number, date: string, amount: string, description: string, fitid: string | null = null) => ({
    index,
    date,
    amount,
    description,
    kind: 'transaction' as const,
    fitid,
    category: null,
    error: null,
  });
  const existing = (id: string, date: string, amount: string, description: string | null, fitid: string | null = null): ExistingRecord => ({
    id,
    kind: 'expense',
    direction: 'out',
    enteredByHand: true,
    date,
    amount,
    description,
    fitid,
  });

  it('matches the same FITID, or the same amount within 3 days whatever the description, each existing row once', async () => {
    const found = await findDuplicates(
      [
        row(1, '2024-01-10', '5.00', 'STARBUCKS STORE 12'),
        row(2, '2024-01-10', '5.00', 'STARBUCKS STORE 12'),
        row(3, '2024-01-20', '9.99', 'Netflix'),
        row(4, '2024-01-10', '7.00', 'Lunch'),
        row(5, '2024-03-01', '1.00', 'Anything', 'F1'),
      ],
      [
        existing('a', '2024-01-12', '5.00', 'Starbucks'),
        existing('b', '2024-01-16', '9.99', 'Netflix'),
        existing('c', '2024-01-10', '7.00', 'Gas station'),
        existing('e', '2024-01-14', '7.00', 'Lunch'),
        existing('d', '2020-01-01', '2.00', 'Other', 'F1'),
      ],
    );
    // Lunch takes the record of its own day, worded otherwise, before the Lunch four days away (outside the window anyway).
    expect(Object.fromEntries([...found].map(([i, r]) => [i, r.id]))).toEqual({ 1: 'a', 4: 'c', 5: 'd' });
  });

  const ids = (found: Map<number, ExistingRecord>) => Object.fromEntries([...found].map(([i, r]) => [i, r.id]));

  it('matches each record with the nearest-dated row, wherever that row is in the file', async () => {
    // The coffee recorded on the 6th is the file's coffee of the 6th, not the one of the 5th listed first.
    const found = await findDuplicates(
      [row(1, '2024-01-05', '4.50', 'Coffee'), row(2, '2024-01-06', '4.50', 'Coffee'), row(3, '2024-01-09', '4.50', 'Coffee')],
      [existing('a', '2024-01-06', '4.50', 'Coffee'), existing('b', '2024-01-08', '4.50', 'Coffee')],
    );
    expect(ids(found)).toEqual({ 2: 'a', 3: 'b' });
  });

  it('gives a record with the row of its FITID before any row that only looks like it', async () => {
    const found = await findDuplicates(
      [row(1, '2024-01-05', '4.50', 'Coffee'), row(2, '2024-01-05', '4.50', 'Coffee', 'F1')],
      [existing('a', '2024-01-05', '4.50', 'Coffee', 'F1')],
    );
    expect(ids(found)).toEqual({ 2: 'a' });
  });

  it('compares a row with a bounded number of records however many share its amount and days', async () => {
    // 3,000 rows against 3,000 records of one amount and day, every description different.
    const rows = Array.from({ length: 3000 }, (_, i) => row(i + 1, '2024-01-05', '1.00', `Shop ${i} north`));
    const records = Array.from({ length: 3000 }, (_, i) => existing(`r${i}`, '2024-01-05', '1.00', `Store ${i} south`));
    let compared = 0;
    const counting = (a: readonly string[], b: string) => (compared++, similarDescriptions(a, b));
    // Every row takes a record of its amount and day, whatever its words, after a bounded look for one worded alike.
    expect((await findDuplicates(rows, records, { similar: counting })).size).toBe(3000);
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(rows.length * MAX_COMPARED);
    // Identical descriptions are found however many other records come first.
    const same = await findDuplicates([row(1, '2024-01-05', '1.00', 'Store 2999 south')], records, { similar: counting });
    expect(ids(same)).toEqual({ 1: 'r2999' });
  });
});

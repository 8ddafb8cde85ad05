import { z } from 'zod';
import { ACCOUNT_ID_MESSAGE } from '../validation.ts';
import { PAYEE_MAX } from './payees.ts';

/** docs/product.md#import: the files and mappings an import reads. */

/** The largest file an import reads, in MB: the server's limit, and what the dialog says and checks first. */
export const MAX_IMPORT_MB = 10;
export const MAX_IMPORT_BYTES = MAX_IMPORT_MB * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = `The file must be at most ${MAX_IMPORT_MB} MB`;
/** A request carrying one: the file as base64 (4/3 of its size) plus the row choices. */
export const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** The most rows one import takes (a 10 MB file has about 100,000). */
export const MAX_IMPORT_ROWS = 200_000;
export const IMPORT_ROWS_MESSAGE = `At most ${MAX_IMPORT_ROWS} rows`;

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** Each date format's name in GraphQL (`ImportDateFormat`), which cannot be the format itself. */
export const DATE_FORMAT_NAMES = {
  'MM/DD/YYYY': 'MM_DD_YYYY',
  'DD/MM/YYYY': 'DD_MM_YYYY',
  'YYYY-MM-DD': 'YYYY_MM_DD',
  'DD.MM.YYYY': 'DD_MM_YYYY_DOTS',
} as const satisfies Record<DateFormat, string>;
export const DELIMITERS = [',', ';', '\t'] as const;
/** How the file signs an expense in its amount column: `negative` (-12.50) or `positive` (12.50). */
export const EXPENSE_SIGNS = ['negative', 'positive'] as const;
export const ENCODINGS = ['utf-8', 'windows-1252'] as const;

const column = z.number({ message: 'A column must be a column number' }).int().min(0).max(999);
const noColumn = column.nullable();
const dateFormat = z.enum(DATE_FORMATS, { message: `Date format must be one of ${DATE_FORMATS.join(', ')}` });

/**
 * The fields of a CSV mapping: the one list the server's mapping type, the GraphQL input and
 * output, and (through the generated Relay types) the web's mapping come from.
 */
const mappingFields = {
  delimiter: z.enum(DELIMITERS, { message: 'Delimiter must be a comma, a semicolon or a tab' }),
  /** The header row's record number (0 = first), or -1 when the file has none. */
  headerRow: z.number().int().min(-1).max(999),
  date: column,
  description: column,
  /** One signed amount column, or (null) separate debit and credit columns. */
  amount: noColumn,
  debit: noColumn,
  credit: noColumn,
  category: noColumn,
  dateFormat,
  decimalComma: z.boolean(),
  expenses: z.enum(EXPENSE_SIGNS, { message: 'Expenses must be negative or positive' }),
};

/** A complete mapping, as detected or edited; its date format is null while the data cannot tell (never guessed). */
export const csvMapping = z.object({ ...mappingFields, dateFormat: dateFormat.nullable() });
export type CsvMapping = z.output<typeof csvMapping>;
export type Delimiter = CsvMapping['delimiter'];

/** A CSV column mapping sent back: each field optional, what is missing is detected from the file. */
export const importMappingInput = z.object(mappingFields).partial().strict();
export type ImportMappingInput = z.output<typeof importMappingInput>;

const fileFields = {
  fileName: z
    .string({ message: 'File name is required' })
    .trim()
    .min(1, 'File name is required')
    .max(255, 'File name must be at most 255 characters'),
  content: z
    .string({ message: 'Content must be the file as text' })
    // base64 of the largest file; the file itself is checked once decoded.
    .max(Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 4, FILE_TOO_LARGE_MESSAGE),
  /** True when `content` is the file's bytes in base64 (a file that is not UTF-8). */
  base64: z.boolean({ message: 'base64 must be true or false' }).optional(),
  /** The file's character set; detected when missing (UTF-8 with or without BOM, else Windows-1252). */
  encoding: z.enum(ENCODINGS, { message: 'Encoding must be utf-8 or windows-1252' }).optional(),
  accountId: z.string({ message: ACCOUNT_ID_MESSAGE }).nullish(),
  mapping: importMappingInput.nullish(),
};

export const previewImportInput = z.object(fileFields).strict();

/**
 * What a row is (docs/product.md#money-movement): money out is an expense or a transfer, money in
 * a refund, income (a paycheck) or a transfer.
 */
export const MOVEMENTS = ['expense', 'refund', 'income', 'transfer'] as const;
export type Movement = (typeof MOVEMENTS)[number];

export const importRowChoice = z
  .object({
    index: z.number({ message: 'Row index must be a row number' }).int().min(0),
    include: z.boolean({ message: 'include must be true or false' }),
    /** The category to give it; missing: the suggested one; null: none. */
    categoryId: z.string({ message: 'Category must be a category id' }).nullish(),
    /** What it is; missing: the preview's. */
    movement: z.enum(MOVEMENTS, { message: `Movement must be one of ${MOVEMENTS.join(', ')}` }).optional(),
    /** A transfer's other account; missing: the preview's. */
    transferAccountId: z.string({ message: 'Transfer account must be an account id' }).nullish(),
    /** The existing record of the account it is (then it is not written); missing: the preview's match; null: none. */
    matchId: z.string({ message: 'Match must be a record id' }).nullish(),
    /** Its payee's name; missing: the preview's; null or blank: none. */
    payee: z
      .string({ message: 'Payee must be text' })
      .trim()
      .max(PAYEE_MAX, `Payee must be at most ${PAYEE_MAX} characters`)
      .transform((name) => name || null)
      .nullish(),
    /** A matched row left out gives its record the bank's date and description (and payee). */
    takeBankDetails: z.boolean({ message: 'takeBankDetails must be true or false' }).optional(),
  })
  .strict();
/** What a commit changes on one row (its choice without the row's index): what is missing keeps the preview's. */
export type RowChoice = Omit<z.output<typeof importRowChoice>, 'index'>;

/** The same file and mapping as the preview, plus the choices made on its rows (rows not listed keep the preview's). */
export const commitImportInput = z
  .object({ ...fileFields, rows: z.array(importRowChoice).max(MAX_IMPORT_ROWS, IMPORT_ROWS_MESSAGE).optional() })
  .strict();

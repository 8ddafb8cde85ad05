import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { CsvError } from 'csv-parse/sync';
import { LRUCache } from 'lru-cache';
import { ValidationError } from '../../lib/errors.ts';
import { letOthersIn } from '../../lib/work-in-slices.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  importMappingInput,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ImportMappingInput,
} from '../../../shared/inputs/imports.ts';
import type { FileRow } from './cells.ts';
import { detectCsv, readDetectedCsv, type DetectedCsv } from './csv.ts';
import { looksLikeOfx, parseOfx } from './ofx.ts';

/** Turning an uploaded file into rows (docs/product.md#import): its text, its format, its mapping. */

export const NOT_READABLE = 'File is not a CSV or OFX file we can read';
const notReadable = () => new ValidationError([{ path: ['content'], message: NOT_READABLE }]);
const tooLarge = () => new ValidationError([{ path: ['content'], message: FILE_TOO_LARGE_MESSAGE }]);

/**
 * The file's text: as sent, or from base64 bytes in their character set (given, else UTF-8 when
 * the bytes are valid UTF-8, else Windows-1252). A byte order mark and NUL characters are dropped,
 * and half a character (a lone surrogate, which JSON text can carry) becomes U+FFFD: the database
 * stores neither.
 */
export function decodeContent(input: { content: string; base64?: boolean; encoding?: 'utf-8' | 'windows-1252' }): string {
  let text = input.content;
  if (input.base64) {
    const bytes = Buffer.from(input.content, 'base64');
    if (bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
    text = new TextDecoder(input.encoding ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252')).decode(bytes);
  } else if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw tooLarge();
  // The database refuses NUL characters in text: a stray one would fail the whole import.
  if (text.includes('\u0000')) text = text.replaceAll('\u0000', '');
  if (!text.isWellFormed()) text = text.toWellFormed();
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

export interface ReadFile {
  format: 'csv' | 'ofx';
  rows: FileRow[];
  /** A CSV's mapping as used, with its columns and date format choices; null for OFX. */
  csv: DetectedCsv | null;
  /** True when the mapping is the one remembered for this layout. */
  remembered: boolean;
}

/**
 * The rows of a file. A CSV is read with the mapping given, else the one remembered for its
 * layout (`remembered`), else the one detected; a given mapping's missing fields are detected.
 */
export async function readFile(
  text: string,
  mapping: ImportMappingInput | null | undefined,
  remembered: (signature: string) => Promise<unknown>,
): Promise<ReadFile> {
  try {
    if (looksLikeOfx(text)) {
      const rows = await parseOfx(text);
      if (!rows) throw notReadable();
      return withinRowLimit({ format: 'ofx', rows, csv: null, remembered: false });
    }
    let csv = detectCsv(text, mapping ?? {});
    if (!csv) throw notReadable();
    let fromMemory = false;
    if (!mapping && csv.signature) {
      const stored = importMappingInput.safeParse(await remembered(csv.signature));
      // A remembered date format the data refutes (this file's days cannot be read so) is detected afresh.
      const { dateFormat, ...rest } = stored.success ? stored.data : {};
      const fits = dateFormat && (csv.dateFormats.length === 0 || csv.dateFormats.includes(dateFormat));
      const again = stored.success ? detectCsv(text, fits ? { ...rest, dateFormat } : rest) : null;
      if (again) [csv, fromMemory] = [again, true];
    }
    return withinRowLimit({ format: 'csv', ...(await readCsvOrReuse(text, csv)), remembered: fromMemory });
  } catch (err) {
    // csv-parse refuses a malformed file (an unclosed quote): the file's fault, never a 500.
    if (err instanceof CsvError) throw notReadable();
    throw err;
  }
}

/**
 * A commit reads again the file its preview has just read (the same text, the same mapping), and
 * reading a 100,000-row CSV again would repeat much of the preview's work (docs/performance.md#imports):
 * the last few files read are kept a few minutes, by their text's hash and mapping. Another process (several behind one PostgreSQL) reads it afresh.
 */
const recentReads = new LRUCache<string, Awaited<ReturnType<typeof readDetectedCsv>>>({
  max: 2,
  ttl: 10 * 60_000,
  ttlAutopurge: true,
});

async function readCsvOrReuse(text: string, detected: DetectedCsv) {
  const key = `${await hashOf(text)} ${JSON.stringify(detected)}`;
  const read = recentReads.get(key) ?? (await readDetectedCsv(text, detected));
  // Kept a few minutes more from this read on.
  recentReads.set(key, read);
  return read;
}

/** Characters hashed at once: a 10 MB file's hash in one piece held the process some 30 ms. */
const HASHED_CHARS = 1024 * 1024;

/** The text's SHA-256, a piece at a time with others let in between; its UTF-16 code units as they are (a lone surrogate too). */
async function hashOf(text: string) {
  const hash = createHash('sha256');
  for (let at = 0; at < text.length; at += HASHED_CHARS) {
    hash.update(text.slice(at, at + HASHED_CHARS), 'utf16le');
    await letOthersIn();
  }
  return hash.digest('hex');
}

/** The file, unless it has more rows than an import takes (400 on `content`). */
function withinRowLimit(file: ReadFile) {
  if (file.rows.length > MAX_IMPORT_ROWS)
    throw new ValidationError([{ path: ['content'], message: `The file has more than ${MAX_IMPORT_ROWS} rows` }]);
  return file;
}

import { ValidationError } from '../../lib/errors.ts';
import { letOthersIn, mapInSlices, slices } from '../../lib/work-in-slices.ts';
import { buildRow, parseAmountCell, type FileRow } from './cells.ts';

/**
 * OFX statements (docs/product.md#import): 1.x is SGML, where a leaf element has no closing tag
 * (`<TRNAMT>-12.50`), 2.x is XML; QFX is OFX with Intuit's extra tags. One tokenizer reads both:
 * a tag, or the text up to the next tag. The statement lines are the `STMTTRN` aggregates, which
 * both versions close.
 */

/** OFX's limit for a FITID, and the column's that keeps it. */
export const MAX_FITID = 255;

/** True when the text is an OFX file: its header or its root element comes first. */
export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 4096).toUpperCase();
  return head.includes('OFXHEADER') || head.includes('<OFX>');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A numeric reference's character: any code point but NUL and the surrogates (which are halves of one), as XML allows. */
const isCharacter = (code: number) => code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);

/** The text of a statement line's field, its references read; one that is no character refuses the file, naming the row. */
function decodeEntities(text: string, row: number) {
  return text.includes('&')
    ? text.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (whole, name: string) => {
        if (name.startsWith('#')) {
          const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          if (!isCharacter(code)) throw new ValidationError([{ path: ['content'], message: `Row ${row}: "${whole}" is not a character` }]);
          return String.fromCodePoint(code);
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
      })
    : text;
}

type Token = { tag: string; closing: boolean } | { text: string };

/** The tags and texts (as written: references unread) of the body, in order; processing instructions and comments are skipped. */
export function* tokenize(text: string): Generator<Token> {
  let at = text.indexOf('<');
  while (at !== -1) {
    const end = text.indexOf('>', at);
    if (end === -1) return;
    const inside = text.slice(at + 1, end).trim();
    if (!inside.startsWith('?') && !inside.startsWith('!')) {
      const closing = inside.startsWith('/');
      const tag = (closing ? inside.slice(1) : inside).split(/\s/)[0]!.replace(/\/$/, '').toUpperCase();
      yield { tag, closing };
    }
    const next = text.indexOf('<', end + 1);
    const value = text.slice(end + 1, next === -1 ? undefined : next).trim();
    if (value) yield { text: value };
    at = next;
  }
}

/**
 * The fields of each STMTTRN aggregate (leaf element name → its text, references read), and
 * whether a statement was seen at all. Read in slices (api/lib/work-in-slices.ts).
 */
export async function statementLines(text: string) {
  const lines: Record<string, string>[] = [];
  let statement = false;
  let line: Record<string, string> | null = null;
  let leaf: string | null = null;
  const sliceEnds = slices(5000);
  for (const token of tokenize(text)) {
    if (sliceEnds()) await letOthersIn();
    if ('text' in token) {
      if (line && leaf && !(leaf in line)) line[leaf] = decodeEntities(token.text, lines.length + 1);
      continue;
    }
    if (token.tag === 'BANKTRANLIST') statement = true;
    if (token.tag === 'STMTTRN') {
      if (!token.closing) line = {};
      else if (line) {
        lines.push(line);
        line = null;
      }
    }
    leaf = token.closing ? null : token.tag;
  }
  return { lines, statement };
}

/** An OFX date-time (YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]]) as its calendar day, in the format cells use. */
function ofxDay(value: string | undefined) {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value?.trim() ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : (value ?? '');
}

/** The rows of an OFX statement; null when it has no statement lines at all. Read in slices. */
export async function parseOfx(text: string): Promise<FileRow[] | null> {
  const { lines, statement } = await statementLines(text);
  if (!statement) return null;
  return mapInSlices(lines, (line, i) => {
    const amountCell = line.TRNAMT ?? '';
    if (line.FITID && line.FITID.length > MAX_FITID)
      throw new ValidationError([{ path: ['content'], message: `Row ${i + 1}: FITID is longer than ${MAX_FITID} characters` }]);
    // TRNAMT is signed from the account holder's side: below zero is money out.
    return buildRow(
      i + 1,
      {
        date: ofxDay(line.DTPOSTED),
        description: line.NAME ?? line.MEMO ?? line.PAYEE ?? '',
        amount: parseAmountCell(amountCell, /,\d{1,2}$/.test(amountCell.trim())),
        amountCell,
        fitid: line.FITID ?? null,
      },
      'YYYY-MM-DD',
      true,
    );
  });
}

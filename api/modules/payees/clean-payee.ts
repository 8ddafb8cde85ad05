/**
 * A payee's name from a bank's description of a payment (docs/product.md#payees): the card
 * processor's prefix (`SQ *`, `TST*`, `PAYPAL *`, …), reference numbers, store numbers and
 * trailing location codes dropped, well-known merchants' codes named, and the case made a title's.
 * Pure and cheap: an import runs it once per distinct description.
 */

/** Merchants whose bank text says little: a pattern of the text, the payee it means. */
const KNOWN: [RegExp, string][] = [
  [/^AMZN\b|^AMAZON(\.COM|\s+MKTP|\s+MARKETPLACE|\s+PRIME)?\b/i, 'Amazon'],
  [/^WHOLEFDS\b|^WHOLE\s*FOODS\b/i, 'Whole Foods Market'],
  [/^UBER\s*\*?\s*EATS\b/i, 'Uber Eats'],
  [/^UBER\b/i, 'Uber'],
  [/^LYFT\b/i, 'Lyft'],
  [/^NETFLIX\b/i, 'Netflix'],
  [/^SPOTIFY/i, 'Spotify'],
  [/^APPLE\.COM\/BILL\b|^APL\*\s*ITUNES/i, 'Apple'],
  [/^GOOGLE\s*\*/i, 'Google'],
  [/^WAL-?MART\b|^WM\s+SUPERCENTER\b/i, 'Walmart'],
  [/^TARGET\b/i, 'Target'],
  [/^COSTCO\b/i, 'Costco'],
  [/^STARBUCKS\b/i, 'Starbucks'],
];

/** Any of KNOWN: one test tells most names (no known merchant's) apart, not thirteen. */
const ANY_KNOWN = new RegExp(KNOWN.map(([pattern]) => `(?:${pattern.source})`).join('|'), 'i');

/** Card processors' and wallets' prefixes, ended by `*` or a space. */
const PROCESSOR =
  /^(SQ|SQU|TST|SP|PP|PAYPAL|PY|IC|GRUBHUB|DD|DOORDASH|POS|DEBIT|PURCHASE|CHECKCARD|CKCD)\s*\*\s*|^(POS|DEBIT CARD PURCHASE|CARD PURCHASE|PURCHASE)\s+/i;

/** Small words left lower case inside a title. */
const SMALL = new Set(['and', 'of', 'the', 'in', 'at', 'on', 'for', 'to', 'a', 'de', 'la']);

/** What a letter after which starts a new part of a word ("o'brien" → "O'Brien", "7-eleven" → "7-Eleven"). */
const SEPARATORS = new Set(['-', "'", '’', '.', '&', '/']);

/** The word with its first letter, and each letter after a separator, made capital. */
function capitalized(word: string): string {
  let out = '';
  let starts = true;
  for (const c of word) {
    out += starts ? c.toUpperCase() : c;
    starts = SEPARATORS.has(c);
  }
  return out;
}

// A character loop, not a Unicode regex per word: an import cleans a hundred thousand descriptions.
const title = (text: string) =>
  text
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && SMALL.has(word) ? word : capitalized(word)))
    .join(' ');

export function cleanPayee(text: string): string {
  let name = text.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 2; i++) name = name.replace(PROCESSOR, '');
  if (ANY_KNOWN.test(name)) for (const [pattern, payee] of KNOWN) if (pattern.test(name)) return payee;
  name = name
    // A reference after a `*` or `#` (`*2K4`, `#1234`): the payee ends there.
    .replace(/\s*[*#].*$/, '')
    // Trailing store numbers, dates, card digits and codes with a digit in them.
    .replace(/(\s+(\S*\d\S*|X{2,}\S*))+$/i, '')
    // A trailing two-letter state or country after a city is kept only when nothing else is left.
    .replace(/[\s,.-]+$/, '')
    .trim();
  if (!name) name = text.trim();
  // Mixed case is someone's own writing: keep it; all capitals or all lower case get a title's.
  return name === name.toUpperCase() || name === name.toLowerCase() ? title(name) : name;
}

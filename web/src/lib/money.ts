import { formatMoney, MONEY_TEXT } from '../../../shared/money.ts';

/**
 * Money arrives from the server as a decimal string ("1234.5", "-12.00"). It is handled by string
 * manipulation only: no float ever touches it. Its display form is `formatMoney` (shared/money.ts,
 * one formatter with the server's printable report), re-exported here for the web app's components.
 */
export { formatMoney };

/** An amount shown as money spent: "-$12.00" for "12". */
export function formatSpent(value: string): string {
  return formatMoney(value.startsWith('-') ? value.slice(1) : `-${value}`);
}

/** True for a negative amount ("-0.50"), without converting it. */
export function isNegative(value: string): boolean {
  return /^-(?!0+(\.0+)?$)/.test(value.trim());
}

/** An amount as whole cents (a BigInt), for the one place the client computes: the budget preview. */
export function toCents(value: string): bigint {
  const m = MONEY_TEXT.exec(value.trim());
  if (!m) return 0n;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** Whole cents back to a decimal string "1234.50". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Thousands separators as people type them ("2,500.00", "1,234,567"), each in its place: "1,5" stays as typed. */
const GROUPED = /^\s*-?\d{1,3}(,\d{3})+(\.\d*)?\s*$/;

/**
 * A typed amount as the rules and the server read it: without the thousands separators people type
 * ("2,500.00" → "2500.00"); anything else as typed, for the rules to judge.
 */
export function typedAmount(value: string): string {
  return GROUPED.test(value) ? value.replace(/,/g, '') : value;
}

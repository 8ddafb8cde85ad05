import { z } from 'zod';
import { Prisma } from '../generated/prisma/client.ts';

/**
 * Money is Decimal(12,2): at most 10 digits before the point and 2 after. It travels as a decimal
 * string and is computed with Prisma's Decimal (decimal.js); it is never a JavaScript number.
 */
export const Decimal = Prisma.Decimal;
export type Decimal = Prisma.Decimal;

export const AMOUNT_MESSAGE = 'Amount must be a valid number';
export const BALANCE_MESSAGE = 'Balance must be a valid number';

const UNSIGNED = /^\d{1,10}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,10}(\.\d{1,2})?$/;

// The schemas keep money a string (Prisma takes decimal strings as they are); services that
// compute with it use `new Decimal(value)`.

/** A non-negative amount (SPEC.md §5): digits, an optional decimal part of one or two digits, no sign. */
export const amountSchema = z.string({ message: AMOUNT_MESSAGE }).trim().regex(UNSIGNED, AMOUNT_MESSAGE);

/** An account balance: the same form, and it may be negative. */
export const balanceSchema = z.string({ message: BALANCE_MESSAGE }).trim().regex(SIGNED, BALANCE_MESSAGE);

/** The wire form of money: a plain decimal string with two decimals ("1234.50"). */
export function formatMoney(value: Decimal | null | undefined): string {
  return (value ?? new Decimal(0)).toFixed(2);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/** `part / whole × 100` with one decimal ("12.5"); "0.0" when whole is 0. */
export function percentOf(part: Decimal, whole: Decimal): string {
  if (whole.isZero()) return '0.0';
  return part.div(whole).times(100).toFixed(1);
}

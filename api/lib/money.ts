import { Prisma } from '../generated/prisma/client.ts';

/**
 * Money is Decimal(12,2): at most 10 digits before the point and 2 after. It travels as a decimal
 * string and is computed with Prisma's Decimal (decimal.js); it is never a JavaScript number.
 */
export const Decimal = Prisma.Decimal;
export type Decimal = Prisma.Decimal;

/** The wire form of money: a plain decimal string with two decimals ("1234.50"). */
export function toWireMoney(value: Decimal | null | undefined): string {
  return (value ?? new Decimal(0)).toFixed(2);
}

/** `part / whole × 100` with one decimal ("12.5"); "0.0" when whole is 0. */
export function percentOf(part: Decimal, whole: Decimal): string {
  if (whole.isZero()) return '0.0';
  return part.div(whole).times(100).toFixed(1);
}

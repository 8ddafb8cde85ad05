import { fromCents, toCents } from '../../lib/money.ts';

/**
 * Linked editing (docs/product.md#budget-allocation), in whole cents (BigInt) so the preview never rounds like a float:
 * a percentage sets amount = income × percent / 100 to the cent (half up); an amount sets
 * percentage = amount / income × 100 rounded, 0 when income is 0, kept within 0-100.
 */
export function amountForPercent(totalIncome: string, percent: number): string {
  const cents = toCents(totalIncome) * BigInt(percent);
  return fromCents((cents + 50n) / 100n);
}

export function percentForAmount(totalIncome: string, amount: string): number {
  const income = toCents(totalIncome);
  if (income <= 0n) return 0;
  const percent = (toCents(amount) * 200n + income) / (2n * income); // round half up
  return Math.max(0, Math.min(100, Number(percent)));
}

/** The sum of the rows' amounts (the live Allocated figure). */
export function sumAmounts(amounts: string[]): string {
  return fromCents(amounts.reduce((total, a) => total + toCents(a), 0n));
}

/** Income minus allocated. */
export function difference(income: string, allocated: string): string {
  return fromCents(toCents(income) - toCents(allocated));
}

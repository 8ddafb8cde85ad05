import type { ProgressTone } from '../../components/Progress.tsx';
import { formatLongDate, formatMonth, shiftMonth } from '../../lib/dates.ts';
import { formatMoney, isNegative, toCents } from '../../lib/money.ts';

/**
 * The words and colours of the month view (docs/product.md#budget-allocation), apart from the
 * components so they are tested as plain functions.
 */

/** Available's colour: red when negative, amber when most of it is spent (NEAR), green when money is left, plain at zero. */
export function availableTone(status: string, available: string): ProgressTone | 'neutral' {
  if (status === 'OVER' || isNegative(available)) return 'danger';
  if (status === 'NEAR') return 'warning';
  return toCents(available) > 0n ? 'success' : 'neutral';
}

/**
 * What came into the month from the one before: "$100.00 rolled over from October 2026", or, for
 * a category that carries overspending, "-$50.00 overspent in October 2026"; null when nothing did.
 */
export function carriedWords(carried: string, month: string): string | null {
  const cents = toCents(carried);
  if (cents === 0n) return null;
  const before = formatMonth(shiftMonth(month, -1));
  return cents > 0n ? `${formatMoney(carried)} rolled over from ${before}` : `${formatMoney(carried)} overspent in ${before}`;
}

export type Target = { readonly kind: string; readonly amount: string; readonly date?: string | null };

/** A target in words: "Save $1,200.00 by June 1, 2027" or "$200.00 every month". */
export function targetWords(target: Target): string {
  return target.kind === 'SAVE_BY_DATE' && target.date
    ? `Save ${formatMoney(target.amount)} by ${formatLongDate(target.date)}`
    : `${formatMoney(target.amount)} every month`;
}

/**
 * How the month stands against its target: "$150.00 to go" (amber) when less is assigned than
 * needed this month, else "Funded"; a save-by-date target says what it needs a month, too.
 */
export function targetProgress(target: Target, needed: string | null | undefined, underfunded: string | null | undefined) {
  const perMonth = target.kind === 'SAVE_BY_DATE' && needed != null ? `${formatMoney(needed)} a month needed` : null;
  const short = underfunded != null && toCents(underfunded) > 0n;
  return { perMonth, status: short ? `${formatMoney(underfunded)} underfunded` : 'Funded', short };
}

/** Percent of the target's need this month that is assigned, 0-100, for its bar. */
export function targetFill(assigned: string, needed: string | null | undefined): number {
  const need = toCents(needed ?? '0');
  if (need <= 0n) return 100;
  const have = toCents(assigned);
  if (have <= 0n) return 0;
  return have >= need ? 100 : Number((have * 100n) / need);
}

import { amountError } from '../../../../shared/validation.ts';
import { formatMoney, fromCents, toCents, typedAmount } from '../../lib/money.ts';

/**
 * Where a split stands while it is typed (docs/product.md#refunds-and-splits): what is left to
 * put on a line, what the lines are over the amount, or that they add up. In whole cents, as the
 * server compares them; a line not yet a valid amount counts as nothing (the form flags it).
 */
export type SplitRemainder =
  | { state: 'left'; cents: bigint; text: string }
  | { state: 'over'; cents: bigint; text: string }
  | { state: 'even'; cents: 0n; text: string }
  /** The transaction's amount is not a valid amount yet: nothing to split. */
  | { state: 'no-amount'; text: string };

const centsOf = (typed: string) => {
  const amount = typedAmount(typed ?? '');
  return amountError(amount) ? null : toCents(amount);
};

export function splitRemainder(amount: string, lines: readonly { amount: string }[]): SplitRemainder {
  const total = centsOf(amount);
  if (total === null || total === 0n) return { state: 'no-amount', text: 'Enter the amount to split' };
  const split = lines.reduce((sum, line) => sum + (centsOf(line.amount) ?? 0n), 0n);
  const left = total - split;
  if (left > 0n) return { state: 'left', cents: left, text: `${formatMoney(fromCents(left))} left to split` };
  if (left < 0n) return { state: 'over', cents: -left, text: `Split lines are ${formatMoney(fromCents(-left))} over` };
  return { state: 'even', cents: 0n, text: `Split lines add up to ${formatMoney(fromCents(total))}` };
}

import { formatMoney } from '../../lib/money.ts';

/** A category's plan (docs/product.md#the-plan): a fixed amount every month, or a share of each month's income. */
export type PlanKind = 'AMOUNT' | 'PERCENTAGE';

/** The plan in words, as its row shows it: "$1,850.00 a month", "30 % of each month's income". */
export function planWords(kind: PlanKind, amount: string, percent: number): string {
  return kind === 'PERCENTAGE' ? `${percent} % of each month's income` : `${formatMoney(amount)} a month`;
}

/** The label of the control that switches a row to the other kind. */
export function switchPlanLabel(kind: PlanKind): string {
  return kind === 'PERCENTAGE' ? 'Use a fixed amount' : 'Use a share of income';
}

export const otherPlanKind = (kind: PlanKind): PlanKind => (kind === 'PERCENTAGE' ? 'AMOUNT' : 'PERCENTAGE');

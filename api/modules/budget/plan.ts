import { Decimal } from '../../lib/money.ts';
import type { PlanKind, TargetKind } from '../../../shared/enums.ts';
import type { TargetInput } from '../../../shared/inputs/budget.ts';

/** What a category's plan needs (docs/product.md#the-plan). */
export interface Plan {
  planKind: PlanKind;
  allocatedAmount: Decimal;
  allocatedPercentage: number;
}

/** `percent` of `income`, to the cent, half up: a percentage plan's month, and the Budget screen's linked editing. */
export function percentOfIncome(income: Decimal, percent: number): Decimal {
  return income.times(percent).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * The plan kind of a row written without one: `percentage` when its percentage is above 0 and its
 * amount is that percentage of total income to the cent (what the linked editing produces for a
 * slider move), else `amount` (a typed amount). The migration `budget_month_plan` applies the same rule in SQL.
 */
export function inferredPlanKind(row: { allocatedAmount: Decimal | string; allocatedPercentage: number }, totalIncome: Decimal): PlanKind {
  if (row.allocatedPercentage <= 0) return 'amount';
  return percentOfIncome(totalIncome, row.allocatedPercentage).equals(row.allocatedAmount) ? 'percentage' : 'amount';
}

/** The plan's assigned amount for a month with `income`: the amount, or the percentage of the month's income. */
export function plannedAssigned(plan: Plan, income: Decimal): Decimal {
  return plan.planKind === 'percentage' ? percentOfIncome(income, plan.allocatedPercentage) : plan.allocatedAmount;
}

/** The database's spelling of a target kind (snake_case) and the API's (camelCase). */
const TARGET_KIND_COLUMN: Record<TargetKind, string> = { saveByDate: 'save_by_date', monthly: 'monthly' };

export function targetKindOf(column: string | null): TargetKind | null {
  if (column === null) return null;
  return column === 'save_by_date' ? 'saveByDate' : 'monthly';
}

/** A target input as the category's columns; null clears them, undefined leaves them. */
export function targetColumns(target: TargetInput | null | undefined) {
  if (target === undefined) return {};
  if (target === null) return { targetKind: null, targetAmount: null, targetDate: null };
  return { targetKind: TARGET_KIND_COLUMN[target.kind], targetAmount: target.amount, targetDate: target.date ?? null };
}

export interface Target {
  kind: TargetKind;
  amount: Decimal;
  /** Only for saveByDate. */
  date: Date | null;
}

/** A category's target from its columns, or null. */
export function targetOf(c: { targetKind: string | null; targetAmount: Decimal | null; targetDate: Date | null }): Target | null {
  const kind = targetKindOf(c.targetKind);
  if (kind === null || c.targetAmount === null) return null;
  return { kind, amount: c.targetAmount, date: kind === 'saveByDate' ? c.targetDate : null };
}

/** Whole months from `month` ("YYYY-MM") to `date`'s month, both counted; at least 1 (a date passed: all of it now). */
function monthsLeft(month: string, date: Date): number {
  const [year, m] = month.split('-').map((part) => Number.parseInt(part, 10)) as [number, number];
  const left = (date.getUTCFullYear() - year) * 12 + (date.getUTCMonth() + 1 - m) + 1;
  return Math.max(1, left);
}

/**
 * What a target asks of `month` (docs/product.md#the-month): monthly, its amount; save by date, what
 * is still missing from what the category carried into the month, spread over the months left
 * (the month of the date included), rounded up to the cent so that assigning it every month gets there.
 */
export function targetNeeded(target: Target, month: string, carried: Decimal): Decimal {
  if (target.kind === 'monthly') return target.amount;
  const missing = Decimal.max(target.amount.minus(carried), 0);
  return missing.div(monthsLeft(month, target.date!)).toDecimalPlaces(2, Decimal.ROUND_UP);
}

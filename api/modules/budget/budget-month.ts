import { today } from '../../lib/dates.ts';
import { Decimal, percentOf } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { totalIncome } from '../paychecks/paychecks.service.ts';
import { listBudgetCategories } from './budget.service.ts';
import type { BudgetCategoryType } from '../../../shared/enums.ts';
import { budgetMonthQuery } from '../../../shared/inputs/budget.ts';

/** Where a row stands against its envelope (docs/product.md#budget-this-month); NONE: the uncategorized row, which has none. */
export type EnvelopeStatus = 'OK' | 'NEAR' | 'OVER' | 'NONE';

export interface BudgetMonthRow {
  /** Null for the uncategorized row. */
  categoryId: string | null;
  name: string;
  type: BudgetCategoryType | null;
  envelope: Decimal;
  spent: Decimal;
  remaining: Decimal;
  /** spent ÷ envelope × 100 to one decimal; null when the envelope is zero. */
  percentUsed: string | null;
  status: EnvelopeStatus;
}

export interface BudgetMonth {
  /** "2026-11". */
  month: string;
  income: Decimal;
  envelopes: Decimal;
  spent: Decimal;
  remaining: Decimal;
  categories: BudgetMonthRow[];
}

const NEAR_PERCENT = 80;
const ZERO = new Decimal(0);

function monthKey(date: Date) {
  return date.toISOString().slice(0, 7);
}

/** A category's envelope: its percentage of the month's income (to the cent, half up), else its allocated amount. */
export function envelopeOf(category: { allocatedPercentage: number; allocatedAmount: Decimal }, income: Decimal): Decimal {
  if (category.allocatedPercentage > 0) {
    return income.times(category.allocatedPercentage).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }
  return category.allocatedAmount;
}

function statusOf(spent: Decimal, envelope: Decimal): EnvelopeStatus {
  if (spent.greaterThan(envelope)) return 'OVER';
  if (!envelope.isZero() && spent.times(100).greaterThanOrEqualTo(envelope.times(NEAR_PERCENT))) return 'NEAR';
  return 'OK';
}

/**
 * Budget: this month (docs/product.md#budget-this-month). `month` is "YYYY-MM", the current month in
 * the viewer's time zone when not given. Three SQL aggregates, whatever the number of transactions:
 * the month's income, its spending grouped by category, and the categories.
 */
export async function budgetMonth(viewer: Viewer, month?: unknown): Promise<BudgetMonth> {
  const given = parseInput(budgetMonthQuery, { month }).month;
  const key = given ?? monthKey(today(viewer.timeZone));
  const [year, monthNumber] = key.split('-').map((part) => Number.parseInt(part, 10)) as [number, number];
  const range = { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) };
  const [income, spending, categories] = await Promise.all([
    totalIncome(viewer, range),
    viewer.prisma.transaction.groupBy({
      by: ['categoryId'],
      where: { ...owned(viewer), date: { gte: range.from, lt: range.to } },
      _sum: { amount: true },
    }),
    listBudgetCategories(viewer, { select: { id: true, name: true, type: true, allocatedAmount: true, allocatedPercentage: true } }),
  ]);
  const spentBy = new Map(spending.map((g) => [g.categoryId, g._sum.amount ?? ZERO]));
  const rows: BudgetMonthRow[] = categories.map((c) => {
    const envelope = envelopeOf(c, income);
    const spent = spentBy.get(c.id) ?? ZERO;
    return {
      categoryId: c.id,
      name: c.name,
      type: c.type as BudgetCategoryType,
      envelope,
      spent,
      remaining: envelope.minus(spent),
      percentUsed: envelope.isZero() ? null : percentOf(spent, envelope),
      status: statusOf(spent, envelope),
    };
  });
  const uncategorized = spentBy.get(null);
  if (uncategorized && !uncategorized.isZero()) {
    rows.push({
      categoryId: null,
      name: 'Uncategorized',
      type: null,
      envelope: ZERO,
      spent: uncategorized,
      remaining: uncategorized.negated(),
      percentUsed: null,
      status: 'NONE',
    });
  }
  const envelopes = rows.reduce((sum, r) => sum.plus(r.envelope), ZERO);
  const spent = spending.reduce((sum, g) => sum.plus(g._sum.amount ?? ZERO), ZERO);
  return { month: key, income, envelopes, spent, remaining: envelopes.minus(spent), categories: rows };
}

/**
 * The categories closest to or over their envelope (the Dashboard's Budget progress): highest
 * spent ÷ envelope first, spending without an envelope before all; the uncategorized row is not one.
 */
export function tightestCategories(month: BudgetMonth, first: number): BudgetMonthRow[] {
  const ratio = (r: BudgetMonthRow) => (r.envelope.isZero() ? (r.spent.isZero() ? ZERO : new Decimal(Infinity)) : r.spent.div(r.envelope));
  return month.categories
    .filter((r) => r.categoryId !== null)
    .map((r) => ({ r, ratio: ratio(r) }))
    .sort((a, b) => b.ratio.comparedTo(a.ratio) || b.r.spent.comparedTo(a.r.spent))
    .slice(0, first)
    .map(({ r }) => r);
}

import { today } from '../../lib/dates.ts';
import { Decimal, percentOf } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import type { Viewer } from '../../lib/viewer.ts';
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

/** A category with what it spent in the month, as the statement sends it (money as text; spent null: nothing). */
type CategoryFigures = [
  id: string,
  name: string,
  type: BudgetCategoryType,
  allocatedAmount: string,
  allocatedPercentage: number,
  spent: string | null,
];

/**
 * The month's figures in one statement (on the embedded database each statement costs the
 * request a round of its own: docs/performance.md#the-fresh-path): the income, the uncategorized
 * spending, all of it, and every category of the viewer in the Budget's order (created, then id:
 * `ORDER` in budget.service.ts) with what it spent, as one JSON text of arrays (one field to
 * decode instead of eight a category: docs/performance.md#a-page-in-one-statement).
 * Scoped to the viewer here, as every raw query is (docs/architecture.md#ownership).
 */
async function monthFigures(viewer: Viewer, range: { from: Date; to: Date }) {
  const [figures] = await viewer.prisma.$queryRaw<
    { income: Decimal | null; uncategorized: Decimal | null; spent: Decimal | null; categories: string | null }[]
  >`
    WITH spent AS (
      SELECT category_id, sum(amount) AS amount FROM spending_lines
      WHERE user_id = ${viewer.id} AND date >= ${range.from} AND date < ${range.to}
      GROUP BY category_id)
    SELECT
      (SELECT sum(amount) FROM paychecks WHERE user_id = ${viewer.id} AND date >= ${range.from} AND date < ${range.to}) AS income,
      (SELECT sum(amount) FILTER (WHERE category_id IS NULL) FROM spent) AS uncategorized,
      (SELECT sum(amount) FROM spent) AS spent,
      (SELECT json_agg(json_build_array(c.id, c.name, c.type, c.allocated_amount::text, c.allocated_percentage, s.amount::text)
         ORDER BY c.created_at, c.id)::text
       FROM budget_categories c LEFT JOIN spent s ON s.category_id = c.id
       WHERE c.user_id = ${viewer.id}) AS categories`;
  return {
    income: figures?.income ?? ZERO,
    uncategorized: figures?.uncategorized ?? ZERO,
    spent: figures?.spent ?? ZERO,
    categories: figures?.categories ? (JSON.parse(figures.categories) as CategoryFigures[]) : [],
  };
}

/**
 * Budget: this month (docs/product.md#budget-this-month). `month` is "YYYY-MM", the current month in
 * the viewer's time zone when not given. One statement of SQL aggregates, whatever the number of
 * transactions: the month's income, its spending grouped by category, and the categories.
 */
export async function budgetMonth(viewer: Viewer, month?: unknown): Promise<BudgetMonth> {
  const given = parseInput(budgetMonthQuery, { month }).month;
  const key = given ?? monthKey(today(viewer.timeZone));
  const [year, monthNumber] = key.split('-').map((part) => Number.parseInt(part, 10)) as [number, number];
  const range = { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) };
  const { income, uncategorized, spent, categories } = await monthFigures(viewer, range);
  const rows: BudgetMonthRow[] = categories.map(([categoryId, name, type, allocatedAmount, allocatedPercentage, spentText]) => {
    const envelope = envelopeOf({ allocatedPercentage, allocatedAmount: new Decimal(allocatedAmount) }, income);
    const categorySpent = spentText === null ? ZERO : new Decimal(spentText);
    return {
      categoryId,
      name,
      type,
      envelope,
      spent: categorySpent,
      remaining: envelope.minus(categorySpent),
      percentUsed: envelope.isZero() ? null : percentOf(categorySpent, envelope),
      status: statusOf(categorySpent, envelope),
    };
  });
  if (!uncategorized.isZero()) {
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

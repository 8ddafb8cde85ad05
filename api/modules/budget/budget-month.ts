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

/** One row of the month's figures: a category with its spending, or the month's income, uncategorized spending or total spending. */
interface MonthFigure {
  kind: 'category' | 'income' | 'uncategorized' | 'spent';
  id: string | null;
  name: string | null;
  type: string | null;
  allocated_amount: Decimal | null;
  allocated_percentage: number | null;
  amount: Decimal | null;
}

/**
 * The month's figures in one statement (on the embedded database each statement costs the
 * request a round of its own: docs/performance.md#the-fresh-path): every category of the viewer
 * in the Budget's order (created, then id: `ORDER` in budget.service.ts) with what it spent, the
 * income, the uncategorized spending and all of it.
 * Scoped to the viewer here, as every raw query is (docs/architecture.md#ownership).
 */
function monthFigures(viewer: Viewer, range: { from: Date; to: Date }) {
  return viewer.prisma.$queryRaw<MonthFigure[]>`
    WITH spent AS (
      SELECT category_id, sum(amount) AS amount FROM transactions
      WHERE user_id = ${viewer.id} AND date >= ${range.from} AND date < ${range.to}
      GROUP BY category_id)
    SELECT * FROM (
      SELECT 'category' AS kind, c.id, c.name, c.type, c.allocated_amount, c.allocated_percentage, s.amount,
        c.created_at AS ordered_by
      FROM budget_categories c LEFT JOIN spent s ON s.category_id = c.id
      WHERE c.user_id = ${viewer.id}
      UNION ALL
      SELECT 'income', NULL, NULL, NULL, NULL, NULL, sum(amount), NULL FROM paychecks
      WHERE user_id = ${viewer.id} AND date >= ${range.from} AND date < ${range.to}
      UNION ALL
      SELECT 'uncategorized', NULL, NULL, NULL, NULL, NULL, sum(amount) FILTER (WHERE category_id IS NULL), NULL FROM spent
      UNION ALL
      SELECT 'spent', NULL, NULL, NULL, NULL, NULL, sum(amount), NULL FROM spent
    ) figures
    ORDER BY kind, ordered_by, id`;
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
  const figures = await monthFigures(viewer, range);
  const total = (kind: MonthFigure['kind']) => figures.find((f) => f.kind === kind)?.amount ?? ZERO;
  const income = total('income');
  const rows: BudgetMonthRow[] = figures
    .filter((f) => f.kind === 'category')
    .map((c) => {
      const envelope = envelopeOf({ allocatedPercentage: c.allocated_percentage!, allocatedAmount: c.allocated_amount! }, income);
      const spent = c.amount ?? ZERO;
      return {
        categoryId: c.id,
        name: c.name!,
        type: c.type as BudgetCategoryType,
        envelope,
        spent,
        remaining: envelope.minus(spent),
        percentUsed: envelope.isZero() ? null : percentOf(spent, envelope),
        status: statusOf(spent, envelope),
      };
    });
  const uncategorized = total('uncategorized');
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
  const spent = total('spent');
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

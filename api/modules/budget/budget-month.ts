import { Prisma } from '../../generated/prisma/client.ts';
import { today } from '../../lib/dates.ts';
import { Decimal, percentOf } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import type { Reader } from '../../lib/viewer.ts';
import type { BudgetCategoryType, PlanKind } from '../../../shared/enums.ts';
import { budgetMonthQuery } from '../../../shared/inputs/budget.ts';
import { centsOf } from '../../../shared/validation.ts';
import { ledgerMonth, monthIndex, monthKeyOf, type LedgerCategory, type LedgerInput, type MonthIndex } from './month-ledger.ts';
import { targetNeeded, targetOf, type Target } from './plan.ts';

/** Where a row stands (docs/product.md#the-month); NONE: the uncategorized row. */
export type EnvelopeStatus = 'OK' | 'NEAR' | 'OVER' | 'NONE';

export interface BudgetMonthRow {
  /** Null for the uncategorized row. */
  categoryId: string | null;
  name: string;
  type: BudgetCategoryType | null;
  /** The month's assigned amount (the spec's envelope). */
  envelope: Decimal;
  assigned: Decimal;
  /** True when the month has its own amount instead of the plan's. */
  assignedSet: boolean;
  /** What the category brought into the month: last month's available when positive (or negative with carryOverspending). */
  carried: Decimal;
  spent: Decimal;
  /** carried + assigned − spent (the spec's remaining). */
  available: Decimal;
  remaining: Decimal;
  /** spent ÷ (carried + assigned) × 100 to one decimal; null when that is zero or less. */
  percentUsed: string | null;
  status: EnvelopeStatus;
  planKind: PlanKind | null;
  carryOverspending: boolean;
  target: Target | null;
  targetNeeded: Decimal | null;
  underfunded: Decimal | null;
}

export interface BudgetMonth {
  /** "2026-11". */
  month: string;
  income: Decimal;
  /** The sum of the categories' assigned amounts. */
  envelopes: Decimal;
  assigned: Decimal;
  spent: Decimal;
  /** envelopes − spent, as the spec has it. */
  remaining: Decimal;
  /** Σ available, the uncategorized row included. */
  available: Decimal;
  readyToAssign: Decimal;
  /** The budget's first month ("YYYY-MM"); null: no paycheck or transaction yet. */
  firstMonth: string | null;
  categories: BudgetMonthRow[];
}

const NEAR_PERCENT = 80;
const ZERO = new Decimal(0);

const money = (cents: bigint) => new Decimal(cents.toString()).div(100);

function monthKey(date: Date) {
  return date.toISOString().slice(0, 7);
}

/** The asked month, else the current one in the viewer's time zone. */
export function monthOrCurrent(viewer: Reader, month?: unknown): string {
  return parseInput(budgetMonthQuery, { month }).month ?? monthKey(today(viewer.timeZone));
}

/** The first day of the month after `month` ("YYYY-MM"), as a stored date. */
export function endOfMonth(month: string): Date {
  const index = monthIndex(month) + 1;
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));
}

function statusOf(available: Decimal, spent: Decimal, funds: Decimal): EnvelopeStatus {
  if (available.isNegative()) return 'OVER';
  if (funds.greaterThan(0) && spent.times(100).greaterThanOrEqualTo(funds.times(NEAR_PERCENT))) return 'NEAR';
  return 'OK';
}

/** A category as the statement sends it (money as text). */
type CategoryFigures = [
  id: string,
  name: string,
  type: BudgetCategoryType,
  allocatedAmount: string,
  allocatedPercentage: number,
  planKind: PlanKind,
  carryOverspending: boolean,
  targetKind: string | null,
  targetAmount: string | null,
  targetDate: string | null,
];

/**
 * Everything the Budget's months need, in one statement (on the embedded database each statement
 * costs a round of its own: docs/performance.md#the-fresh-path): the budget's first month, the
 * income per month, the net spending per category and month, the months' own assigned amounts,
 * and the categories in the Budget's order (created, then id: `ORDER` in budget.service.ts).
 * Spending comes from budget_month_spending, which triggers keep equal to the view
 * `spending_lines` (expenses minus refunds, a split transaction's lines each in its own category)
 * summed by month: at most months × categories rows, never every transaction. They travel as one
 * text per category ("month:cents month:cents …", the month as year × 12 + month − 1): thousands
 * of rows cost a JSON array each, and parsing money text a regular expression each.
 * Kept until the user's next change (any month is read from the same figures), as the trend is.
 * Scoped to the viewer here, as every raw query is (docs/architecture.md#ownership).
 */
function ledgerFigures(viewer: Reader) {
  return viewer.memo.cached(viewer.budgetId, 'budget-month', () => readLedgerFigures(viewer));
}

/** Net spending per category and month, as last read, and the revision it was read at (`budget_month_revisions`). */
interface KeptSpending {
  revision: bigint;
  spent: LedgerInput['spent'];
}

const KEPT_SPENDING = 'budget-month-spending';

async function readLedgerFigures(viewer: Reader) {
  // After a change, only the months summed again since the last read are read (each month's
  // totals carry a revision, taken in the order the user's writes commit): the rest of ten years of
  // months is the same (docs/performance.md#the-budgets-month).
  const kept = viewer.memo.lastRead<KeptSpending>(viewer.budgetId, KEPT_SPENDING);
  const since = kept?.revision ?? null;
  const changedMonths = Prisma.sql`SELECT month FROM budget_month_revisions WHERE user_id = ${viewer.budgetId} AND revision > ${String(since ?? 0)}::bigint`;
  const [figures] = await viewer.prisma.$queryRaw<
    {
      first: Date | null;
      income: string | null;
      spent: string | null;
      changed: string | null;
      revision: string;
      assignments: string | null;
      categories: string | null;
    }[]
  >`
    SELECT
      least((SELECT min(date) FROM paychecks WHERE user_id = ${viewer.budgetId}),
            (SELECT min(date) FROM transactions WHERE user_id = ${viewer.budgetId})) AS first,
      (SELECT json_agg(json_build_array(to_char(month, 'YYYY-MM'), amount::text))::text FROM (
         SELECT date_trunc('month', date AT TIME ZONE 'UTC') AS month, sum(amount) AS amount FROM paychecks
         WHERE user_id = ${viewer.budgetId} GROUP BY 1) income) AS income,
      (SELECT json_agg(json_build_array(category_id, months))::text FROM (
         SELECT category_id, string_agg(
           (extract(year FROM month AT TIME ZONE 'UTC') * 12 + extract(month FROM month AT TIME ZONE 'UTC') - 1)::int || ':' || (amount * 100)::bigint, ' ') AS months
         FROM budget_month_spending WHERE user_id = ${viewer.budgetId} ${since === null ? Prisma.empty : Prisma.sql`AND month IN (${changedMonths})`}
         GROUP BY category_id) spent) AS spent,
      (SELECT json_agg((extract(year FROM month AT TIME ZONE 'UTC') * 12 + extract(month FROM month AT TIME ZONE 'UTC') - 1)::int)::text
       FROM (${changedMonths}) changed) AS changed,
      (SELECT coalesce(max(revision), 0)::text FROM budget_month_revisions WHERE user_id = ${viewer.budgetId}) AS revision,
      (SELECT json_agg(json_build_array(category_id, month, amount::text))::text FROM budget_assignments
       WHERE user_id = ${viewer.budgetId}) AS assignments,
      (SELECT json_agg(json_build_array(c.id, c.name, c.type, c.allocated_amount::text, c.allocated_percentage, c.plan_kind,
                                        c.carry_overspending, c.target_kind, c.target_amount::text, c.target_date)
         ORDER BY c.created_at, c.id)::text
       FROM budget_categories c WHERE c.user_id = ${viewer.budgetId}) AS categories`;
  const parse = <T>(text: string | null | undefined): T[] => (text ? (JSON.parse(text) as T[]) : []);
  const categories = parse<CategoryFigures>(figures?.categories);
  // The kept figures are never changed in place: a read that began before this one may still use them.
  const spent: LedgerInput['spent'] = new Map(kept ? Array.from(kept.spent, ([id, byMonth]) => [id, new Map(byMonth)]) : []);
  const changed = parse<MonthIndex>(figures?.changed);
  for (const byMonth of spent.values()) for (const m of changed) byMonth.delete(m);
  for (const [categoryId, months] of parse<[string | null, string]>(figures?.spent)) {
    const byMonth = spent.get(categoryId) ?? new Map<MonthIndex, bigint>();
    for (const pair of months.split(' ')) {
      const colon = pair.indexOf(':');
      const m = Number.parseInt(pair.slice(0, colon), 10);
      byMonth.set(m, (byMonth.get(m) ?? 0n) + BigInt(pair.slice(colon + 1)));
    }
    spent.set(categoryId, byMonth);
  }
  const revision = BigInt(figures?.revision ?? 0);
  if (!kept || revision >= kept.revision) viewer.memo.keepRead<KeptSpending>(viewer.budgetId, KEPT_SPENDING, { revision, spent });
  const input: LedgerInput = {
    firstMonth: figures?.first ? monthIndex(monthKey(figures.first)) : null,
    categories: categories.map(([id, , , amount, percentage, planKind, carryOverspending]): LedgerCategory => ({
      id,
      planKind,
      amountCents: centsOf(amount),
      percentage,
      carryOverspending,
    })),
    income: new Map(parse<[string, string]>(figures?.income).map(([m, amount]) => [monthIndex(m), centsOf(amount)])),
    spent,
    assignments: new Map(),
  };
  for (const [categoryId, m, amount] of parse<[string, string, string]>(figures?.assignments)) {
    const byMonth = input.assignments.get(categoryId) ?? new Map<MonthIndex, bigint>();
    byMonth.set(monthIndex(m), centsOf(amount));
    input.assignments.set(categoryId, byMonth);
  }
  return { input, categories };
}

/**
 * The Budget's month (docs/product.md#the-month). `month` is "YYYY-MM", the current month in the
 * viewer's time zone when not given. Every category's assigned, carried, spent and available,
 * the uncategorized spending, and Ready to Assign, rolled over from the budget's first month.
 */
export async function budgetMonth(viewer: Reader, month?: unknown): Promise<BudgetMonth> {
  const key = monthOrCurrent(viewer, month);
  const { input, categories } = await ledgerFigures(viewer);
  const ledger = ledgerMonth(input, monthIndex(key));
  const rows: BudgetMonthRow[] = categories.map(
    ([categoryId, name, type, , , planKind, carryOverspending, targetKind, targetAmount, targetDate]) => {
      const figures = ledger.rows.get(categoryId)!;
      const [assigned, carried, spent, available] = [figures.assigned, figures.carried, figures.spent, figures.available].map(money) as [
        Decimal,
        Decimal,
        Decimal,
        Decimal,
      ];
      const funds = carried.plus(assigned);
      const target = targetOf({
        targetKind,
        targetAmount: targetAmount === null ? null : new Decimal(targetAmount),
        targetDate: targetDate === null ? null : new Date(targetDate),
      });
      const needed = target ? targetNeeded(target, key, carried) : null;
      const short = needed?.minus(assigned);
      return {
        categoryId,
        name,
        type,
        envelope: assigned,
        assigned,
        assignedSet: figures.assignedSet,
        carried,
        spent,
        available,
        remaining: available,
        percentUsed: funds.greaterThan(0) ? percentOf(spent, funds) : null,
        status: statusOf(available, spent, funds),
        planKind,
        carryOverspending,
        target,
        targetNeeded: needed,
        underfunded: short?.greaterThan(0) ? short : null,
      };
    },
  );
  const uncategorized = money(ledger.uncategorizedSpent);
  if (!uncategorized.isZero()) {
    rows.push({
      categoryId: null,
      name: 'Uncategorized',
      type: null,
      envelope: ZERO,
      assigned: ZERO,
      assignedSet: false,
      carried: ZERO,
      spent: uncategorized,
      available: uncategorized.negated(),
      remaining: uncategorized.negated(),
      percentUsed: null,
      status: 'NONE',
      planKind: null,
      carryOverspending: false,
      target: null,
      targetNeeded: null,
      underfunded: null,
    });
  }
  const sum = (pick: (r: BudgetMonthRow) => Decimal) => rows.reduce((total, r) => total.plus(pick(r)), ZERO);
  const assigned = sum((r) => r.assigned);
  const spent = sum((r) => r.spent);
  return {
    month: key,
    income: money(ledger.income),
    envelopes: assigned,
    assigned,
    spent,
    remaining: assigned.minus(spent),
    available: sum((r) => r.available),
    readyToAssign: money(ledger.readyToAssign),
    firstMonth: input.firstMonth === null ? null : monthKeyOf(input.firstMonth),
    categories: rows,
  };
}

/**
 * The categories closest to or over what they have (the Dashboard's Budget progress): highest
 * spent ÷ (carried + assigned) first, spending with nothing to spend before all; the uncategorized row is not one.
 */
export function tightestCategories(month: BudgetMonth, first: number): BudgetMonthRow[] {
  const ratio = (r: BudgetMonthRow) => {
    const funds = r.carried.plus(r.assigned);
    if (funds.lessThanOrEqualTo(0)) return r.spent.isZero() && !r.available.isNegative() ? ZERO : new Decimal(Infinity);
    return r.spent.div(funds);
  };
  return month.categories
    .filter((r) => r.categoryId !== null)
    .map((r) => ({ r, ratio: ratio(r) }))
    .sort((a, b) => b.ratio.comparedTo(a.ratio) || b.r.spent.comparedTo(a.r.spent))
    .slice(0, first)
    .map(({ r }) => r);
}

import { Decimal } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { PlanKind } from '../../../shared/enums.ts';
import { monthIndex, monthKeyOf } from './month-ledger.ts';
import { plannedAssigned } from './plan.ts';

const DAY_MS = 86_400_000;

/**
 * What each category was assigned over a window of days [from, to) (docs/product.md#reports: a
 * report's Budget vs Actual): the sum of the assigned amounts of the months it covers, a month it
 * covers in part counted for its share of days (10 of 30 days: a third), to the cent, half up at
 * the end. A month's assigned amount is its own or the plan's of that month's income (of every
 * account: the budget is the user's); months before the budget's first month have none.
 * One statement, scoped to the viewer (docs/architecture.md#ownership).
 */
export async function assignedInWindow(viewer: Viewer, window: { from: Date; to: Date }): Promise<Map<string, Decimal>> {
  const firstKey = window.from.toISOString().slice(0, 7);
  const lastKey = new Date(window.to.getTime() - DAY_MS).toISOString().slice(0, 7);
  const monthStart = new Date(Date.UTC(window.from.getUTCFullYear(), window.from.getUTCMonth(), 1));
  const [figures] = await viewer.prisma.$queryRaw<
    { first: Date | null; income: string | null; assignments: string | null; categories: string | null }[]
  >`
    SELECT
      least((SELECT min(date) FROM paychecks WHERE user_id = ${viewer.budgetId}),
            (SELECT min(date) FROM transactions WHERE user_id = ${viewer.budgetId})) AS first,
      (SELECT json_agg(json_build_array(month, amount::text))::text FROM (
         SELECT to_char(date_trunc('month', date AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, sum(amount) AS amount FROM paychecks
         WHERE user_id = ${viewer.budgetId} AND date >= ${monthStart} AND date < ${window.to}
         GROUP BY date_trunc('month', date AT TIME ZONE 'UTC')) income) AS income,
      (SELECT json_agg(json_build_array(category_id, month, amount::text))::text FROM budget_assignments
       WHERE user_id = ${viewer.budgetId} AND month >= ${firstKey} AND month <= ${lastKey}) AS assignments,
      (SELECT json_agg(json_build_array(id, plan_kind, allocated_amount::text, allocated_percentage))::text
       FROM budget_categories WHERE user_id = ${viewer.budgetId}) AS categories`;
  const parse = <T>(text: string | null | undefined): T[] => (text ? (JSON.parse(text) as T[]) : []);
  const income = new Map(parse<[string, string]>(figures?.income).map(([m, amount]) => [m, new Decimal(amount)]));
  const overrides = new Map(
    parse<[string, string, string]>(figures?.assignments).map(([id, m, amount]) => [`${id} ${m}`, new Decimal(amount)]),
  );
  const categories = parse<[string, PlanKind, string, number]>(figures?.categories);
  const firstMonth = figures?.first ? figures.first.toISOString().slice(0, 7) : null;

  const totals = new Map(categories.map(([id]) => [id, new Decimal(0)]));
  for (let m = monthIndex(firstKey); m <= monthIndex(lastKey); m++) {
    const key = monthKeyOf(m);
    if (firstMonth === null || key < firstMonth) continue;
    const start = Date.UTC(Math.floor(m / 12), m % 12, 1);
    const end = Date.UTC(Math.floor((m + 1) / 12), (m + 1) % 12, 1);
    const covered = (Math.min(end, window.to.getTime()) - Math.max(start, window.from.getTime())) / DAY_MS;
    const share = new Decimal(Math.round(covered)).div((end - start) / DAY_MS);
    const monthIncome = income.get(key) ?? new Decimal(0);
    for (const [id, planKind, amount, percentage] of categories) {
      const assigned =
        overrides.get(`${id} ${key}`) ??
        plannedAssigned({ planKind, allocatedAmount: new Decimal(amount), allocatedPercentage: percentage }, monthIncome);
      totals.set(id, totals.get(id)!.plus(assigned.times(share)));
    }
  }
  return new Map([...totals].map(([id, total]) => [id, total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)]));
}

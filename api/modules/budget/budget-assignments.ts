import { Prisma } from '../../generated/prisma/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { Decimal, toWireMoney } from '../../lib/money.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { monthInput, moveMoneyInput, setAssignedInput } from '../../../shared/inputs/budget.ts';
import type { PlanKind } from '../../../shared/enums.ts';
import { budgetMonth, endOfMonth, type BudgetMonth, type BudgetMonthRow } from './budget-month.ts';
import { plannedAssigned } from './plan.ts';

/**
 * A month's own assigned amounts (docs/product.md#the-month): set one, move money between two,
 * or go back to the plan. Each answers the month as it now stands.
 */

function parseMonth(month: unknown): string {
  return parseInput(monthInput, { month }).month;
}

/**
 * Refuses a month before the budget's first month (the month of the earliest paycheck or
 * transaction): nothing is counted there, so an amount set there would be lost from sight.
 */
async function refuseBeforeFirstMonth(tx: Prisma.TransactionClient, viewer: Viewer, month: string) {
  const [row] = await tx.$queryRaw<{ first: Date | null }[]>`
    SELECT least((SELECT min(date) FROM paychecks WHERE user_id = ${viewer.budgetId}),
                 (SELECT min(date) FROM transactions WHERE user_id = ${viewer.budgetId})) AS first`;
  const first = row?.first ? row.first.toISOString().slice(0, 7) : null;
  if (first === null) {
    throw new ValidationError([{ path: ['month'], message: 'The budget starts with your first paycheck or transaction: add one first' }]);
  }
  if (month < first) {
    throw new ValidationError([{ path: ['month'], message: `The budget starts in ${first}: choose that month or a later one` }]);
  }
}

/** A category's row of the month (REST answers rows where GraphQL answers the month). */
export function monthRow(month: BudgetMonth, categoryId: string): BudgetMonthRow {
  return month.categories.find((r) => r.categoryId === categoryId)!;
}

/** Sets a category's assigned amount for a month; null follows the plan again. */
export async function setAssigned(viewer: Viewer, month: unknown, categoryId: string, input: unknown): Promise<BudgetMonth> {
  const key = parseMonth(month);
  const { assigned } = parseInput(setAssignedInput, input);
  // Under the user's lock, as a move is: a move reads the amount it changes.
  await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const mine = await tx.budgetCategory.count({ where: { id: categoryId, ...owned(viewer) } });
    if (mine === 0) throw new NotFoundError('Budget category');
    await refuseBeforeFirstMonth(tx, viewer, key);
    if (assigned === null) {
      await tx.budgetAssignment.deleteMany({ where: { categoryId, month: key, ...owned(viewer) } });
    } else {
      await writeAssigned(tx, viewer, key, [[categoryId, new Decimal(assigned)]]);
    }
  });
  viewer.events.publish(viewer.budgetId);
  return budgetMonth(viewer, key);
}

/** Writes the month's own amounts of categories, in one statement: inserted, or replacing the ones there. */
async function writeAssigned(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  month: string,
  amounts: [categoryId: string, amount: Decimal][],
) {
  const rows = amounts.map(
    ([categoryId, amount]) => Prisma.sql`(${uuidv7()}, ${viewer.budgetId}, ${categoryId}, ${month}, ${amount.toFixed(2)}::numeric)`,
  );
  await tx.$executeRaw`
    INSERT INTO budget_assignments (id, user_id, category_id, month, amount) VALUES ${Prisma.join(rows)}
    ON CONFLICT (category_id, month) DO UPDATE SET amount = excluded.amount`;
}

/** A category's assigned amount in a month as it stands: its own, else its plan's of the month's income. */
async function assignedNow(tx: Prisma.TransactionClient, viewer: Viewer, month: string, ids: string[]) {
  const [categories, assignments, income] = await Promise.all([
    tx.budgetCategory.findMany({
      where: { id: { in: ids }, ...owned(viewer) },
      select: { id: true, name: true, planKind: true, allocatedAmount: true, allocatedPercentage: true },
    }),
    tx.budgetAssignment.findMany({ where: { categoryId: { in: ids }, month, ...owned(viewer) } }),
    tx.paycheck.aggregate({
      where: { ...owned(viewer), date: { gte: new Date(`${month}-01T00:00:00.000Z`), lt: endOfMonth(month) } },
      _sum: { amount: true },
    }),
  ]);
  if (categories.length !== ids.length) throw new NotFoundError('Budget category');
  const monthIncome = income._sum.amount ?? new Decimal(0);
  return new Map(
    categories.map((c) => [
      c.id,
      {
        name: c.name,
        assigned:
          assignments.find((a) => a.categoryId === c.id)?.amount ??
          plannedAssigned({ ...c, planKind: c.planKind as PlanKind }, monthIncome),
      },
    ]),
  );
}

/**
 * Move money: `amount` off one category's assigned amount of the month onto another's, both
 * written in one statement in one transaction. At most what the first has assigned that month
 * (an assigned amount is never negative).
 */
export async function moveMoney(viewer: Viewer, month: unknown, input: unknown): Promise<BudgetMonth> {
  const key = parseMonth(month);
  const move = parseInput(moveMoneyInput, input);
  await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const now = await assignedNow(tx, viewer, key, [move.fromCategoryId, move.toCategoryId]);
    await refuseBeforeFirstMonth(tx, viewer, key);
    const from = now.get(move.fromCategoryId)!;
    const to = now.get(move.toCategoryId)!;
    if (from.assigned.lessThan(move.amount)) {
      throw new ValidationError([
        { path: ['amount'], message: `Amount must be at most what ${from.name} has assigned this month (${toWireMoney(from.assigned)})` },
      ]);
    }
    await writeAssigned(tx, viewer, key, [
      [move.fromCategoryId, from.assigned.minus(move.amount)],
      [move.toCategoryId, to.assigned.plus(move.amount)],
    ]);
  });
  viewer.events.publish(viewer.budgetId);
  return budgetMonth(viewer, key);
}

/** Assign from plan: the month's own amounts are dropped, so every category follows its plan again. */
export async function assignFromPlan(viewer: Viewer, month: unknown): Promise<BudgetMonth> {
  const key = parseMonth(month);
  await viewer.prisma.budgetAssignment.deleteMany({ where: { month: key, ...owned(viewer) } });
  viewer.events.publish(viewer.budgetId);
  return budgetMonth(viewer, key);
}

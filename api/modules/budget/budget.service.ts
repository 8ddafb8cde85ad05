import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError, violatesUniqueIndex } from '../../lib/errors.ts';
import { Decimal } from '../../lib/money.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { totalIncome } from '../paychecks/paychecks.service.ts';
import { addBudgetCategoryInput, updateAllocationsInput, updateBudgetCategoryInput } from '../../../shared/inputs/budget.ts';
import { inferredPlanKind, targetColumns } from './plan.ts';

// The Budget's order; the month's single statement (budget-month.ts) sorts the same way.
const ORDER: Prisma.BudgetCategoryOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

/** The user's budget categories, in the order they were added. */
export function listBudgetCategories(viewer: Viewer, query: Omit<Prisma.BudgetCategoryFindManyArgs, 'where' | 'orderBy'> = {}) {
  return viewer.prisma.budgetCategory.findMany({ ...query, where: owned(viewer), orderBy: ORDER });
}

export function countBudgetCategories(viewer: Viewer) {
  return viewer.prisma.budgetCategory.count({ where: owned(viewer) });
}

/** True when `id` is one of the viewer's categories (links to categories are checked with this). */
export async function ownsBudgetCategory(viewer: Viewer, id: string, tx: Prisma.TransactionClient = viewer.prisma) {
  return (await tx.budgetCategory.count({ where: { id, ...owned(viewer) } })) === 1;
}

/** docs/product.md#budget-allocation: income = all paychecks; allocated = all category amounts; remaining may be negative. */
export async function budgetSummary(viewer: Viewer) {
  const [income, { _sum }] = await Promise.all([
    totalIncome(viewer),
    viewer.prisma.budgetCategory.aggregate({ where: owned(viewer), _sum: { allocatedAmount: true } }),
  ]);
  const allocated = _sum.allocatedAmount ?? new Decimal(0);
  return { totalIncome: income, allocated, remaining: income.minus(allocated) };
}

/** The unique index on (user, lower(name)): prisma/migrations/…_category_names_unique. */
const UNIQUE_NAME_INDEX = 'budget_categories_user_id_lower_name_key';

/** `A category named Groceries already exists` (the other category's name as it was given), when one of the user's has `name` in any case. */
async function refuseTakenName(viewer: Viewer, name: string, exceptId: string | null) {
  const [taken] = await viewer.prisma.$queryRaw<{ name: string }[]>`
    SELECT name FROM budget_categories
    WHERE user_id = ${viewer.budgetId} AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}
    LIMIT 1`;
  if (taken) throw new ValidationError([{ path: ['name'], message: `A category named ${taken.name} already exists` }]);
}

/**
 * A write that gives a category `name` (docs/product.md#budget-allocation): refused when another
 * of the user's categories has it in any case; a request that took it between the check and the
 * write is caught by the unique index, and answered the same.
 */
async function withFreeName<T>(viewer: Viewer, name: string | undefined, exceptId: string | null, write: () => Promise<T>) {
  if (name === undefined) return write();
  await refuseTakenName(viewer, name, exceptId);
  try {
    return await write();
  } catch (err) {
    if (violatesUniqueIndex(err, UNIQUE_NAME_INDEX)) await refuseTakenName(viewer, name, exceptId);
    throw err;
  }
}

export async function addBudgetCategory(viewer: Viewer, input: unknown) {
  const { target, ...data } = parseInput(addBudgetCategoryInput, input);
  const allocation = { allocatedAmount: data.allocatedAmount ?? '0', allocatedPercentage: data.allocatedPercentage ?? 0 };
  const planKind = data.planKind ?? inferredPlanKind(allocation, await totalIncome(viewer));
  const category = await withFreeName(viewer, data.name, null, () =>
    viewer.prisma.budgetCategory.create({
      data: { ...data, ...allocation, planKind, ...targetColumns(target), userId: viewer.budgetId },
    }),
  );
  viewer.events.publish(viewer.budgetId);
  return category;
}

/** Renames a category, changes its type, plan kind, overspending rule or target; its allocation changes only with Save Changes. */
export async function updateBudgetCategory(viewer: Viewer, id: string, input: unknown) {
  const { target, ...rest } = parseInput(updateBudgetCategoryInput, input);
  const changes = { ...rest, ...targetColumns(target) };
  return withFreeName(viewer, changes.name, id, () =>
    updateOwned(viewer, { table: 'budget_categories', id, what: 'Budget category', changes }, (tx) =>
      tx.budgetCategory.update({ where: { id }, data: changes }),
    ),
  );
}

/** Deletes a category; its transactions and bills keep existing, uncategorized (ON DELETE SET NULL). */
export async function deleteBudgetCategory(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.budgetCategory.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Budget category');
  viewer.events.publish(viewer.budgetId);
}

/**
 * Save Changes: every row's amount and percentage at once (and its plan kind: given, else by the
 * rule of docs/product.md#the-plan), all or nothing (docs/product.md#budget-allocation). One
 * invalid row or an id that is not the user's rejects the whole save and changes nothing.
 */
export async function updateBudgetAllocations(viewer: Viewer, input: unknown) {
  const rows = parseInput(updateAllocationsInput, input);
  const income = rows.some((r) => r.planKind === undefined) ? await totalIncome(viewer) : new Decimal(0);
  await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const mine = await tx.budgetCategory.count({ where: { id: { in: rows.map((r) => r.id) }, ...owned(viewer) } });
    if (mine !== rows.length) throw new NotFoundError('Budget category');
    for (const row of rows) {
      await tx.budgetCategory.update({
        where: { id: row.id },
        data: {
          allocatedAmount: row.allocatedAmount,
          allocatedPercentage: row.allocatedPercentage,
          planKind: row.planKind ?? inferredPlanKind(row, income),
          carryOverspending: row.carryOverspending,
          ...targetColumns(row.target),
        },
      });
    }
  });
  viewer.events.publish(viewer.budgetId);
  return listBudgetCategories(viewer);
}

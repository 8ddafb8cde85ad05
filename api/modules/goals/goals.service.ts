import type { Prisma, SavingsGoal } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { lockOwned, updateOwned } from '../../lib/owned-update.ts';
import { Decimal, percentOf } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { addGoalContributionInput, createSavingsGoalInput, updateSavingsGoalInput } from '../../../shared/inputs/goals.ts';

type GoalQuery = Omit<Prisma.SavingsGoalFindManyArgs, 'where' | 'orderBy'>;

function completedWhere(viewer: Viewer, completed?: boolean | null): Prisma.SavingsGoalWhereInput {
  return completed == null ? owned(viewer) : { ...owned(viewer), isCompleted: completed };
}

export function listSavingsGoals(viewer: Viewer, completed?: boolean | null, query: GoalQuery = {}) {
  return viewer.prisma.savingsGoal.findMany({
    ...query,
    where: completedWhere(viewer, completed),
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export function countSavingsGoals(viewer: Viewer, completed?: boolean | null) {
  return viewer.prisma.savingsGoal.count({ where: completedWhere(viewer, completed) });
}

export function listGoalContributions(
  viewer: Viewer,
  goalId?: string,
  query: Omit<Prisma.GoalContributionFindManyArgs, 'where' | 'orderBy'> = {},
) {
  return viewer.prisma.goalContribution.findMany({
    ...query,
    where: { ...owned(viewer), ...(goalId ? { goalId } : {}) },
    orderBy: [{ contributionDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
  });
}

export function countGoalContributions(viewer: Viewer, goalId?: string) {
  return viewer.prisma.goalContribution.count({ where: { ...owned(viewer), ...(goalId ? { goalId } : {}) } });
}

/** Current / target × 100 with one decimal, capped at "100.0" (docs/product.md#savings-goals). */
export function progressPercent(goal: Pick<SavingsGoal, 'currentAmount' | 'targetAmount'>): string {
  if (goal.targetAmount.isZero()) return '100.0';
  const percent = percentOf(goal.currentAmount, goal.targetAmount);
  return new Decimal(percent).greaterThan(100) ? '100.0' : percent;
}

/** Target minus current, never below zero. */
export function remainingAmount(goal: Pick<SavingsGoal, 'currentAmount' | 'targetAmount'>): Decimal {
  const rest = goal.targetAmount.minus(goal.currentAmount);
  return rest.isNegative() ? new Decimal(0) : rest;
}

/** docs/product.md#savings-goals: a goal is completed exactly when its current amount reaches its target. */
function completion(goal: { currentAmount: Decimal; targetAmount: Decimal | string }) {
  return goal.currentAmount.greaterThanOrEqualTo(goal.targetAmount);
}

/** Brings a goal's completion in line with its amounts after they changed; the caller holds the goal's row. */
async function settleCompletion(tx: Prisma.TransactionClient, goal: SavingsGoal) {
  const isCompleted = completion(goal);
  return isCompleted === goal.isCompleted ? goal : tx.savingsGoal.update({ where: { id: goal.id }, data: { isCompleted } });
}

export async function createSavingsGoal(viewer: Viewer, input: unknown) {
  const { isCompleted: _ignored, ...data } = parseInput(createSavingsGoalInput, input);
  const current = new Decimal(data.currentAmount ?? '0');
  const goal = await viewer.prisma.savingsGoal.create({
    data: {
      ...data,
      currentAmount: current.toFixed(2),
      targetDate: data.targetDate ?? null,
      notes: data.notes ?? null,
      isCompleted: completion({ currentAmount: current, targetAmount: data.targetAmount }),
      userId: viewer.budgetId,
    },
  });
  viewer.events.publish(viewer.budgetId);
  return goal;
}

/** Changes a goal's name, target, target date, category or notes; a new target completes or reopens it. */
export async function updateSavingsGoal(viewer: Viewer, id: string, input: unknown) {
  const changes = parseInput(updateSavingsGoalInput, input);
  return updateOwned(viewer, { table: 'savings_goals', id, what: 'Savings goal', changes }, async (tx) =>
    settleCompletion(tx, await tx.savingsGoal.update({ where: { id }, data: changes })),
  );
}

export async function deleteSavingsGoal(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.savingsGoal.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Savings goal');
  viewer.events.publish(viewer.budgetId);
}

/**
 * Adds a contribution and its amount to the goal in one transaction (docs/product.md#savings-goals): the amount is
 * added by the UPDATE itself (current_amount = current_amount + x, row-locked: no lost update,
 * whatever runs at the same time), and the goal is marked completed once it reaches its target.
 */
export async function addGoalContribution(viewer: Viewer, input: unknown) {
  const data = parseInput(addGoalContributionInput, input);
  const result = await viewer.prisma.$transaction(async (tx) => {
    const { count } = await tx.savingsGoal.updateMany({
      where: { id: data.goalId, ...owned(viewer) },
      data: { currentAmount: { increment: data.amount } },
    });
    if (count === 0) throw new ValidationError([{ path: ['goalId'], message: 'Goal not found' }]);
    const contribution = await tx.goalContribution.create({
      data: {
        userId: viewer.budgetId,
        goalId: data.goalId,
        amount: data.amount,
        contributionDate: data.contributionDate,
        notes: data.notes ?? null,
      },
    });
    const goal = await settleCompletion(tx, await tx.savingsGoal.findUniqueOrThrow({ where: { id: data.goalId } }));
    return { contribution, goal };
  });
  viewer.events.publish(viewer.budgetId);
  return result;
}

/**
 * Deletes a contribution and takes its amount off the goal, in one transaction with the goal row
 * locked (docs/product.md#savings-goals): a goal that falls below its target is no longer completed.
 */
export async function deleteGoalContribution(viewer: Viewer, id: string) {
  const goal = await viewer.prisma.$transaction(async (tx) => {
    const contribution = await tx.goalContribution.findFirst({ where: { id, ...owned(viewer) } });
    if (!contribution || !(await lockOwned(tx, viewer, 'savings_goals', contribution.goalId))) throw new NotFoundError('Goal contribution');
    // Under the lock, a second delete of the same contribution finds nothing to take off.
    const { count } = await tx.goalContribution.deleteMany({ where: { id, ...owned(viewer) } });
    if (count === 0) throw new NotFoundError('Goal contribution');
    const lowered = await tx.savingsGoal.update({
      where: { id: contribution.goalId },
      data: { currentAmount: { decrement: contribution.amount } },
    });
    return settleCompletion(tx, lowered);
  });
  viewer.events.publish(viewer.budgetId);
  return goal;
}

import type { Router } from 'express';
import type { SavingsGoal } from '../../generated/prisma/client.ts';
import { formatMoney } from '../../lib/money.ts';
import type { RestRoutes } from '../../rest/router.ts';
import { rowJson } from '../../rest/json.ts';
import { parseInput } from '../../lib/validate.ts';
import { listGoalContributionsQuery } from '../../../shared/inputs/goals.ts';
import { addGoalContribution, createSavingsGoal, deleteSavingsGoal, listGoalContributions, listSavingsGoals, progressPercent, remainingAmount } from './goals.service.ts';

const goalJson = (g: SavingsGoal) => ({ ...rowJson(g, ['targetDate']), progressPercent: progressPercent(g), remainingAmount: formatMoney(remainingAmount(g)) });

export function registerGoalRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/savings-goals', handle(async (viewer) => (await listSavingsGoals(viewer)).map(goalJson)));
  router.post('/savings-goals', handle(async (viewer, req) => goalJson(await createSavingsGoal(viewer, req.body)), 201));
  router.delete('/savings-goals/:id', handle(async (viewer, req) => deleteSavingsGoal(viewer, String(req.params.id)).then(() => undefined)));
  router.get('/goal-contributions', handle(async (viewer, req) => {
    const { goalId } = parseInput(listGoalContributionsQuery, req.query);
    return (await listGoalContributions(viewer, goalId)).map((c) => rowJson(c, ['contributionDate']));
  }));
  router.post('/goal-contributions', handle(async (viewer, req) => {
    const { contribution, goal } = await addGoalContribution(viewer, req.body);
    return { ...rowJson(contribution, ['contributionDate']), goal: goalJson(goal) };
  }, 201));
}

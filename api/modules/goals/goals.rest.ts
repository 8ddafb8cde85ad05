import type { SavingsGoal } from '../../generated/prisma/client.ts';
import { toWireMoney } from '../../lib/money.ts';
import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson, type RowJson } from '../../rest/json.ts';
import {
  addGoalContributionInput,
  createSavingsGoalInput,
  listGoalContributionsQuery,
  updateSavingsGoalInput,
} from '../../../shared/inputs/goals.ts';
import {
  addGoalContribution,
  createSavingsGoal,
  deleteGoalContribution,
  deleteSavingsGoal,
  listGoalContributions,
  listSavingsGoals,
  progressPercent,
  remainingAmount,
  updateSavingsGoal,
} from './goals.service.ts';

/** What a goal has in REST answers besides its record: how far along it is, and what is left to save. */
const goalFields = z.object({ progressPercent: z.string().meta({ examples: ['45.5'] }), remainingAmount: wire.money });
const goalJson = (g: SavingsGoal): RowJson & z.output<typeof goalFields> => ({
  ...rowJson(g, ['targetDate']),
  progressPercent: progressPercent(g),
  remainingAmount: toWireMoney(remainingAmount(g)),
});
/** A contribution as its adding answers it: with the goal it grew. */
const contributionFields = z.object({ goal: wire.record('SavingsGoal') });
const contributionJson = ({
  contribution,
  goal,
}: Awaited<ReturnType<typeof addGoalContribution>>): RowJson & z.output<typeof contributionFields> => ({
  ...rowJson(contribution, ['contributionDate']),
  goal: goalJson(goal),
});

export const goalRoutes = defineRoutes(
  listRoute({
    path: '/savings-goals',
    tag: 'Goals',
    summary: 'List savings goals',
    model: 'SavingsGoal',
    with: goalFields,
    list: (viewer, _query, page) => listSavingsGoals(viewer, undefined, page),
    json: (_viewer, g) => goalJson(g),
  }),
  route({
    method: 'post',
    path: '/savings-goals',
    tag: 'Goals',
    summary: 'Create a savings goal',
    body: createSavingsGoalInput,
    returns: { model: 'SavingsGoal', with: goalFields },
    status: 201,
    handler: async (viewer, { body }) => goalJson(await createSavingsGoal(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/savings-goals/{id}',
    tag: 'Goals',
    summary: "Change a goal's name, target, target date, category or notes; a new target completes or reopens it",
    body: updateSavingsGoalInput,
    returns: { model: 'SavingsGoal', with: goalFields },
    handler: async (viewer, { params, body }) => goalJson(await updateSavingsGoal(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/savings-goals/{id}',
    tag: 'Goals',
    summary: 'Delete a savings goal and its contributions',
    handler: (viewer, { params }) => deleteSavingsGoal(viewer, params.id),
  }),
  listRoute({
    path: '/goal-contributions',
    tag: 'Goals',
    summary: "List contributions, or one goal's",
    model: 'GoalContribution',
    query: listGoalContributionsQuery,
    list: (viewer, query, page) => listGoalContributions(viewer, query.goalId, page),
    json: (_viewer, c) => rowJson(c, ['contributionDate']),
  }),
  route({
    method: 'post',
    path: '/goal-contributions',
    tag: 'Goals',
    summary: 'Add a contribution: the goal grows and completes when it reaches its target',
    body: addGoalContributionInput,
    returns: { model: 'GoalContribution', with: contributionFields },
    status: 201,
    handler: async (viewer, { body }) => contributionJson(await addGoalContribution(viewer, body)),
  }),
  route({
    method: 'delete',
    path: '/goal-contributions/{id}',
    tag: 'Goals',
    summary: 'Delete a contribution: its amount comes off the goal, which is no longer completed below its target',
    handler: async (viewer, { params }) => void (await deleteGoalContribution(viewer, params.id)),
  }),
);

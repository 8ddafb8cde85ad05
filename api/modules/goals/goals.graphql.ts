import { encodeGlobalID } from '@pothos/plugin-relay';
import type { GoalContribution, SavingsGoal } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { GOAL_CATEGORIES, type GoalCategory as Category } from '../../../shared/enums.ts';
import {
  addGoalContribution,
  countGoalContributions,
  countSavingsGoals,
  createSavingsGoal,
  deleteGoalContribution,
  deleteSavingsGoal,
  listGoalContributions,
  listSavingsGoals,
  progressPercent,
  remainingAmount,
  updateSavingsGoal,
} from './goals.service.ts';

export const GoalCategory = builder.enumType('GoalCategory', {
  description: 'Shown as Emergency Fund, Vacation, Purchase, Investment, Other (no category: General).',
  values: {
    emergency: { description: 'An emergency fund (shown as "Emergency Fund").' },
    vacation: { description: 'A vacation.' },
    purchase: { description: 'A planned purchase.' },
    investment: { description: 'An investment.' },
    other: { description: 'Anything else.' },
  } satisfies Record<Category, { description: string }>,
});

export const SavingsGoalRef = builder.prismaNode('SavingsGoal', {
  id: { field: 'id' },
  description: 'Something to save for, with its progress.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The goal name, 1 to 200 characters.' }),
    targetAmount: t.expose('targetAmount', { type: 'Money', description: 'The amount to reach.' }),
    currentAmount: t.expose('currentAmount', { type: 'Money', description: 'The amount saved so far; each contribution adds to it.' }),
    remainingAmount: t.field({ type: 'Money', description: 'Target minus current, never below 0.', resolve: (g) => remainingAmount(g) }),
    progressPercent: t.string({
      description: 'Current / target × 100 with one decimal, capped at "100.0".',
      resolve: (g) => progressPercent(g),
    }),
    targetDate: t.expose('targetDate', { type: 'Date', nullable: true, description: 'The date to reach the target by, or null.' }),
    category: t.field({
      type: GoalCategory,
      nullable: true,
      description: 'Null: no category ("General").',
      resolve: (g) => ((GOAL_CATEGORIES as readonly string[]).includes(g.category ?? '') ? (g.category as Category) : null),
    }),
    isCompleted: t.exposeBoolean('isCompleted', { description: 'Set by the server once current reaches target.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    contributions: t.prismaConnection({
      type: 'GoalContribution',
      cursor: 'id',
      description: 'Contributions to this goal, newest first.',
      totalCount: (goal, _args, ctx) => countGoalContributions(ctx.viewer, goal.id),
      resolve: (query, goal, _args, ctx) => listGoalContributions(ctx.viewer, goal.id, query),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the goal was created.' }),
  }),
});

export const GoalContributionRef = builder.prismaNode('GoalContribution', {
  id: { field: 'id' },
  description: 'Money put towards a savings goal.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money', description: 'The amount added to the goal.' }),
    contributionDate: t.expose('contributionDate', { type: 'Date', description: 'The day it was contributed.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    goal: t.relation('goal', { description: 'The goal it was added to.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the contribution was recorded.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  savingsGoals: t.prismaConnection({
    type: 'SavingsGoal',
    cursor: 'id',
    description: "The user's goals in the order they were created: all, or only completed (true) or active (false).",
    args: { completed: t.arg.boolean({ required: false }) },
    totalCount: (_user, args, ctx) => countSavingsGoals(ctx.viewer, args.completed),
    resolve: (query, _user, args, ctx) => listSavingsGoals(ctx.viewer, args.completed, query),
  }),
  goalContributions: t.prismaConnection({
    type: 'GoalContribution',
    cursor: 'id',
    description: "Every contribution to any of the user's goals, newest first.",
    totalCount: (_user, _args, ctx) => countGoalContributions(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listGoalContributions(ctx.viewer, undefined, query),
  }),
}));

const CreateSavingsGoalInput = builder.inputType('CreateSavingsGoalInput', {
  description: 'A new savings goal, for createSavingsGoal.',
  fields: (t) => ({
    name: t.string({ description: '1 to 200 characters.' }),
    targetAmount: t.field({ type: 'Money', description: 'The amount to reach.' }),
    currentAmount: t.field({ type: 'Money', required: false, description: 'Already saved. Default 0.' }),
    targetDate: t.field({ type: 'Date', required: false, description: 'The date to reach the target by, if any.' }),
    category: t.field({ type: GoalCategory, required: false, description: 'None shows as "General".' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
  }),
});

const AddGoalContributionInput = builder.inputType('AddGoalContributionInput', {
  description: 'Money to add to one of your goals, for addGoalContribution.',
  fields: (t) => ({
    goalId: t.globalID({ for: SavingsGoalRef, description: 'The goal to add to.' }),
    amount: t.field({ type: 'Money', description: "Added to the goal's current amount." }),
    contributionDate: t.field({ type: 'Date', description: 'The day it was contributed.' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
  }),
});

const SavingsGoalPayload = builder.objectRef<{ savingsGoal: SavingsGoal }>('SavingsGoalPayload').implement({
  description: 'The created goal, and the signed-in user for the lists it joined.',
  interfaces: [MutationPayload],
  fields: (t) => ({ savingsGoal: t.field({ type: SavingsGoalRef, description: 'The created goal.', resolve: (p) => p.savingsGoal }) }),
});

const GoalContributionPayload = builder
  .objectRef<{ contribution: GoalContribution; goal: SavingsGoal }>('GoalContributionPayload')
  .implement({
    description: 'The contribution and the goal after it (completed once it reaches its target).',
    interfaces: [MutationPayload],
    fields: (t) => ({
      contribution: t.field({ type: GoalContributionRef, description: 'The recorded contribution.', resolve: (p) => p.contribution }),
      goal: t.field({
        type: SavingsGoalRef,
        description: 'The goal, its current amount including the contribution.',
        resolve: (p) => p.goal,
      }),
    }),
  });

builder.mutationFields((t) => ({
  createSavingsGoal: t.field({
    type: SavingsGoalPayload,
    description: 'Creates a savings goal (completed at once when the current amount already reaches the target).',
    args: { input: t.arg({ type: CreateSavingsGoalInput }) },
    resolve: async (_root, { input }, ctx) => ({ savingsGoal: await createSavingsGoal(ctx.viewer, input) }),
  }),
  addGoalContribution: t.field({
    type: GoalContributionPayload,
    description: 'Adds money to a goal.',
    args: { input: t.arg({ type: AddGoalContributionInput }) },
    resolve: (_root, { input }, ctx) => addGoalContribution(ctx.viewer, { ...input, goalId: input.goalId.id }),
  }),
}));

deleteMutation('deleteSavingsGoal', {
  node: SavingsGoalRef,
  description: 'Deletes a goal and its contributions.',
  remove: deleteSavingsGoal,
});

updateMutation('updateSavingsGoal', {
  node: SavingsGoalRef,
  field: 'savingsGoal',
  description: 'Changes a goal; a new target completes it (current ≥ target) or makes it active again.',
  fields: (t) => ({
    name: t.string({ required: false, description: '1 to 200 characters.' }),
    targetAmount: t.field({ type: 'Money', required: false, description: 'The amount to reach.' }),
    targetDate: t.field({ type: 'Date', required: false, description: 'The date to reach the target by; null for none.' }),
    category: t.field({ type: GoalCategory, required: false, description: 'Null for none ("General").' }),
    notes: t.string({ required: false, description: 'Free-form notes, at most 10000 characters; null or blank clears them.' }),
  }),
  update: updateSavingsGoal,
});

const DeleteGoalContributionPayload = builder
  .objectRef<{ deletedId: string; goal: SavingsGoal }>('DeleteGoalContributionPayload')
  .implement({
    description: 'The deleted contribution, and its goal after it.',
    interfaces: [MutationPayload],
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', { description: 'The global id of the deleted contribution.' }),
      goal: t.field({
        type: SavingsGoalRef,
        description: 'The goal, its current amount lowered by the contribution (no longer completed below its target).',
        resolve: (p) => p.goal,
      }),
    }),
  });

builder.mutationField('deleteGoalContribution', (t) =>
  t.field({
    type: DeleteGoalContributionPayload,
    description: "Deletes a contribution and takes its amount off the goal's current amount.",
    args: { id: t.arg.globalID({ for: GoalContributionRef }) },
    resolve: async (_root, { id }, ctx) => ({
      deletedId: encodeGlobalID(id.typename, id.id),
      goal: await deleteGoalContribution(ctx.viewer, id.id),
    }),
  }),
);

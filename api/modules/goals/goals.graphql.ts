import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';

export const GOAL_CATEGORIES = ['emergency', 'vacation', 'purchase', 'investment', 'other'] as const;

export const GoalCategory = builder.enumType('GoalCategory', {
  description: 'Shown as Emergency Fund, Vacation, Purchase, Investment, Other (no category: General).',
  values: GOAL_CATEGORIES,
});

export const SavingsGoalRef = builder.prismaNode('SavingsGoal', {
  id: { field: 'id' },
  description: 'Something to save for, with its progress.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name'),
    targetAmount: t.expose('targetAmount', { type: 'Money' }),
    currentAmount: t.expose('currentAmount', { type: 'Money' }),
    targetDate: t.expose('targetDate', { type: 'Date', nullable: true }),
    category: t.field({
      type: GoalCategory,
      nullable: true,
      resolve: (g) => (GOAL_CATEGORIES as readonly string[]).includes(g.category ?? '') ? (g.category as (typeof GOAL_CATEGORIES)[number]) : null,
    }),
    isCompleted: t.boolean({ resolve: (g) => g.isCompleted === 1 }),
    notes: t.exposeString('notes', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const GoalContributionRef = builder.prismaNode('GoalContribution', {
  id: { field: 'id' },
  description: 'Money put towards a savings goal.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money' }),
    contributionDate: t.expose('contributionDate', { type: 'Date' }),
    notes: t.exposeString('notes', { nullable: true }),
    goal: t.relation('goal'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';

export const BUDGET_CATEGORY_TYPES = ['bills', 'expenses', 'debt', 'investment', 'savings'] as const;

export const BudgetCategoryType = builder.enumType('BudgetCategoryType', {
  description: 'Shown as Bills, Expenses, Debt Payments, Investments, Savings.',
  values: BUDGET_CATEGORY_TYPES,
});

export const BudgetCategoryRef = builder.prismaNode('BudgetCategory', {
  id: { field: 'id' },
  description: 'A budget category and the share of income allocated to it.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name'),
    type: t.field({ type: BudgetCategoryType, resolve: (c) => c.type as (typeof BUDGET_CATEGORY_TYPES)[number] }),
    allocatedAmount: t.expose('allocatedAmount', { type: 'Money' }),
    allocatedPercentage: t.exposeInt('allocatedPercentage', { description: '0 to 100.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

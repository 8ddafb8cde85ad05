import type { BudgetCategory } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import type { Decimal } from '../../lib/money.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import type { BudgetCategoryType as CategoryType } from '../../../shared/enums.ts';
import { addBudgetCategoryInput } from '../../../shared/inputs/budget.ts';
import {
  addBudgetCategory,
  budgetSummary,
  countBudgetCategories,
  deleteBudgetCategory,
  listBudgetCategories,
  updateBudgetAllocations,
  updateBudgetCategory,
} from './budget.service.ts';
import { budgetMonth, tightestCategories, type BudgetMonth, type BudgetMonthRow } from './budget-month.ts';

export const BudgetCategoryType = builder.enumType('BudgetCategoryType', {
  description: 'Shown as Bills, Expenses, Debt Payments, Investments, Savings.',
  values: {
    bills: { description: 'Recurring bills.' },
    expenses: { description: 'Day-to-day spending.' },
    debt: { description: 'Debt payments (shown as "Debt Payments").' },
    investment: { description: 'Investments (shown as "Investments").' },
    savings: { description: 'Money set aside as savings.' },
  } satisfies Record<CategoryType, { description: string }>,
});

export const BudgetCategoryRef = builder.prismaNode('BudgetCategory', {
  id: { field: 'id' },
  description: 'A budget category and the share of income allocated to it.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The category name, 1 to 100 characters.' }),
    type: t.field({ type: BudgetCategoryType, description: 'What kind of category it is.', resolve: (c) => c.type as CategoryType }),
    allocatedAmount: t.expose('allocatedAmount', { type: 'Money', description: 'The amount of income allocated to it.' }),
    allocatedPercentage: t.exposeInt('allocatedPercentage', { description: '0 to 100.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the category was added.' }),
  }),
});

const BudgetSummary = builder.objectRef<{ totalIncome: Decimal; allocated: Decimal; remaining: Decimal }>('BudgetSummary').implement({
  description: 'The Budget screen totals.',
  fields: (t) => ({
    totalIncome: t.expose('totalIncome', { type: 'Money', description: 'The sum of all paychecks.' }),
    allocated: t.expose('allocated', { type: 'Money', description: 'The sum of the amounts allocated to categories.' }),
    remaining: t.expose('remaining', { type: 'Money', description: 'Income minus allocated; negative when over-allocated.' }),
  }),
});

const EnvelopeStatus = builder.enumType('EnvelopeStatus', {
  description: 'Where a row of Budget: this month stands against its envelope.',
  values: {
    OK: { description: 'Under 80 % of the envelope spent.' },
    NEAR: { description: '80 % to 100 % of the envelope spent (shown amber).' },
    OVER: { description: 'More than the envelope spent (shown red).' },
    NONE: { description: 'The uncategorized row: it has no envelope.' },
  } satisfies Record<BudgetMonthRow['status'], { description: string }>,
});

const BudgetMonthCategory = builder.objectRef<BudgetMonthRow>('BudgetMonthCategory').implement({
  description: "One category's envelope and spending in a month; or the uncategorized spending.",
  fields: (t) => ({
    categoryId: t.globalID({
      nullable: true,
      description: "The category's id; null for the uncategorized row.",
      resolve: (r) => (r.categoryId ? { type: 'BudgetCategory', id: r.categoryId } : null),
    }),
    name: t.exposeString('name', { description: 'The category name, or "Uncategorized".' }),
    type: t.field({ type: BudgetCategoryType, nullable: true, description: 'Null for the uncategorized row.', resolve: (r) => r.type }),
    envelope: t.expose('envelope', { type: 'Money', description: "Its percentage of the month's income, else its allocated amount." }),
    spent: t.expose('spent', { type: 'Money', description: "The month's transactions in it." }),
    remaining: t.expose('remaining', { type: 'Money', description: 'Envelope minus spent; negative when over.' }),
    percentUsed: t.exposeString('percentUsed', {
      nullable: true,
      description: 'Spent ÷ envelope × 100, one decimal; null when the envelope is zero.',
    }),
    status: t.field({ type: EnvelopeStatus, description: 'OK, NEAR (80 % or more), OVER, or NONE.', resolve: (r) => r.status }),
  }),
});

const BudgetMonthRef = builder.objectRef<BudgetMonth>('BudgetMonth').implement({
  description: "Budget: this month: each category's envelope against the month's spending.",
  fields: (t) => ({
    month: t.exposeString('month', { description: 'The month, "YYYY-MM".' }),
    income: t.expose('income', { type: 'Money', description: "The month's paychecks." }),
    envelopes: t.expose('envelopes', { type: 'Money', description: 'The sum of the envelopes.' }),
    spent: t.expose('spent', { type: 'Money', description: "The month's transactions, categorized or not." }),
    remaining: t.expose('remaining', { type: 'Money', description: 'Envelopes minus spent.' }),
    categories: t.field({
      type: [BudgetMonthCategory],
      description: 'Every category in the order they were added, then the uncategorized spending when there is some.',
      resolve: (m) => m.categories,
    }),
    tightestCategories: t.field({
      type: [BudgetMonthCategory],
      args: { first: t.arg.int({ defaultValue: 5, description: 'How many (1 to 20; outside, the nearest).' }) },
      description: 'The categories closest to or over their envelope, highest spent ÷ envelope first.',
      resolve: (m, { first }) => tightestCategories(m, Math.min(Math.max(first, 1), 20)),
    }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  budgetMonth: t.field({
    type: BudgetMonthRef,
    args: { month: t.arg.string({ required: false, description: '"YYYY-MM"; the current month in your time zone when not given.' }) },
    description: "Budget: this month: each category's envelope, spending and remaining in a calendar month.",
    resolve: (_user, { month }, ctx) => budgetMonth(ctx.viewer, month),
  }),
  budgetCategories: t.prismaConnection({
    type: 'BudgetCategory',
    cursor: 'id',
    description: "The user's budget categories, in the order they were added.",
    totalCount: (_user, _args, ctx) => countBudgetCategories(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listBudgetCategories(ctx.viewer, query),
  }),
  budgetSummary: t.field({
    type: BudgetSummary,
    description: 'The Budget screen totals: all paychecks against all allocations.',
    resolve: (_user, _args, ctx) => budgetSummary(ctx.viewer),
  }),
}));

const AddBudgetCategoryInput = builder.inputType('AddBudgetCategoryInput', {
  description: 'A new category, for addBudgetCategory; it starts with nothing allocated.',
  fields: (t) => ({
    name: t.string({ description: 'Not blank, at most 100 characters.' }),
    type: t.field({ type: BudgetCategoryType, description: 'What kind of category it is.' }),
  }),
});

const AllocationInput = builder.inputType('BudgetAllocationInput', {
  description: "One category's new allocation in a Save Changes.",
  fields: (t) => ({
    id: t.globalID({ for: BudgetCategoryRef, description: 'One of your categories; each may appear only once in a save.' }),
    allocatedAmount: t.field({ type: 'Money', description: 'The amount of income allocated to it.' }),
    allocatedPercentage: t.int({ description: '0 to 100.' }),
  }),
});

const UpdateAllocationsInput = builder.inputType('UpdateBudgetAllocationsInput', {
  description: 'Save Changes: new allocations for several categories, applied all or nothing.',
  fields: (t) => ({
    allocations: t.field({ type: [AllocationInput], description: 'The categories to update (the others stay as they are), at most 1000.' }),
  }),
});

const BudgetCategoryPayload = builder.objectRef<{ budgetCategory: BudgetCategory }>('BudgetCategoryPayload').implement({
  description: 'The added category, and the signed-in user for the totals.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    budgetCategory: t.field({ type: BudgetCategoryRef, description: 'The added category.', resolve: (p) => p.budgetCategory }),
  }),
});

const BudgetAllocationsPayload = builder.objectRef<{ budgetCategories: BudgetCategory[] }>('BudgetAllocationsPayload').implement({
  description: 'Every category after the save, and the signed-in user for the totals.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    budgetCategories: t.field({
      type: [BudgetCategoryRef],
      description: "All the user's categories after the save, in the order they were added.",
      resolve: (p) => p.budgetCategories,
    }),
  }),
});

builder.mutationFields((t) => ({
  addBudgetCategory: t.field({
    type: BudgetCategoryPayload,
    description: 'Adds a category with nothing allocated yet.',
    args: { input: t.arg({ type: AddBudgetCategoryInput, validate: { schema: addBudgetCategoryInput } }) },
    resolve: async (_root, { input }, ctx) => ({ budgetCategory: await addBudgetCategory(ctx.viewer, input) }),
  }),
  updateBudgetAllocations: t.field({
    type: BudgetAllocationsPayload,
    description: 'Save Changes: the amount and percentage of every category at once, all or nothing.',
    args: { input: t.arg({ type: UpdateAllocationsInput }) },
    resolve: async (_root, { input }, ctx) => ({
      budgetCategories: await updateBudgetAllocations(
        ctx.viewer,
        input.allocations.map((a) => ({ ...a, id: a.id.id })),
      ),
    }),
  }),
}));

deleteMutation('deleteBudgetCategory', {
  node: BudgetCategoryRef,
  description: 'Deletes a category; its transactions and bills become uncategorized.',
  remove: deleteBudgetCategory,
});

updateMutation('updateBudgetCategory', {
  node: BudgetCategoryRef,
  field: 'budgetCategory',
  description: 'Renames a category or changes its type; allocations change with updateBudgetAllocations.',
  fields: (t) => ({
    name: t.string({ required: false, description: 'Not blank, at most 100 characters.' }),
    type: t.field({ type: BudgetCategoryType, required: false, description: 'What kind of category it is.' }),
  }),
  update: updateBudgetCategory,
});

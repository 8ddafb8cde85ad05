import type { InputFieldBuilder } from '@pothos/core';
import type { BudgetCategory } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import type { Decimal } from '../../lib/money.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import type {
  BudgetCategoryType as CategoryType,
  PlanKind as PlanKindValue,
  TargetKind as TargetKindValue,
} from '../../../shared/enums.ts';
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
import { assignFromPlan, moveMoney, setAssigned } from './budget-assignments.ts';
import { targetOf, type Target } from './plan.ts';

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

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

export const PlanKind = builder.enumType('PlanKind', {
  description: "How a category's plan sets each month's assigned amount.",
  values: {
    AMOUNT: { value: 'amount', description: 'Its allocated amount every month.' },
    PERCENTAGE: { value: 'percentage', description: "Its percentage of each month's income, to the cent, half up." },
  } satisfies Record<string, { value: PlanKindValue; description: string }>,
});

export const TargetKind = builder.enumType('TargetKind', {
  description: "A category's optional target.",
  values: {
    SAVE_BY_DATE: { value: 'saveByDate', description: 'Have the amount by the date: shows what is needed per month until then.' },
    MONTHLY: { value: 'monthly', description: 'The amount every month: shows underfunded when less is assigned.' },
  } satisfies Record<string, { value: TargetKindValue; description: string }>,
});

const BudgetTarget = builder.objectRef<Target>('BudgetTarget').implement({
  description: "A category's target.",
  fields: (t) => ({
    kind: t.field({ type: TargetKind, description: 'Save by a date, or every month.', resolve: (target) => target.kind }),
    amount: t.expose('amount', { type: 'Money', description: 'The amount to have by the date, or to assign every month.' }),
    date: t.expose('date', { type: 'Date', nullable: true, description: 'The date, for SAVE_BY_DATE; null for MONTHLY.' }),
  }),
});

const BudgetTargetInput = builder.inputType('BudgetTargetInput', {
  description: "A category's target.",
  fields: (t) => ({
    kind: t.field({ type: TargetKind, description: 'Save by a date, or every month.' }),
    amount: t.field({ type: 'Money', description: 'Greater than 0.' }),
    date: t.field({ type: 'Date', required: false, description: 'Required for SAVE_BY_DATE; not given for MONTHLY.' }),
  }),
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
    planKind: t.field({
      type: PlanKind,
      description: "AMOUNT: the allocated amount every month; PERCENTAGE: the percentage of each month's income.",
      resolve: (c) => c.planKind as PlanKindValue,
    }),
    carryOverspending: t.exposeBoolean('carryOverspending', {
      description: "Overspending stays in the category into next month instead of coming out of next month's Ready to Assign.",
    }),
    target: t.field({ type: BudgetTarget, nullable: true, description: 'Its target, if any.', resolve: (c) => targetOf(c) }),
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
    OK: { description: 'Under 80 % of carried + assigned spent.' },
    NEAR: { description: '80 % or more of carried + assigned spent, available not negative (shown amber).' },
    OVER: { description: 'Available below 0 (shown red).' },
    NONE: { description: 'The uncategorized row: nothing is assigned to it.' },
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
    envelope: t.expose('envelope', { type: 'Money', description: 'The assigned amount of the month (same as `assigned`).' }),
    assigned: t.expose('assigned', {
      type: 'Money',
      description: "The month's own amount when one is set, else the plan's: the amount, or the percentage of the month's income.",
    }),
    assignedSet: t.exposeBoolean('assignedSet', { description: 'True when the month has its own amount (setAssigned, moveMoney).' }),
    carried: t.expose('carried', {
      type: 'Money',
      description: "Last month's available when positive (negative too with carryOverspending); 0 in the first month.",
    }),
    spent: t.expose('spent', { type: 'Money', description: "The month's net spending in it: expenses minus refunds." }),
    available: t.expose('available', { type: 'Money', description: 'Carried + assigned − spent; negative when overspent.' }),
    remaining: t.expose('remaining', { type: 'Money', description: 'The same as `available`.' }),
    percentUsed: t.exposeString('percentUsed', {
      nullable: true,
      description: 'Spent ÷ (carried + assigned) × 100, one decimal; null when that is zero or less.',
    }),
    status: t.field({
      type: EnvelopeStatus,
      description: 'OVER when available < 0, NEAR from 80 % of carried + assigned spent, else OK; NONE for the uncategorized row.',
      resolve: (r) => r.status,
    }),
    planKind: t.field({ type: PlanKind, nullable: true, description: 'Null for the uncategorized row.', resolve: (r) => r.planKind }),
    carryOverspending: t.exposeBoolean('carryOverspending', { description: 'Overspending stays in the category into next month.' }),
    target: t.field({ type: BudgetTarget, nullable: true, description: 'Its target, if any.', resolve: (r) => r.target }),
    targetNeeded: t.expose('targetNeeded', {
      type: 'Money',
      nullable: true,
      description: 'SAVE_BY_DATE: what is needed per month from this month to reach it; MONTHLY: its amount; null without a target.',
    }),
    underfunded: t.expose('underfunded', {
      type: 'Money',
      nullable: true,
      description: 'targetNeeded − assigned when above 0, else null.',
    }),
  }),
});

const BudgetMonthRef = builder.objectRef<BudgetMonth>('BudgetMonth').implement({
  description: "The Budget's month: each category's assigned, carried, spent and available, and Ready to Assign.",
  fields: (t) => ({
    month: t.exposeString('month', { description: 'The month, "YYYY-MM".' }),
    firstMonth: t.exposeString('firstMonth', {
      nullable: true,
      description: 'The budget\'s first month, "YYYY-MM": that of the earliest paycheck or transaction; null when there is none.',
    }),
    income: t.expose('income', { type: 'Money', description: "The month's paychecks." }),
    readyToAssign: t.expose('readyToAssign', {
      type: 'Money',
      description:
        'All income through the end of the month − everything assigned from the first month through this one − overspending not carried from earlier months; negative when over-assigned.',
    }),
    assigned: t.expose('assigned', { type: 'Money', description: "The sum of the categories' assigned amounts." }),
    available: t.expose('available', { type: 'Money', description: 'The sum of available, the uncategorized row included.' }),
    envelopes: t.expose('envelopes', { type: 'Money', description: 'The same as `assigned`.' }),
    spent: t.expose('spent', { type: 'Money', description: "The month's net spending, categorized or not." }),
    remaining: t.expose('remaining', { type: 'Money', description: 'Envelopes minus spent.' }),
    categories: t.field({
      type: [BudgetMonthCategory],
      description: 'Every category in the order they were added, then the uncategorized spending when there is some.',
      resolve: (m) => m.categories,
    }),
    tightestCategories: t.field({
      type: [BudgetMonthCategory],
      args: { first: t.arg.int({ defaultValue: 5, description: 'How many (1 to 20; outside, the nearest).' }) },
      description: 'The categories closest to or over what they have, highest spent ÷ (carried + assigned) first.',
      resolve: (m, { first }) => tightestCategories(m, Math.min(Math.max(first, 1), 20)),
    }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  budgetMonth: t.field({
    type: BudgetMonthRef,
    args: { month: t.arg.string({ required: false, description: '"YYYY-MM"; the current month in your time zone when not given.' }) },
    description: "The Budget's month: each category's assigned, carried, spent and available in a calendar month, and Ready to Assign.",
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

/** The plan's fields of every category write; absent: unchanged (a new category: AMOUNT unless its percentage is its amount's). */
function planInputFields(t: InputFieldBuilder<SchemaTypes, 'InputObject'>) {
  return {
    planKind: t.field({
      type: PlanKind,
      required: false,
      description:
        'AMOUNT or PERCENTAGE. Without it: PERCENTAGE when the percentage is above 0 and the amount is that percentage of total income, to the cent; else AMOUNT.',
    }),
    carryOverspending: t.boolean({
      required: false,
      description: "Keep overspending in the category instead of next month's Ready to Assign.",
    }),
    target: t.field({ type: BudgetTargetInput, required: false, description: 'Its target; null removes it.' }),
  };
}

const AddBudgetCategoryInput = builder.inputType('AddBudgetCategoryInput', {
  description: 'A new category, for addBudgetCategory; it starts with nothing allocated.',
  fields: (t) => ({
    name: t.string({ description: 'Not blank, at most 100 characters.' }),
    type: t.field({ type: BudgetCategoryType, description: 'What kind of category it is.' }),
    ...planInputFields(t),
  }),
});

const AllocationInput = builder.inputType('BudgetAllocationInput', {
  description: "One category's new allocation in a Save Changes.",
  fields: (t) => ({
    id: t.globalID({ for: BudgetCategoryRef, description: 'One of your categories; each may appear only once in a save.' }),
    allocatedAmount: t.field({ type: 'Money', description: 'The amount of income allocated to it.' }),
    allocatedPercentage: t.int({ description: '0 to 100.' }),
    ...planInputFields(t),
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
  description:
    'Renames a category, changes its type, plan kind, overspending rule or target (null removes it); allocations change with updateBudgetAllocations.',
  fields: (t) => ({
    name: t.string({ required: false, description: 'Not blank, at most 100 characters.' }),
    type: t.field({ type: BudgetCategoryType, required: false, description: 'What kind of category it is.' }),
    ...planInputFields(t),
  }),
  update: updateBudgetCategory,
});

const BudgetMonthPayload = builder.objectRef<{ budgetMonth: BudgetMonth }>('BudgetMonthPayload').implement({
  description: 'The month after the change, and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    budgetMonth: t.field({ type: BudgetMonthRef, description: 'The month after the change.', resolve: (p) => p.budgetMonth }),
  }),
});

const monthArg = (t: InputFieldBuilder<SchemaTypes, 'InputObject'>) =>
  t.string({ description: 'The month, "YYYY-MM": the budget\'s first month or a later one.' });

const SetAssignedInput = builder.inputType('SetAssignedInput', {
  description: "A category's own assigned amount for a month.",
  fields: (t) => ({
    month: monthArg(t),
    categoryId: t.globalID({ for: BudgetCategoryRef, description: 'One of your categories.' }),
    assigned: t.field({ type: 'Money', required: false, description: 'The amount (0 or more); null follows the plan again.' }),
  }),
});

const MoveMoneyInput = builder.inputType('MoveMoneyInput', {
  description: "Move money between two categories' assigned amounts of a month.",
  fields: (t) => ({
    month: monthArg(t),
    fromCategoryId: t.globalID({ for: BudgetCategoryRef, description: 'The category it comes from.' }),
    toCategoryId: t.globalID({ for: BudgetCategoryRef, description: 'The category it goes to (another one).' }),
    amount: t.field({ type: 'Money', description: 'Greater than 0, at most what the first has assigned that month.' }),
  }),
});

const AssignFromPlanInput = builder.inputType('AssignFromPlanInput', {
  description: 'A month whose categories go back to their plan.',
  fields: (t) => ({ month: monthArg(t) }),
});

builder.mutationFields((t) => ({
  setAssigned: t.field({
    type: BudgetMonthPayload,
    description: "Sets a category's assigned amount for a month (null: follow the plan again).",
    args: { input: t.arg({ type: SetAssignedInput }) },
    resolve: async (_root, { input }, ctx) => ({
      budgetMonth: await setAssigned(ctx.viewer, input.month, input.categoryId.id, { assigned: input.assigned ?? null }),
    }),
  }),
  moveMoney: t.field({
    type: BudgetMonthPayload,
    description: "Moves an amount from one category's assigned amount of the month to another's, both in one write.",
    args: { input: t.arg({ type: MoveMoneyInput }) },
    resolve: async (_root, { input }, ctx) => ({
      budgetMonth: await moveMoney(ctx.viewer, input.month, {
        fromCategoryId: input.fromCategoryId.id,
        toCategoryId: input.toCategoryId.id,
        amount: input.amount,
      }),
    }),
  }),
  assignFromPlan: t.field({
    type: BudgetMonthPayload,
    description: "Resets every category's assigned amount of the month to its plan.",
    args: { input: t.arg({ type: AssignFromPlanInput }) },
    resolve: async (_root, { input }, ctx) => ({ budgetMonth: await assignFromPlan(ctx.viewer, input.month) }),
  }),
}));

import { z } from 'zod';
import type { BudgetCategory } from '../../generated/prisma/client.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { defineRoutes, RESHAPED, route, schemas } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import {
  addBudgetCategoryInput,
  budgetMonthQuery,
  moveMoneyInput,
  setAssignedInput,
  updateAllocationsInput,
  updateBudgetCategoryInput,
} from '../../../shared/inputs/budget.ts';
import {
  addBudgetCategory,
  deleteBudgetCategory,
  listBudgetCategories,
  updateBudgetAllocations,
  updateBudgetCategory,
} from './budget.service.ts';
import { budgetMonth, type BudgetMonth, type BudgetMonthRow } from './budget-month.ts';
import { assignFromPlan, monthRow, moveMoney, setAssigned } from './budget-assignments.ts';
import { targetOf, type Target } from './plan.ts';

/** Save Changes: the body is the whole list of categories (docs/product.md#rest-api), or `{ categories: [...] }`. */
const allocationsBody = z.preprocess(
  (body) => (Array.isArray(body) ? body : (body as { categories?: unknown } | null | undefined)?.categories),
  updateAllocationsInput,
);

const targetJsonSchema = RESHAPED.BudgetCategory!.add.target!;

const budgetMonthRow = {
  type: 'object',
  properties: {
    categoryId: { type: ['string', 'null'], description: 'null for the uncategorized row' },
    name: { type: 'string' },
    type: { type: ['string', 'null'] },
    envelope: { ...schemas.money, description: 'the same as assigned' },
    assigned: { ...schemas.money, description: "the month's own amount if set, else the plan's" },
    assignedSet: { type: 'boolean', description: 'true when the month has its own amount' },
    carried: { ...schemas.money, description: "last month's available when positive (negative too with carryOverspending)" },
    spent: { ...schemas.money, description: 'net spending: expenses − refunds' },
    available: { ...schemas.money, description: 'carried + assigned − spent' },
    remaining: { ...schemas.money, description: 'the same as available' },
    planKind: { enum: ['amount', 'percentage', null] },
    carryOverspending: { type: 'boolean' },
    target: targetJsonSchema,
    targetNeeded: {
      oneOf: [schemas.money, { type: 'null' }],
      description: 'saveByDate: needed per month from this month; monthly: the amount',
    },
    underfunded: { oneOf: [schemas.money, { type: 'null' }], description: 'targetNeeded − assigned when above 0' },
  },
  required: [
    'categoryId',
    'name',
    'type',
    'envelope',
    'assigned',
    'assignedSet',
    'carried',
    'spent',
    'available',
    'remaining',
    'planKind',
    'carryOverspending',
    'target',
    'targetNeeded',
    'underfunded',
  ],
};
const budgetMonthJson = {
  type: 'object',
  properties: {
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', examples: ['2026-11'] },
    firstMonth: { type: ['string', 'null'], description: "the budget's first month (earliest paycheck or transaction); null without any" },
    income: schemas.money,
    readyToAssign: {
      ...schemas.money,
      description: 'income through the month − assigned from the first month through it − overspending not carried',
    },
    assigned: schemas.money,
    available: { ...schemas.money, description: 'Σ available, the uncategorized row included' },
    envelopes: schemas.money,
    spent: schemas.money,
    categories: { type: 'array', items: budgetMonthRow },
  },
  required: ['month', 'firstMonth', 'income', 'readyToAssign', 'assigned', 'available', 'envelopes', 'spent', 'categories'],
};

function targetJson(target: Target | null) {
  return target && { kind: target.kind, amount: formatMoney(target.amount), date: target.date && formatCalendarDate(target.date) };
}

/** A budget category as REST writes it: its columns, with the target's three as one `target` (RESHAPED in route-table.ts). */
export function categoryJson(c: BudgetCategory) {
  const { targetKind: _kind, targetAmount: _amount, targetDate: _date, ...columns } = c;
  return { ...rowJson(columns), target: targetJson(targetOf(c)) };
}

const money = (value: BudgetMonthRow['targetNeeded']) => (value === null ? null : formatMoney(value));

function monthRowJson(r: BudgetMonthRow) {
  return {
    categoryId: r.categoryId,
    name: r.name,
    type: r.type,
    envelope: formatMoney(r.envelope),
    assigned: formatMoney(r.assigned),
    assignedSet: r.assignedSet,
    carried: formatMoney(r.carried),
    spent: formatMoney(r.spent),
    available: formatMoney(r.available),
    remaining: formatMoney(r.remaining),
    planKind: r.planKind,
    carryOverspending: r.carryOverspending,
    target: targetJson(r.target),
    targetNeeded: money(r.targetNeeded),
    underfunded: money(r.underfunded),
  };
}

/** The Budget's month as REST answers it (docs/product.md#the-month): money as two-decimal strings. */
function monthJson(m: BudgetMonth) {
  return {
    month: m.month,
    firstMonth: m.firstMonth,
    income: formatMoney(m.income),
    readyToAssign: formatMoney(m.readyToAssign),
    assigned: formatMoney(m.assigned),
    available: formatMoney(m.available),
    envelopes: formatMoney(m.envelopes),
    spent: formatMoney(m.spent),
    categories: m.categories.map(monthRowJson),
  };
}

export const budgetRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/budget/month',
    tag: 'Budget',
    summary:
      "The Budget's month: Ready to Assign and each category's assigned, carried, spent and available (`month=YYYY-MM`, default the current one)",
    query: budgetMonthQuery,
    returns: { json: budgetMonthJson },
    handler: async (viewer, { query }) => monthJson(await budgetMonth(viewer, query.month)),
  }),
  route({
    method: 'put',
    path: '/budget/month/{month}/categories/{categoryId}',
    tag: 'Budget',
    summary:
      "Set a category's assigned amount for the month (`{ assigned }`; `{ assigned: null }` follows the plan again); answers its row",
    body: setAssignedInput,
    returns: { json: budgetMonthRow },
    handler: async (viewer, { params, body }) =>
      monthRowJson(monthRow(await setAssigned(viewer, params.month, params.categoryId, body), params.categoryId)),
  }),
  route({
    method: 'post',
    path: '/budget/month/{month}/move',
    tag: 'Budget',
    summary: "Move money between two categories' assigned amounts of the month, in one write; answers both rows",
    body: moveMoneyInput,
    returns: { json: { type: 'object', properties: { from: budgetMonthRow, to: budgetMonthRow }, required: ['from', 'to'] } },
    status: 200,
    handler: async (viewer, { params, body }) => {
      const m = await moveMoney(viewer, params.month, body);
      return { from: monthRowJson(monthRow(m, body.fromCategoryId)), to: monthRowJson(monthRow(m, body.toCategoryId)) };
    },
  }),
  route({
    method: 'post',
    path: '/budget/month/{month}/assign-from-plan',
    tag: 'Budget',
    summary: "Reset every category's assigned amount of the month to its plan; answers the month",
    returns: { json: budgetMonthJson },
    status: 200,
    handler: async (viewer, { params }) => monthJson(await assignFromPlan(viewer, params.month)),
  }),
  listRoute({
    path: '/budget-categories',
    tag: 'Budget',
    summary: 'List budget categories',
    model: 'BudgetCategory',
    list: (viewer, _query, page) => listBudgetCategories(viewer, page),
    json: (_viewer, c) => categoryJson(c),
  }),
  route({
    method: 'post',
    path: '/budget-categories',
    tag: 'Budget',
    summary: 'Add a budget category',
    body: addBudgetCategoryInput,
    returns: { model: 'BudgetCategory' },
    status: 201,
    handler: async (viewer, { body }) => categoryJson(await addBudgetCategory(viewer, body)),
  }),
  route({
    method: 'put',
    path: '/budget-categories/bulk',
    tag: 'Budget',
    summary: 'Save every allocation at once (all or nothing); the body may also be `{"categories": [...]}`',
    body: allocationsBody,
    returns: { model: 'BudgetCategory', list: true },
    handler: async (viewer, { body }) => (await updateBudgetAllocations(viewer, body)).map((c) => categoryJson(c)),
  }),
  route({
    method: 'patch',
    path: '/budget-categories/{id}',
    tag: 'Budget',
    summary: 'Change a category: name, type, planKind, carryOverspending, target (null removes it); allocations change with the bulk save',
    body: updateBudgetCategoryInput,
    returns: { model: 'BudgetCategory' },
    handler: async (viewer, { params, body }) => categoryJson(await updateBudgetCategory(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/budget-categories/{id}',
    tag: 'Budget',
    summary: 'Delete a category; its transactions and bills become uncategorized',
    handler: (viewer, { params }) => deleteBudgetCategory(viewer, params.id),
  }),
);

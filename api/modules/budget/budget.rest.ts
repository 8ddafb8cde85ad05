import { z } from 'zod';
import { toWireMoney } from '../../lib/money.ts';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import {
  addBudgetCategoryInput,
  budgetMonthQuery,
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
import { budgetMonth, type BudgetMonth } from './budget-month.ts';

/** Save Changes: the body is the whole list of categories (docs/product.md#rest-api), or `{ categories: [...] }`. */
const allocationsBody = z.preprocess(
  (body) => (Array.isArray(body) ? body : (body as { categories?: unknown } | null | undefined)?.categories),
  updateAllocationsInput,
);

/** Budget: this month as REST answers it (docs/product.md#budget-this-month): money as two-decimal strings. */
const budgetMonthAnswer = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .meta({ examples: ['2026-11'] }),
  income: wire.money,
  envelopes: wire.money,
  spent: wire.money,
  categories: z.array(
    z.object({
      categoryId: z.string().nullable().meta({ description: 'null for the uncategorized row' }),
      name: z.string(),
      type: z.string().nullable(),
      envelope: wire.money,
      spent: wire.money,
      remaining: wire.money,
    }),
  ),
});

function monthJson(m: BudgetMonth): z.output<typeof budgetMonthAnswer> {
  return {
    month: m.month,
    income: toWireMoney(m.income),
    envelopes: toWireMoney(m.envelopes),
    spent: toWireMoney(m.spent),
    categories: m.categories.map((r) => ({
      categoryId: r.categoryId,
      name: r.name,
      type: r.type,
      envelope: toWireMoney(r.envelope),
      spent: toWireMoney(r.spent),
      remaining: toWireMoney(r.remaining),
    })),
  };
}

export const budgetRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/budget/month',
    tag: 'Budget',
    summary: "Budget: this month: each category's envelope, spent and remaining in a month (`month=YYYY-MM`, default the current one)",
    query: budgetMonthQuery,
    returns: { json: budgetMonthAnswer },
    handler: async (viewer, { query }) => monthJson(await budgetMonth(viewer, query.month)),
  }),
  listRoute({
    path: '/budget-categories',
    tag: 'Budget',
    summary: 'List budget categories',
    model: 'BudgetCategory',
    list: (viewer, _query, page) => listBudgetCategories(viewer, page),
    json: (_viewer, c) => rowJson(c),
  }),
  route({
    method: 'post',
    path: '/budget-categories',
    tag: 'Budget',
    summary: 'Add a budget category',
    body: addBudgetCategoryInput,
    returns: { model: 'BudgetCategory' },
    status: 201,
    handler: async (viewer, { body }) => rowJson(await addBudgetCategory(viewer, body)),
  }),
  route({
    method: 'put',
    path: '/budget-categories/bulk',
    tag: 'Budget',
    summary: 'Save every allocation at once (all or nothing); the body may also be `{"categories": [...]}`',
    body: allocationsBody,
    returns: { model: 'BudgetCategory', list: true },
    handler: async (viewer, { body }) => (await updateBudgetAllocations(viewer, body)).map((c) => rowJson(c)),
  }),
  route({
    method: 'patch',
    path: '/budget-categories/{id}',
    tag: 'Budget',
    summary: 'Rename a category or change its type (allocations change with the bulk save)',
    body: updateBudgetCategoryInput,
    returns: { model: 'BudgetCategory' },
    handler: async (viewer, { params, body }) => rowJson(await updateBudgetCategory(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/budget-categories/{id}',
    tag: 'Budget',
    summary: 'Delete a category; its transactions and bills become uncategorized',
    handler: (viewer, { params }) => deleteBudgetCategory(viewer, params.id),
  }),
);

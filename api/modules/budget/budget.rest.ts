import { z } from 'zod';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import { addBudgetCategoryInput, updateAllocationsInput, updateBudgetCategoryInput } from '../../../shared/inputs/budget.ts';
import {
  addBudgetCategory,
  deleteBudgetCategory,
  listBudgetCategories,
  updateBudgetAllocations,
  updateBudgetCategory,
} from './budget.service.ts';

/** Save Changes: the body is the whole list of categories (docs/product.md#rest-api), or `{ categories: [...] }`. */
const allocationsBody = z.preprocess(
  (body) => (Array.isArray(body) ? body : (body as { categories?: unknown } | null | undefined)?.categories),
  updateAllocationsInput,
);

export const budgetRoutes = defineRoutes(
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

import type { Router } from 'express';
import type { RestRoutes } from '../../rest/router.ts';
import { rowJson } from '../../rest/json.ts';
import { addBudgetCategory, deleteBudgetCategory, listBudgetCategories, updateBudgetAllocations } from './budget.service.ts';

export function registerBudgetRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/budget-categories', handle(async (viewer) => (await listBudgetCategories(viewer)).map((c) => rowJson(c))));
  router.post('/budget-categories', handle(async (viewer, req) => rowJson(await addBudgetCategory(viewer, req.body)), 201));
  // Save Changes: the body is the whole list of categories (SPEC §7), or `{ categories: [...] }`.
  router.put('/budget-categories/bulk', handle(async (viewer, req) => {
    const list = Array.isArray(req.body) ? req.body : req.body?.categories;
    return (await updateBudgetAllocations(viewer, list)).map((c) => rowJson(c));
  }));
  router.delete('/budget-categories/:id', handle(async (viewer, req) => deleteBudgetCategory(viewer, String(req.params.id)).then(() => undefined)));
}

import type { Router } from 'express';
import type { RestRoutes } from '../../rest/router.ts';
import { rowJson } from '../../rest/json.ts';
import { addPaycheck, deletePaycheck, listPaychecks } from './paychecks.service.ts';

export function registerPaycheckRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/paychecks', handle(async (viewer) => (await listPaychecks(viewer)).map((p) => rowJson(p, ['date']))));
  router.post('/paychecks', handle(async (viewer, req) => rowJson(await addPaycheck(viewer, req.body), ['date']), 201));
  router.delete('/paychecks/:id', handle(async (viewer, req) => deletePaycheck(viewer, String(req.params.id)).then(() => undefined)));
}

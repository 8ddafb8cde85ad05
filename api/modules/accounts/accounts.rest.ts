import type { Router } from 'express';
import type { RestRoutes } from '../../rest/router.ts';
import { rowJson } from '../../rest/json.ts';
import { createAccount, deleteAccount, listAccounts, setDefaultAccount } from './accounts.service.ts';

export function registerAccountRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/accounts', handle(async (viewer) => (await listAccounts(viewer)).map((a) => rowJson(a))));
  router.post('/accounts', handle(async (viewer, req) => rowJson(await createAccount(viewer, req.body)), 201));
  router.put('/accounts/:id', handle(async (viewer, req) => rowJson(await setDefaultAccount(viewer, String(req.params.id), req.body))));
  router.delete('/accounts/:id', handle(async (viewer, req) => deleteAccount(viewer, String(req.params.id)).then(() => undefined)));
}

import type { Router } from 'express';
import type { Account } from '../../generated/prisma/client.ts';
import { formatMoney } from '../../lib/money.ts';
import type { RestRoutes } from '../../rest/router.ts';
import { createAccount, deleteAccount, listAccounts, setDefaultAccount } from './accounts.service.ts';

/** The REST shape of an account (SPEC.md §3 field names; money as a decimal string). */
export function accountJson(a: Account) {
  return {
    id: a.id,
    userId: a.userId,
    name: a.name,
    type: a.type,
    balance: formatMoney(a.balance),
    isDefault: a.isDefault,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function registerAccountRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/accounts', handle(async (viewer) => (await listAccounts(viewer)).map(accountJson)));
  router.post('/accounts', handle(async (viewer, req) => accountJson(await createAccount(viewer, req.body)), 201));
  router.put('/accounts/:id', handle(async (viewer, req) => accountJson(await setDefaultAccount(viewer, String(req.params.id), req.body))));
  router.delete('/accounts/:id', handle(async (viewer, req) => {
    await deleteAccount(viewer, String(req.params.id));
  }));
}

import type { Router } from 'express';
import type { Transaction } from '../../generated/prisma/client.ts';
import type { RestRoutes } from '../../rest/router.ts';
import { rowJson } from '../../rest/json.ts';
import { addTransaction, deleteTransaction, exportTransactionBatches } from './transactions.service.ts';

const json = (t: Transaction) => rowJson(t, ['date']);

export function registerTransactionRoutes(router: Router, { handle }: RestRoutes) {
  // The full list (SPEC §7), streamed as one JSON array while it is read in pages.
  router.get('/transactions', handle(async (viewer, _req, res) => {
    res.status(200).type('json');
    res.write('[');
    let first = true;
    for await (const batch of exportTransactionBatches(viewer, 'rest')) {
      // Each batch is a JSON array: its items go into the one array of the response.
      if (!res.write(`${first ? '' : ','}${batch.slice(1, -1)}`)) await new Promise((r) => res.once('drain', r));
      first = false;
    }
    res.end(']');
  }));
  router.post('/transactions', handle(async (viewer, req) => json(await addTransaction(viewer, req.body)), 201));
  router.delete('/transactions/:id', handle(async (viewer, req) => deleteTransaction(viewer, String(req.params.id)).then(() => undefined)));
}

import type { Transaction } from '../../generated/prisma/client.ts';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { rowJson } from '../../rest/json.ts';
import { addTransactionInput, updateTransactionInput } from '../../../shared/inputs/transactions.ts';
import { addTransaction, deleteTransaction, exportTransactionBatches, updateTransaction } from './transactions.service.ts';

const json = (t: Transaction) => rowJson(t, ['date']);

export const transactionRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'List every transaction, newest first (streamed)',
    returns: { model: 'Transaction', list: true },
    // The full list (docs/product.md#rest-api), streamed as one JSON array while it is read in pages.
    handler: async (viewer, _input, _req, res) => {
      res.status(200).type('json');
      res.write('[');
      let first = true;
      for await (const batch of exportTransactionBatches(viewer, 'rest')) {
        // Each batch is a JSON array: its items go into the one array of the response.
        if (!res.write(`${first ? '' : ','}${batch.slice(1, -1)}`)) await new Promise((r) => res.once('drain', r));
        first = false;
      }
      res.end(']');
    },
  }),
  route({
    method: 'post',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'Add a transaction',
    body: addTransactionInput,
    returns: { model: 'Transaction' },
    status: 201,
    handler: async (viewer, { body }) => json(await addTransaction(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/transactions/{id}',
    tag: 'Transactions',
    summary: 'Change a transaction: any of amount, description, date, categoryId (null: uncategorized)',
    body: updateTransactionInput,
    returns: { model: 'Transaction' },
    handler: async (viewer, { params, body }) => json(await updateTransaction(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/transactions/{id}',
    tag: 'Transactions',
    summary: 'Delete a transaction',
    handler: (viewer, { params }) => deleteTransaction(viewer, params.id),
  }),
);

import type { Transaction, TransactionSplit } from '../../generated/prisma/client.ts';
import type { Response } from 'express';
import { defineRoutes, route, schemas } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import {
  addTransactionInput,
  deleteTransactionsInput,
  TRANSACTION_KINDS,
  transactionFilterQuery,
  updateTransactionInput,
  updateTransactionsInput,
} from '../../../shared/inputs/transactions.ts';
import { formatMoney } from '../../lib/money.ts';
import { parseTransactionFilter } from './transaction-filter.ts';
import { splitJson } from './splits.ts';
import { transactionPage } from './transaction-page.ts';
import {
  addTransaction,
  deleteTransaction,
  deleteTransactions,
  exportTransactionBatches,
  transactionSummary,
  updateTransaction,
  updateTransactions,
} from './transactions.service.ts';

/** A transaction as REST answers it: its record and its split lines (none: not split). */
const json = ({ splits = [], ...t }: Transaction & { splits?: Pick<TransactionSplit, 'categoryId' | 'amount' | 'notes'>[] }) => ({
  ...rowJson(t, ['date']),
  splits: splits.map(splitJson),
});
const transactionFields = {
  kind: { type: 'string', enum: [...TRANSACTION_KINDS], description: '`expense`, or `refund`: money back (raises the account’s balance)' },
  splits: {
    type: 'array',
    description: 'Its lines when split across categories (then its `categoryId` is null), in their order; empty when not split',
    items: {
      type: 'object',
      properties: { categoryId: { type: ['string', 'null'] }, amount: schemas.money, notes: { type: ['string', 'null'] } },
      required: ['categoryId', 'amount', 'notes'],
    },
  },
};

const countSchema = { type: 'object', properties: { count: schemas.integer }, required: ['count'] };
const summarySchema = {
  type: 'object',
  properties: { count: schemas.integer, total: { ...schemas.money, description: 'The sum of their amounts, refunds taken off' } },
  required: ['count', 'total'],
};

/** Resolves when the response can take more, or when its connection is gone (no 'drain' ever comes then). */
const drainedOrClosed = (res: Response) =>
  new Promise<void>((resolve) => {
    if (res.destroyed) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });

export const transactionRoutes = defineRoutes(
  listRoute({
    path: '/transactions',
    tag: 'Transactions',
    summary: 'List every transaction (or those the filters match), newest first (streamed); or a page of them',
    model: 'Transaction',
    with: transactionFields,
    query: transactionFilterQuery,
    list: (viewer, query, page) => transactionPage(viewer, parseTransactionFilter(query), { ...page, include: { splits: true } }),
    json: (_viewer, t) => json(t),
    // The full list (docs/product.md#rest-api), streamed as one JSON array while it is read in pages.
    unpaged: async (viewer, query, _req, res) => {
      res.status(200).type('json');
      res.write('[');
      let first = true;
      for await (const batch of exportTransactionBatches(viewer, 'rest', parseTransactionFilter(query))) {
        // The client is gone: stop reading.
        if (res.destroyed) return;
        // Each batch is a JSON array: its items go into the one array of the response.
        if (!res.write(`${first ? '' : ','}${batch.slice(1, -1)}`)) await drainedOrClosed(res);
        first = false;
      }
      res.end(']');
    },
  }),
  route({
    method: 'get',
    path: '/transactions/summary',
    tag: 'Transactions',
    summary: 'How many transactions the filters match, and the sum of their amounts (refunds taken off)',
    query: transactionFilterQuery,
    returns: { json: summarySchema },
    handler: async (viewer, { query }) => {
      const { count, total } = await transactionSummary(viewer, parseTransactionFilter(query));
      return { count, total: formatMoney(total) };
    },
  }),
  route({
    method: 'patch',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'Give many transactions one category (null: uncategorized): `ids`, or every one a `filter` matches; all or nothing',
    body: updateTransactionsInput,
    returns: { json: countSchema },
    handler: (viewer, { body }) => updateTransactions(viewer, body),
  }),
  route({
    method: 'post',
    path: '/transactions/bulk-delete',
    tag: 'Transactions',
    summary: 'Delete many transactions: `ids`, or every one a `filter` matches; all or nothing',
    body: deleteTransactionsInput,
    returns: { json: countSchema },
    handler: (viewer, { body }) => deleteTransactions(viewer, body),
  }),
  route({
    method: 'post',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'Add a transaction: an expense or a refund (`kind`), split across categories or not (`splits`)',
    body: addTransactionInput,
    returns: { model: 'Transaction', with: transactionFields },
    status: 201,
    handler: async (viewer, { body }) => json(await addTransaction(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/transactions/{id}',
    tag: 'Transactions',
    summary:
      'Change a transaction: any of amount, kind, description, date, categoryId (null: uncategorized; a split one stops being split), accountId, splits (`[]`: not split)',
    body: updateTransactionInput,
    returns: { model: 'Transaction', with: transactionFields },
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

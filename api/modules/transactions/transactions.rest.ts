import type { Payee, Transaction, TransactionSplit } from '../../generated/prisma/client.ts';
import type { Response } from 'express';
import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson, type RowJson } from '../../rest/json.ts';
import {
  addTransactionInput,
  deleteTransactionsInput,
  TRANSACTION_KINDS,
  transactionFilterQuery,
  updateTransactionInput,
  updateTransactionsInput,
} from '../../../shared/inputs/transactions.ts';
import { toWireMoney } from '../../lib/money.ts';
import { payeeAnswer } from '../payees/payees.rest.ts';
import { parseTransactionFilter } from './transaction-filter.ts';
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

/** A split line as REST writes it: the fields a client sends, money as a two-decimal string. */
const splitLineAnswer = z.object({ categoryId: z.string().nullable(), amount: wire.money, notes: z.string().nullable() });
/** What a transaction has in REST answers besides its record's columns: its kind, and its split lines. */
const transactionFields = z.object({
  kind: z.enum(TRANSACTION_KINDS).meta({ description: '`expense`, or `refund`: money back (raises the account’s balance)' }),
  splits: z.array(splitLineAnswer).meta({
    description: 'Its lines when split across categories (then its `categoryId` is null), in their order; empty when not split',
  }),
  payee: payeeAnswer,
});

const splitJson = (line: Pick<TransactionSplit, 'categoryId' | 'amount' | 'notes'>): z.output<typeof splitLineAnswer> => ({
  categoryId: line.categoryId,
  amount: toWireMoney(line.amount),
  notes: line.notes,
});

/** A transaction as REST answers it: its record, its split lines (none: not split) and its payee's name. */
const json = ({
  splits = [],
  payee,
  ...t
}: Transaction & { splits?: Pick<TransactionSplit, 'categoryId' | 'amount' | 'notes'>[]; payee?: Payee | null }): RowJson &
  Pick<z.output<typeof transactionFields>, 'splits' | 'payee'> => ({
  ...rowJson(t, ['date']),
  splits: splits.map(splitJson),
  payee: payee?.name ?? null,
});

/** How many transactions a bulk change touched. */
const countAnswer = z.object({ count: wire.integer });
/** The transactions a filter matches: how many, and their total. */
const summaryAnswer = z.object({
  count: wire.integer,
  total: wire.money.meta({ description: 'The sum of their amounts, refunds taken off' }),
});

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
    list: (viewer, query, page) =>
      transactionPage(viewer, parseTransactionFilter(query), { ...page, include: { splits: true, payee: true } }),
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
    returns: { json: summaryAnswer },
    handler: async (viewer, { query }) => {
      const { count, total } = await transactionSummary(viewer, parseTransactionFilter(query));
      return { count, total: toWireMoney(total) };
    },
  }),
  route({
    method: 'patch',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'Give many transactions one category (null: uncategorized): `ids`, or every one a `filter` matches; all or nothing',
    body: updateTransactionsInput,
    returns: { json: countAnswer },
    handler: (viewer, { body }) => updateTransactions(viewer, body),
  }),
  route({
    method: 'post',
    path: '/transactions/bulk-delete',
    tag: 'Transactions',
    summary: 'Delete many transactions: `ids`, or every one a `filter` matches; all or nothing',
    body: deleteTransactionsInput,
    returns: { json: countAnswer },
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

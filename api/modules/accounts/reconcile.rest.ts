import { defineRoutes, route, schemas, type JsonSchema } from '../../rest/route-table.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  activityStatusInput,
  ACTIVITY_ROW_KINDS,
  ACTIVITY_STATUSES,
  netWorthHistoryInput,
  reconcileInput,
} from '../../../shared/inputs/reconcile.ts';
import { netWorthHistory } from './net-worth-history.ts';
import { reconcileAccount, setActivityStatus } from './reconcile.ts';

/** Reconcile and net worth over time, over REST (docs/product.md#reconcile, docs/product.md#net-worth-over-time). */

const reconciliationSchema: JsonSchema = {
  type: 'object',
  properties: {
    clearedBalance: {
      ...schemas.money,
      description: 'The starting balance plus the cleared and reconciled records through the statement date',
    },
    difference: { ...schemas.money, description: 'The statement balance less the cleared balance; 0.00 once reconciled' },
    reconciled: { type: 'boolean', description: 'Whether the cleared records through the statement date are now reconciled' },
  },
  required: ['clearedBalance', 'difference', 'reconciled'],
  additionalProperties: false,
};

const statusSchema: JsonSchema = {
  type: 'object',
  properties: { kind: { enum: [...ACTIVITY_ROW_KINDS] }, id: { type: 'string' }, status: { enum: [...ACTIVITY_STATUSES] } },
  required: ['kind', 'id', 'status'],
};

const historySchema: JsonSchema = {
  type: 'object',
  properties: {
    months: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
          total: schemas.money,
          accounts: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                accountId: { type: 'string' },
                balance: { ...schemas.money, description: 'The balance at the end of the month' },
              },
              required: ['accountId', 'balance'],
            },
          },
        },
        required: ['month', 'total', 'accounts'],
      },
    },
  },
  required: ['months'],
};

export const reconcileRoutes = defineRoutes(
  route({
    method: 'post',
    path: '/accounts/{id}/reconcile',
    tag: 'Accounts',
    summary:
      "Reconcile an account against a statement: with a difference and no adjust, nothing is written; adjust adds a 'Reconciliation adjustment' first; then the cleared records through the date become reconciled",
    body: reconcileInput,
    returns: { json: reconciliationSchema },
    status: 200,
    handler: async (viewer, { params, body }) => {
      const r = await reconcileAccount(viewer, params.id, body);
      return { clearedBalance: formatMoney(r.clearedBalance), difference: formatMoney(r.difference), reconciled: r.reconciled };
    },
  }),
  route({
    method: 'put',
    path: '/accounts/{id}/activity/status',
    tag: 'Accounts',
    summary: "Set one row of an account's activity uncleared, cleared or reconciled (a transfer: this account's side)",
    body: activityStatusInput,
    returns: { json: statusSchema },
    handler: (viewer, { params, body }) => setActivityStatus(viewer, params.id, body),
  }),
  route({
    method: 'get',
    path: '/net-worth/history',
    tag: 'Accounts',
    summary: "Each account's balance and the total at the end of each of the last months, from the ledger",
    query: netWorthHistoryInput,
    returns: { json: historySchema },
    handler: async (viewer, { query }) => ({
      months: (await netWorthHistory(viewer, query)).map((m) => ({
        month: m.month,
        total: formatMoney(m.total),
        accounts: m.accounts.map((a) => ({ accountId: a.account.id, balance: formatMoney(a.balance) })),
      })),
    }),
  }),
);

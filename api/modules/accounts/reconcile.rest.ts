import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { toWireMoney } from '../../lib/money.ts';
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

const reconciliationAnswer = z.object({
  clearedBalance: wire.money.meta({
    description: 'The starting balance plus the cleared and reconciled records through the statement date',
  }),
  difference: wire.money.meta({ description: 'The statement balance less the cleared balance; 0.00 once reconciled' }),
  reconciled: z.boolean().meta({ description: 'Whether the cleared records through the statement date are now reconciled' }),
});

const statusAnswer = z.object({ kind: z.enum(ACTIVITY_ROW_KINDS), id: z.string(), status: z.enum(ACTIVITY_STATUSES) });

const historyAnswer = z.object({
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      total: wire.money,
      accounts: z.array(
        z.object({ accountId: z.string(), balance: wire.money.meta({ description: 'The balance at the end of the month' }) }),
      ),
    }),
  ),
});

export const reconcileRoutes = defineRoutes(
  route({
    method: 'post',
    path: '/accounts/{id}/reconcile',
    tag: 'Accounts',
    summary:
      "Reconcile an account against a statement: with a difference and no adjust, nothing is written; adjust adds a 'Reconciliation adjustment' first; then the cleared records through the date become reconciled",
    body: reconcileInput,
    returns: { json: reconciliationAnswer },
    status: 200,
    handler: async (viewer, { params, body }) => {
      const r = await reconcileAccount(viewer, params.id, body);
      return { clearedBalance: toWireMoney(r.clearedBalance), difference: toWireMoney(r.difference), reconciled: r.reconciled };
    },
  }),
  route({
    method: 'put',
    path: '/accounts/{id}/activity/status',
    tag: 'Accounts',
    summary: "Set one row of an account's activity uncleared, cleared or reconciled (a transfer: this account's side)",
    body: activityStatusInput,
    returns: { json: statusAnswer },
    handler: (viewer, { params, body }) => setActivityStatus(viewer, params.id, body),
  }),
  route({
    method: 'get',
    path: '/net-worth/history',
    tag: 'Accounts',
    summary: "Each account's balance and the total at the end of each of the last months, from the ledger",
    query: netWorthHistoryInput,
    returns: { json: historyAnswer },
    handler: async (viewer, { query }) => ({
      months: (await netWorthHistory(viewer, query)).map((m) => ({
        month: m.month,
        total: toWireMoney(m.total),
        accounts: m.accounts.map((a) => ({ accountId: a.account.id, balance: toWireMoney(a.balance) })),
      })),
    }),
  }),
);

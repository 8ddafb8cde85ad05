import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute, pageAnswer, pageQuery, pageTake } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import type { Account } from '../../generated/prisma/client.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { toWireMoney } from '../../lib/money.ts';
import { ACTIVITY_KINDS, accountActivity, activityCursor, activityKey, type ActivityItem } from './activity.ts';
import { ACTIVITY_STATUSES } from '../../../shared/inputs/reconcile.ts';
import { createAccountInput, setDefaultAccountInput, updateAccountInput } from '../../../shared/inputs/accounts.ts';
import { createAccount, deleteAccount, listAccounts, setDefaultAccount, updateAccount } from './accounts.service.ts';

/** An account as REST answers it: its starting date is a calendar day. */
const accountJson = (a: Account) => rowJson(a, ['startingDate']);

/** A row of an account's activity, as REST answers it (docs/product.md#account-ledgers). */
const activityAnswer = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  id: z.string().meta({ description: 'The id of the transaction, paycheck or transfer' }),
  amount: wire.money,
  change: wire.money.meta({
    description: 'What it did to the balance: negative for expenses and transfers out; 0.00 before the account’s starting date',
  }),
  beforeStart: z.boolean().meta({ description: 'Dated before the account’s starting date: it does not move the balance' }),
  status: z.enum(ACTIVITY_STATUSES).meta({ description: 'This row’s status against the bank (a transfer: this account’s side)' }),
  balanceAfter: wire.money.meta({ description: 'The balance right after it' }),
  date: wire.day,
  description: z.string(),
  notes: z.string().nullable(),
  otherAccountId: z.string().nullable().meta({
    description: 'A transfer’s other account; null for an expense or a paycheck, and once that account is deleted',
  }),
  createdAt: wire.timestamp,
});

const activityJson = (i: ActivityItem): z.output<typeof activityAnswer> => ({
  kind: i.kind,
  id: i.id,
  amount: toWireMoney(i.amount),
  change: toWireMoney(i.change),
  beforeStart: i.beforeStart,
  status: i.status,
  balanceAfter: toWireMoney(i.balanceAfter),
  date: formatCalendarDate(i.date),
  description: i.description,
  notes: i.notes,
  otherAccountId: i.otherAccountId,
  createdAt: i.createdAt.toISOString(),
});

export const accountRoutes = defineRoutes(
  listRoute({
    path: '/accounts',
    tag: 'Accounts',
    summary: 'List accounts',
    model: 'Account',
    list: (viewer, _query, page) => listAccounts(viewer, page),
    json: (_viewer, a) => accountJson(a),
  }),
  route({
    method: 'post',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'Create an account',
    body: createAccountInput,
    returns: { model: 'Account' },
    status: 201,
    handler: async (viewer, { body }) => accountJson(await createAccount(viewer, body)),
  }),
  route({
    method: 'put',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: 'Make an account the default one',
    body: setDefaultAccountInput,
    returns: { model: 'Account' },
    handler: async (viewer, { params, body }) => accountJson(await setDefaultAccount(viewer, params.id, body)),
  }),
  route({
    method: 'patch',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: 'Change an account: any of name, type, balance, notes (PUT sets the default)',
    body: updateAccountInput,
    returns: { model: 'Account' },
    handler: async (viewer, { params, body }) => accountJson(await updateAccount(viewer, params.id, body)),
  }),
  route({
    method: 'get',
    path: '/accounts/{id}/activity',
    tag: 'Accounts',
    summary:
      "An account's activity (expenses, refunds, paychecks, transfers in and out), newest first, each with the balance after it; one page",
    query: pageQuery,
    returns: { page: activityAnswer },
    handler: async (viewer, { params, query }, req, res) => {
      const after = query.cursor ? activityKey(query.cursor) : undefined;
      const rows = await accountActivity(viewer, params.id, { after, limit: pageTake(query) });
      return pageAnswer('activity', query, rows, activityJson, req, res, activityCursor);
    },
  }),
  route({
    method: 'delete',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: 'Delete an account',
    handler: (viewer, { params }) => deleteAccount(viewer, params.id),
  }),
);

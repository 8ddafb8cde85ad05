import { defineRoutes, route, schemas } from '../../rest/route-table.ts';
import { listRoute, pageAnswer, pageQuery, pageTake } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import type { Account } from '../../generated/prisma/client.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { ACTIVITY_KINDS, accountActivity, activityCursor, activityKey, type ActivityItem } from './activity.ts';
import { ACTIVITY_STATUSES } from '../../../shared/inputs/reconcile.ts';
import { createAccountInput, setDefaultAccountInput, updateAccountInput } from '../../../shared/inputs/accounts.ts';
import { createAccount, deleteAccount, listAccounts, setDefaultAccount, updateAccount } from './accounts.service.ts';

/** An account as REST answers it: its starting date is a calendar day. */
const accountJson = (a: Account) => rowJson(a, ['startingDate']);

/** A row of an account's activity, as REST answers it (docs/product.md#account-ledgers). */
const activityJson = (i: ActivityItem) => ({
  kind: i.kind,
  id: i.id,
  amount: formatMoney(i.amount),
  change: formatMoney(i.change),
  beforeStart: i.beforeStart,
  status: i.status,
  balanceAfter: formatMoney(i.balanceAfter),
  date: formatCalendarDate(i.date),
  description: i.description,
  notes: i.notes,
  otherAccountId: i.otherAccountId,
  createdAt: i.createdAt.toISOString(),
});

const activitySchema = {
  type: 'object',
  properties: {
    kind: { enum: [...ACTIVITY_KINDS] },
    id: { type: 'string', description: 'The id of the transaction, paycheck or transfer' },
    amount: schemas.money,
    change: {
      ...schemas.money,
      description: 'What it did to the balance: negative for expenses and transfers out; 0.00 before the account’s starting date',
    },
    beforeStart: { type: 'boolean', description: 'Dated before the account’s starting date: it does not move the balance' },
    status: { enum: [...ACTIVITY_STATUSES], description: 'This row’s status against the bank (a transfer: this account’s side)' },
    balanceAfter: { ...schemas.money, description: 'The balance right after it' },
    date: { type: 'string', format: 'date' },
    description: { type: 'string' },
    notes: { type: ['string', 'null'] },
    otherAccountId: {
      type: ['string', 'null'],
      description: 'A transfer’s other account; null for an expense or a paycheck, and once that account is deleted',
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: [
    'kind',
    'id',
    'amount',
    'change',
    'beforeStart',
    'status',
    'balanceAfter',
    'date',
    'description',
    'notes',
    'otherAccountId',
    'createdAt',
  ],
};

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
    returns: { page: activitySchema },
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

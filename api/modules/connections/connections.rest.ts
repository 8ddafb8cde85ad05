import { z } from 'zod';
import { toWireMoney } from '../../lib/money.ts';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { connectBankInput, linkBankAccountsInput } from '../../../shared/inputs/connections.ts';
import {
  balanceDifference,
  connectBank,
  deleteConnection,
  getConnection,
  isSyncing,
  linkBankAccounts,
  listConnections,
  syncConnection,
  type ConnectionWithAccounts,
} from './connections.service.ts';

/** One of the bridge's accounts, and the user's account it syncs into. */
const bridgeAccountAnswer = z.object({
  remoteId: z.string().meta({ description: 'The bridge’s id of the account' }),
  name: z.string(),
  org: z.string().nullable().meta({ description: 'The bank, as the bridge names it' }),
  balance: wire.money.meta({ description: 'The balance the bridge reported last' }),
  currency: z.string(),
  balanceDate: wire.timestamp.nullable(),
  accountId: z.string().nullable().meta({ description: 'The account it syncs into; null: not synced' }),
  balanceDifference: wire.money
    .nullable()
    .meta({ description: 'The bridge’s balance less the account’s: "0.00" when they agree; null when not linked' }),
});

/** A connection as REST answers it: never its access URL. */
const connectionAnswer = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: wire.timestamp,
  lastSyncedAt: wire.timestamp.nullable().meta({ description: 'The end of the last sync that imported everything' }),
  lastError: z.string().nullable().meta({ description: 'Why the last sync failed; null after a good one' }),
  lastErrorAt: wire.timestamp.nullable(),
  syncing: z.boolean(),
  accounts: z.array(bridgeAccountAnswer),
});

const syncAnswer = z.object({
  imported: wire.integer.meta({ description: 'Records written' }),
  matched: wire.integer.meta({ description: 'Transactions that matched a record already there, left out' }),
  pending: wire.integer.meta({ description: 'Of those written, the ones still pending at the bank' }),
});

const connectionJson = (c: ConnectionWithAccounts): z.output<typeof connectionAnswer> => ({
  id: c.id,
  name: c.name,
  createdAt: c.createdAt.toISOString(),
  lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null,
  lastError: c.lastError,
  lastErrorAt: c.lastErrorAt?.toISOString() ?? null,
  syncing: isSyncing(c),
  accounts: c.accounts.map((a) => {
    const difference = balanceDifference(a);
    return {
      remoteId: a.remoteId,
      name: a.name,
      org: a.org,
      balance: toWireMoney(a.balance),
      currency: a.currency,
      balanceDate: a.balanceDate?.toISOString() ?? null,
      accountId: a.accountId,
      balanceDifference: difference && toWireMoney(difference),
    };
  }),
});

/** Bank connections through a SimpleFIN Bridge (docs/product.md#bank-sync). */
export const connectionRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/connections',
    tag: 'Bank sync',
    summary: 'List your bank connections with their accounts, oldest first',
    returns: { json: z.array(connectionAnswer) },
    handler: async (viewer) => (await listConnections(viewer)).map(connectionJson),
  }),
  route({
    method: 'post',
    path: '/connections',
    tag: 'Bank sync',
    summary: 'Connect a SimpleFIN Bridge with a setup token: the server claims it and lists the bridge’s accounts',
    body: connectBankInput,
    returns: { json: connectionAnswer },
    status: 201,
    bridge: 'claim',
    handler: async (viewer, { body }) => connectionJson(await connectBank(viewer, body)),
  }),
  route({
    method: 'get',
    path: '/connections/{id}',
    tag: 'Bank sync',
    summary: 'One bank connection with its accounts',
    returns: { json: connectionAnswer },
    handler: async (viewer, { params }) => connectionJson(await getConnection(viewer, params.id)),
  }),
  route({
    method: 'patch',
    path: '/connections/{id}',
    tag: 'Bank sync',
    summary: 'Link the bridge’s accounts to yours (accountId, null for none, or createAccount: { type })',
    body: linkBankAccountsInput,
    returns: { json: connectionAnswer },
    handler: async (viewer, { params, body }) => connectionJson(await linkBankAccounts(viewer, params.id, body)),
  }),
  route({
    method: 'post',
    path: '/connections/{id}/sync',
    tag: 'Bank sync',
    summary: 'Sync now: import what is new in the linked accounts (502 with the bridge’s problem, also kept on the connection)',
    returns: { json: syncAnswer },
    bridge: 'sync',
    handler: (viewer, { params }) => syncConnection(viewer, params.id),
  }),
  route({
    method: 'delete',
    path: '/connections/{id}',
    tag: 'Bank sync',
    summary: 'Remove a bank connection: its records stay',
    handler: (viewer, { params }) => deleteConnection(viewer, params.id),
  }),
);

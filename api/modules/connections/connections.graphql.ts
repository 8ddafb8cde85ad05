import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { deleteMutation, MutationPayload } from '../../graphql/mutations.ts';
import { AccountRef, AccountType } from '../accounts/accounts.graphql.ts';
import { PaycheckRef } from '../paychecks/paychecks.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import {
  balanceDifference,
  connectBank,
  deleteConnection,
  findConnections,
  getConnection,
  isSyncing,
  linkBankAccounts,
  syncConnection,
  type ConnectionWithAccounts,
  type SyncResult,
} from './connections.service.ts';

export const BankConnectionRef = builder.prismaNode('BankConnection', {
  id: { field: 'id' },
  description: 'A SimpleFIN Bridge connection (docs/product.md#bank-sync). Its access URL is never shown.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The bank (or banks) behind it, as the bridge names them.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was connected.' }),
    lastSyncedAt: t.expose('lastSyncedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The end of the last sync that imported everything it fetched; null before the first.',
    }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last sync failed; null after a good one.' }),
    lastErrorAt: t.expose('lastErrorAt', { type: 'DateTime', nullable: true, description: 'When it failed.' }),
    syncing: t.boolean({ description: 'A sync of it runs now.', select: { syncStartedAt: true }, resolve: (c) => isSyncing(c) }),
    accounts: t.relation('accounts', {
      description: 'The bridge’s accounts, by name, each with the account it syncs into.',
      query: { orderBy: [{ name: 'asc' }, { id: 'asc' }] },
    }),
  }),
});

builder.prismaObject('BankConnectionAccount', {
  description: 'One of a connection’s accounts at the bridge.',
  fields: (t) => ({
    remoteId: t.exposeString('remoteId', { description: 'The bridge’s id of the account: what a link names.' }),
    name: t.exposeString('name', { description: 'Its name at the bank.' }),
    org: t.exposeString('org', { nullable: true, description: 'The bank, as the bridge names it.' }),
    currency: t.exposeString('currency', { description: 'Its currency (ISO 4217, or a URL for a custom one).' }),
    balance: t.expose('balance', { type: 'Money', description: 'The balance the bridge reported last.' }),
    balanceDate: t.expose('balanceDate', { type: 'DateTime', nullable: true, description: 'When the bridge’s balance was taken.' }),
    account: t.relation('account', { nullable: true, description: 'The account it syncs into; null: not synced.' }),
    balanceDifference: t.field({
      type: 'Money',
      nullable: true,
      description: 'The bridge’s balance less the linked account’s: "0.00" when they agree; null when not linked.',
      select: { balance: true, account: { select: { balance: true } } },
      resolve: (a) => balanceDifference(a),
    }),
  }),
});

for (const ref of [TransactionRef, PaycheckRef] as const) {
  builder.prismaObjectField(ref as typeof TransactionRef, 'pending', (t) =>
    t.exposeBoolean('pending', { description: 'Still pending at the bank when a bank connection brought it in; false once it posted.' }),
  );
}

builder.prismaObjectFields(UserRef, (t) => ({
  bankConnections: t.prismaField({
    type: ['BankConnection'],
    description: 'The user’s bank connections, oldest first.',
    resolve: (query, _user, _args, ctx) => findConnections(ctx.viewer, query),
  }),
}));

const BankConnectionPayload = builder.objectRef<{ connection: ConnectionWithAccounts }>('BankConnectionPayload').implement({
  description: 'The connection after the change, and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({ connection: t.field({ type: BankConnectionRef, description: 'The connection.', resolve: (p) => p.connection }) }),
});

const SyncBankConnectionPayload = builder
  .objectRef<SyncResult & { connection: ConnectionWithAccounts }>('SyncBankConnectionPayload')
  .implement({
    description: 'What a sync imported, the connection after it, and the signed-in user (balances moved).',
    interfaces: [MutationPayload],
    fields: (t) => ({
      imported: t.exposeInt('imported', { description: 'Records written.' }),
      matched: t.exposeInt('matched', { description: 'Transactions that matched a record already there, left out.' }),
      pending: t.exposeInt('pending', { description: 'Of those written, the ones still pending at the bank.' }),
      connection: t.field({ type: BankConnectionRef, description: 'The connection.', resolve: (p) => p.connection }),
    }),
  });

const ConnectBankInput = builder.inputType('ConnectBankInput', {
  description: 'A SimpleFIN setup token, for connectBank (REST: POST /api/connections).',
  fields: (t) => ({ setupToken: t.string({ description: 'The token the bridge gave: the base64 of a claim URL.' }) }),
});

const NewLinkedAccountInput = builder.inputType('NewLinkedAccountInput', {
  description: 'An account to create for a bridge account: named after it, starting at its balance.',
  fields: (t) => ({ type: t.field({ type: AccountType, description: 'What kind of account it is.' }) }),
});

const BankAccountLinkInput = builder.inputType('BankAccountLinkInput', {
  description: 'Where one of the bridge’s accounts syncs: accountId (null: nowhere) or createAccount.',
  fields: (t) => ({
    remoteId: t.string({ description: 'The bridge’s id of the account.' }),
    accountId: t.globalID({ for: AccountRef, required: false, description: 'One of your accounts; null: not synced.' }),
    createAccount: t.field({ type: NewLinkedAccountInput, required: false, description: 'A new account instead.' }),
  }),
});

const LinkBankAccountsInput = builder.inputType('LinkBankAccountsInput', {
  description: 'Links of a connection’s accounts, for linkBankAccounts (REST: PATCH /api/connections/{id}).',
  fields: (t) => ({
    id: t.globalID({ for: BankConnectionRef, description: 'The connection.' }),
    links: t.field({ type: [BankAccountLinkInput], description: 'One per bridge account to change.' }),
  }),
});

const SyncBankConnectionInput = builder.inputType('SyncBankConnectionInput', {
  description: 'The connection to sync now.',
  fields: (t) => ({ id: t.globalID({ for: BankConnectionRef, description: 'The connection.' }) }),
});

builder.mutationFields((t) => ({
  connectBank: t.field({
    type: BankConnectionPayload,
    description: 'Claims a SimpleFIN setup token and lists the bridge’s accounts (BAD_USER_INPUT for a token that is not one, or used).',
    args: { input: t.arg({ type: ConnectBankInput }) },
    resolve: async (_root, { input }, ctx) => ({ connection: await connectBank(ctx.viewer, input) }),
  }),
  linkBankAccounts: t.field({
    type: BankConnectionPayload,
    description: 'Links the bridge’s accounts to yours, to none, or to new ones.',
    args: { input: t.arg({ type: LinkBankAccountsInput }) },
    resolve: async (_root, { input }, ctx) => ({
      connection: await linkBankAccounts(ctx.viewer, input.id.id, {
        links: input.links.map((l) => ({
          remoteId: l.remoteId,
          ...(l.createAccount ? { createAccount: l.createAccount } : { accountId: l.accountId?.id ?? null }),
        })),
      }),
    }),
  }),
  syncBankConnection: t.field({
    type: SyncBankConnectionPayload,
    description: 'Sync now: imports what is new (BAD_GATEWAY with the bridge’s problem, also kept on the connection).',
    args: { input: t.arg({ type: SyncBankConnectionInput }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await syncConnection(ctx.viewer, input.id.id);
      return { ...result, connection: await getConnection(ctx.viewer, input.id.id) };
    },
  }),
}));

deleteMutation('deleteBankConnection', {
  node: BankConnectionRef,
  description: 'Removes a bank connection: the records it imported stay.',
  remove: deleteConnection,
});

import { ActivityStatusEnum } from '../accounts/activity-status.graphql.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';
import type { Transfer } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import { addTransfer, countTransfers, deleteTransfer, listTransfers, updateTransfer } from './transfers.service.ts';

export const TransferRef = builder.prismaNode('Transfer', {
  id: { field: 'id' },
  description: 'Money moved between two of your accounts: neither income nor spending.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    fromAccount: t.relation('fromAccount', {
      nullable: true,
      description: 'The account the money left; null once that account is deleted.',
    }),
    toAccount: t.relation('toAccount', {
      nullable: true,
      description: 'The account the money went to; null once that account is deleted.',
    }),
    amount: t.expose('amount', { type: 'Money', description: 'The amount moved, greater than 0.' }),
    date: t.expose('date', { type: 'Date', description: 'The day of the transfer.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    fromStatus: t.field({
      type: ActivityStatusEnum,
      description: 'Where it stands against the bank of the account the money left.',
      resolve: (r) => r.fromStatus as ActivityStatus,
    }),
    toStatus: t.field({
      type: ActivityStatusEnum,
      description: 'Where it stands against the bank of the account the money reached.',
      resolve: (r) => r.toStatus as ActivityStatus,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded; orders transfers of the same date.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  transfers: t.prismaConnection({
    type: 'Transfer',
    cursor: 'id',
    description: "The user's transfers, newest first; or those out of or into one account.",
    args: {
      accountId: t.arg.globalID({ for: AccountRef, required: false, description: 'Only the transfers out of or into this account.' }),
    },
    totalCount: (_user, args, ctx) => countTransfers(ctx.viewer, { accountId: args.accountId?.id }),
    resolve: (query, _user, args, ctx) => listTransfers(ctx.viewer, { accountId: args.accountId?.id }, query),
  }),
}));

const accountFields = {
  from: 'The account the money leaves.',
  to: 'The account the money goes to; not the same as the one it leaves.',
};

const AddTransferInput = builder.inputType('AddTransferInput', {
  description: 'A new transfer, for addTransfer.',
  fields: (t) => ({
    fromAccountId: t.globalID({ for: AccountRef, description: accountFields.from }),
    toAccountId: t.globalID({ for: AccountRef, description: accountFields.to }),
    amount: t.field({ type: 'Money', description: 'The amount moved, greater than 0.' }),
    date: t.field({ type: 'Date', description: 'The day of the transfer.' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Both sides’ status against the bank; default UNCLEARED.' }),
  }),
});

const TransferPayload = builder.objectRef<{ transfer: Transfer }>('TransferPayload').implement({
  description: 'The recorded transfer (with its two accounts, for their balances), and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({ transfer: t.field({ type: TransferRef, description: 'The recorded transfer.', resolve: (p) => p.transfer }) }),
});

builder.mutationFields((t) => ({
  addTransfer: t.field({
    type: TransferPayload,
    description: 'Moves money from one of your accounts to another: both balances change, no total of income or spending does.',
    args: { input: t.arg({ type: AddTransferInput }) },
    resolve: async (_root, { input }, ctx) => ({
      transfer: await addTransfer(ctx.viewer, { ...input, fromAccountId: input.fromAccountId.id, toAccountId: input.toAccountId.id }),
    }),
  }),
}));

updateMutation('updateTransfer', {
  node: TransferRef,
  field: 'transfer',
  description: "Changes a transfer's accounts, amount, date or notes: only the fields given; the balances follow.",
  fields: (t) => ({
    fromAccountId: t.globalID({ for: AccountRef, required: false, description: accountFields.from }),
    toAccountId: t.globalID({ for: AccountRef, required: false, description: accountFields.to }),
    amount: t.field({ type: 'Money', required: false, description: 'The amount moved, greater than 0.' }),
    date: t.field({ type: 'Date', required: false, description: 'The day of the transfer.' }),
    notes: t.string({ required: false, description: 'Free-form notes, at most 10000 characters; null or blank clears them.' }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Both sides’ status against the bank.' }),
  }),
  update: (viewer, id, { fromAccountId, toAccountId, ...changes }) =>
    updateTransfer(viewer, id, {
      ...changes,
      ...(fromAccountId === undefined ? {} : { fromAccountId: fromAccountId?.id ?? null }),
      ...(toAccountId === undefined ? {} : { toAccountId: toAccountId?.id ?? null }),
    }),
});

deleteMutation('deleteTransfer', {
  node: TransferRef,
  description: 'Deletes a transfer: the money goes back to the account it left.',
  remove: deleteTransfer,
});

import { ActivityStatusEnum } from '../accounts/activity-status.graphql.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';
import type { Paycheck } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { addPaycheck, countPaychecks, deletePaycheck, listPaychecks, updatePaycheck } from './paychecks.service.ts';

export const PaycheckRef = builder.prismaNode('Paycheck', {
  id: { field: 'id' },
  description: 'Income: one paycheck.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money', description: 'The amount received.' }),
    date: t.expose('date', { type: 'Date', description: 'The day it was paid.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    status: t.field({
      type: ActivityStatusEnum,
      description: 'Where it stands against the bank.',
      resolve: (r) => r.status as ActivityStatus,
    }),
    account: t.relation('account', { nullable: true, description: 'The account it was paid into (its balance went up), if any.' }),
    payee: t.relation('payee', { nullable: true, description: 'Who paid it, if any.' }),
    importedDescription: t.exposeString('importedDescription', {
      nullable: true,
      description: 'The bank’s own text of an imported paycheck, kept beside its cleaned payee; null when not imported.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was logged.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  paychecks: t.prismaConnection({
    type: 'Paycheck',
    cursor: 'id',
    description: "The user's paychecks, newest first.",
    totalCount: (_user, _args, ctx) => countPaychecks(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listPaychecks(ctx.viewer, query),
  }),
}));

const AddPaycheckInput = builder.inputType('AddPaycheckInput', {
  description: 'A new paycheck, for addPaycheck.',
  fields: (t) => ({
    amount: t.field({ type: 'Money', description: 'The amount received.' }),
    date: t.field({ type: 'Date', description: 'The day it was paid.' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Where it stands against the bank; default UNCLEARED.' }),
    accountId: t.globalID({
      for: AccountRef,
      required: false,
      description: 'The account it was paid into (its balance goes up), or none.',
    }),
    payee: t.string({ required: false, description: 'Who paid it, by name: one of your payees or a new one; none when blank.' }),
  }),
});

const PaycheckPayload = builder.objectRef<{ paycheck: Paycheck }>('PaycheckPayload').implement({
  description: 'The added paycheck, and the signed-in user for the totals it moved.',
  interfaces: [MutationPayload],
  fields: (t) => ({ paycheck: t.field({ type: PaycheckRef, description: 'The added paycheck.', resolve: (p) => p.paycheck }) }),
});

builder.mutationFields((t) => ({
  addPaycheck: t.field({
    type: PaycheckPayload,
    description: 'Logs a paycheck as income.',
    args: { input: t.arg({ type: AddPaycheckInput }) },
    resolve: async (_root, { input }, ctx) => ({
      paycheck: await addPaycheck(ctx.viewer, { ...input, accountId: input.accountId?.id ?? null }),
    }),
  }),
}));

deleteMutation('deletePaycheck', {
  node: PaycheckRef,
  description: 'Deletes a paycheck.',
  remove: deletePaycheck,
});

updateMutation('updatePaycheck', {
  node: PaycheckRef,
  field: 'paycheck',
  description: "Changes a paycheck's amount, date, notes or account: only the fields given; balances follow.",
  fields: (t) => ({
    amount: t.field({ type: 'Money', required: false, description: 'The amount received.' }),
    date: t.field({ type: 'Date', required: false, description: 'The day it was paid.' }),
    notes: t.string({ required: false, description: 'Free-form notes, at most 10000 characters; null or blank clears them.' }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Where it stands against the bank.' }),
    accountId: t.globalID({ for: AccountRef, required: false, description: 'One of your accounts; null takes it out of its account.' }),
    payee: t.string({ required: false, description: 'Who paid it, by name (found or created); null or blank: none.' }),
  }),
  // A missing account stays as it is, null clears it.
  update: (viewer, id, { accountId, ...changes }) => updatePaycheck(viewer, id, { ...changes, accountId: accountId && accountId.id }),
});

import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Payee } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { countPayees, listPayees, mergePayees, renamePayee } from './payees.service.ts';

export const PayeeRef = builder.prismaNode('Payee', {
  id: { field: 'id' },
  description: 'Who a transaction paid or a paycheck came from.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name, 1 to 200 characters; unique among yours whatever its case.' }),
    transactionCount: t.relationCount('transactions', { description: 'How many transactions name it.' }),
    paycheckCount: t.relationCount('paychecks', { description: 'How many paychecks name it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was first named.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  payees: t.prismaConnection({
    type: 'Payee',
    cursor: 'id',
    description: "The user's payees, by name.",
    maxSize: 500,
    totalCount: (_user, _args, ctx) => countPayees(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listPayees(ctx.viewer, query),
  }),
  allPayees: t.prismaField({
    type: ['Payee'],
    description: "Every one of the user's payees, by name, unpaged: the choices of a payee field.",
    resolve: (query, _user, _args, ctx) => listPayees(ctx.viewer, query),
  }),
}));

updateMutation('renamePayee', {
  node: PayeeRef,
  field: 'payee',
  description: 'Renames a payee; every record of it follows. A name another of your payees has is refused: merge them instead.',
  fields: (t) => ({ name: t.string({ description: '1 to 200 characters.' }) }),
  update: (viewer, id, changes) => renamePayee(viewer, id, changes),
});

const MergePayeesInput = builder.inputType('MergePayeesInput', {
  description: 'The payees to merge, and the one they become, for mergePayees.',
  fields: (t) => ({
    ids: t.globalIDList({ for: PayeeRef, description: 'The payees merged away (deleted once their records have moved).' }),
    into: t.globalID({ for: PayeeRef, description: 'The payee every record of `ids` moves to; it stays.' }),
  }),
});

const MergePayeesPayload = builder.objectRef<{ payee: Payee; mergedIds: string[] }>('MergePayeesPayload').implement({
  description: 'The payee kept, the ids of the payees merged into it, and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    payee: t.field({ type: PayeeRef, description: 'The payee kept.', resolve: (p) => p.payee }),
    mergedIds: t.exposeIDList('mergedIds', { description: 'The global ids of the payees merged away, to drop them from lists.' }),
  }),
});

builder.mutationFields((t) => ({
  mergePayees: t.field({
    type: MergePayeesPayload,
    description: 'Merges payees into one: every transaction and paycheck follows; all or nothing.',
    args: { input: t.arg({ type: MergePayeesInput }) },
    resolve: async (_root, { input }, ctx) => {
      const payee = await mergePayees(ctx.viewer, { ids: input.ids.map((i) => i.id), into: input.into.id });
      return { payee, mergedIds: input.ids.filter((i) => i.id !== input.into.id).map((i) => encodeGlobalID('Payee', i.id)) };
    },
  }),
}));

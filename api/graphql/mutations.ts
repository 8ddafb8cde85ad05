import { encodeGlobalID } from '@pothos/plugin-relay';
import type { ObjectRef } from '@pothos/core';
import type { Viewer } from '../lib/viewer.ts';
import { builder } from './builder.ts';

/**
 * Every mutation payload carries the signed-in user after the change, so a client selects the
 * aggregates the change moved (totals, counts) and gets them in the same round trip.
 */
export const MutationPayload = builder.interfaceRef<object>('MutationPayload').implement({
  description: 'The result of a mutation: the signed-in user after the change, plus what changed.',
  fields: (t) => ({
    viewer: t.prismaField({
      type: 'User',
      description: 'The signed-in user after the change.',
      resolve: (query, _parent, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.viewer.id } }),
    }),
  }),
});

/** What every delete mutation returns: the global id of the removed node, and the viewer. */
export const DeletePayload = builder.objectRef<{ deletedId: string }>('DeletePayload').implement({
  description: 'The global id of the deleted node, and the signed-in user after the change.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    deletedId: t.exposeID('deletedId', { description: 'The global id of the deleted object, to drop it from client lists.' }),
  }),
});

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/**
 * A mutation `name(id: ID!): DeletePayload!` that deletes one of the viewer's `node`s through
 * `remove` (which answers NOT_FOUND for an id that is not theirs) and returns its global id.
 */
export function deleteMutation(
  name: string,
  options: { node: ObjectRef<SchemaTypes, unknown>; description: string; remove: (viewer: Viewer, id: string) => Promise<unknown> },
) {
  builder.mutationField(name, (t) =>
    t.field({
      type: DeletePayload,
      description: options.description,
      args: { id: t.arg.globalID({ for: options.node }) },
      resolve: async (_root, { id }, ctx) => {
        await options.remove(ctx.viewer, id.id);
        return { deletedId: encodeGlobalID(id.typename, id.id) };
      },
    }),
  );
}

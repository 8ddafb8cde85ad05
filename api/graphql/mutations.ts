import { encodeGlobalID } from '@pothos/plugin-relay';
import type { InputFieldBuilder, InputFieldMap, InputShapeFromFields, ObjectRef } from '@pothos/core';
import type { Viewer } from '../lib/viewer.ts';
import { builder } from './builder.ts';
import { viewerUser } from './context.ts';

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
      resolve: (query, _parent, _args, ctx) => viewerUser(query, ctx),
    }),
  }),
});

/**
 * The description of the `password` field on the inputs of the operations that could take an
 * account over (docs/security.md#confirming-who-is-asking).
 */
export const CURRENT_PASSWORD =
  'Your current password, asked when the sign-in is not recent: without it, FORBIDDEN `Confirm your password to do this` (`Sign in again to do this` for an external provider’s user).';

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

/**
 * A mutation `name(input: <Name>Input!): <Name>Payload!` that edits one of the viewer's `node`s:
 * the input is the node's global id plus the editable `fields`, each optional (a missing one
 * stays unchanged); `update` validates the changes, answers NOT_FOUND for an id that is not the
 * viewer's, and returns the node after the edit, which the payload holds as `field`.
 */
export function updateMutation<Node, Fields extends InputFieldMap>(
  name: string,
  options: {
    node: ObjectRef<SchemaTypes, Node>;
    field: string;
    description: string;
    fields: (t: InputFieldBuilder<SchemaTypes, 'InputObject'>) => Fields;
    update: (viewer: Viewer, id: string, changes: InputShapeFromFields<Fields>) => Promise<Node>;
  },
) {
  const typeName = name.charAt(0).toUpperCase() + name.slice(1);
  const input = builder.inputType(`${typeName}Input`, {
    description: `The changes for ${name}: the id, and only the fields to change.`,
    fields: (t) => ({ id: t.globalID({ for: options.node, description: 'The object to change.' }), ...options.fields(t) }),
  });
  const payload = builder.objectRef<Record<string, Node>>(`${typeName}Payload`).implement({
    description: `The result of ${name}: the object after the change, and the signed-in user.`,
    interfaces: [MutationPayload],
    fields: (t) => ({
      [options.field]: t.field({
        type: options.node as ObjectRef<SchemaTypes, unknown>,
        description: 'The object after the change.',
        resolve: (p) => p[options.field],
      }),
    }),
  });
  builder.mutationField(name, (t) =>
    t.field({
      type: payload,
      description: options.description,
      args: { input: t.arg({ type: input }) },
      resolve: async (_root, args, ctx) => {
        // The shape of generic fields is beyond the compiler: the id is decoded, the rest are the fields' own values.
        const { id, ...changes } = (args as unknown as { input: { id: { id: string } } }).input;
        return { [options.field]: await options.update(ctx.viewer, id.id, changes as InputShapeFromFields<Fields>) };
      },
    }),
  );
}

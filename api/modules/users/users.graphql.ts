import { builder } from '../../graphql/builder.ts';
import { requireViewer } from '../../graphql/context.ts';
import { displayName, initials } from './users.service.ts';

/** The signed-in user. Each domain adds its own fields to this type in its own file. */
export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  description: 'The signed-in user: their profile and, through its fields, all of their own data.',
  findUnique: (id, ctx) => ({ id: requireViewer(ctx).id === id ? id : '' }),
  nullable: true,
  fields: (t) => ({
    email: t.exposeString('email', { nullable: true, description: 'The email address from the sign-in provider, or null.' }),
    firstName: t.exposeString('firstName', { nullable: true, description: 'The first name from the sign-in provider, or null.' }),
    lastName: t.exposeString('lastName', { nullable: true, description: 'The last name from the sign-in provider, or null.' }),
    profileImageUrl: t.exposeString('profileImageUrl', {
      nullable: true,
      description: 'URL of the profile picture from the sign-in provider, or null (show the initials).',
    }),
    displayName: t.string({
      description: 'First plus last name; else first name; else email; else "User".',
      select: { firstName: true, lastName: true, email: true },
      resolve: (user) => displayName(user),
    }),
    initials: t.string({
      description: 'Initials of first and last name; else the first letter of the email; else "U".',
      select: { firstName: true, lastName: true, email: true },
      resolve: (user) => initials(user),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    description: 'The signed-in user. Fails with UNAUTHENTICATED when signed out.',
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: requireViewer(ctx).id } }),
  }),
);

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
      resolve: (query, _parent, _args, ctx) =>
        ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: requireViewer(ctx).id } }),
    }),
  }),
});


/** What every delete mutation returns: the global id of the removed node, and the viewer. */
export const DeletePayload = builder.objectRef<{ deletedId: string }>('DeletePayload').implement({
  description: 'The global id of the deleted node, and the signed-in user after the change.',
  interfaces: [MutationPayload],
  fields: (t) => ({ deletedId: t.exposeID('deletedId', { description: 'The global id of the deleted object, to drop it from client lists.' }) }),
});

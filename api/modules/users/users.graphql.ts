import { builder } from '../../graphql/builder.ts';
import { displayName, initials } from './users.service.ts';

/** The signed-in user. Each domain adds its own fields to this type in its own file. */
export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  description: 'The signed-in user: their profile and, through its fields, all of their own data.',
  findUnique: (id, ctx) => ({ id: ctx.viewer.id === id ? id : '' }),
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
    resolve: (query, _root, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.viewer.id } }),
  }),
);

import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { CURRENT_PASSWORD, MutationPayload } from '../../graphql/mutations.ts';
import { viewerUser } from '../../graphql/context.ts';
import { deleteMyAccount, displayName, initials, updateProfile } from './users.service.ts';

/** The signed-in user. Each domain adds its own fields to this type in its own file. */
export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  description: 'The signed-in user: their profile and, through its fields, all of their own data.',
  findUnique: (id, ctx) => ({ id: ctx.viewer.id === id ? id : '' }),
  // Columns are loaded only when a field asks for them: most queries need none (viewerUser).
  select: {},
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
    resolve: (query, _root, _args, ctx) => viewerUser(query, ctx),
  }),
);

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  description: 'For updateProfile: a built-in account’s name (an external provider’s is changed there).',
  fields: (t) => ({
    firstName: t.string({ description: '1 to 100 characters.' }),
    lastName: t.string({ description: '1 to 100 characters.' }),
  }),
});

const UpdateProfilePayload = builder.objectRef<object>('UpdateProfilePayload').implement({
  description: 'The signed-in user with the new name.',
  interfaces: [MutationPayload],
});

const DeleteMyAccountInput = builder.inputType('DeleteMyAccountInput', {
  description: 'For deleteMyAccount.',
  fields: (t) => ({
    confirmation: t.string({ description: 'The user’s email, typed to confirm ("DELETE" when they have none).' }),
    password: t.string({ required: false, description: CURRENT_PASSWORD }),
  }),
});

const DeleteMyAccountPayload = builder.objectRef<{ deletedUserId: string }>('DeleteMyAccountPayload').implement({
  description: 'The account is gone: every row of the user, every session and token.',
  fields: (t) => ({ deletedUserId: t.exposeID('deletedUserId', { description: 'The global id of the deleted user.' }) }),
});

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: UpdateProfilePayload,
    description: 'Changes the first and last name of a built-in account.',
    args: { input: t.arg({ type: UpdateProfileInput }) },
    resolve: async (_root, { input }, ctx) => (await updateProfile(ctx.viewer, input), {}),
  }),
  deleteMyAccount: t.field({
    type: DeleteMyAccountPayload,
    description:
      'Deletes the signed-in user and all of their data, sessions and tokens, at once (with `password` unless the sign-in is recent). Browser sessions only.',
    args: { input: t.arg({ type: DeleteMyAccountInput }) },
    resolve: async (_root, { input }, ctx) => {
      await deleteMyAccount(ctx.viewer, input);
      return { deletedUserId: encodeGlobalID('User', ctx.viewer.id) };
    },
  }),
}));

import type { ApiToken } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { CURRENT_PASSWORD, deleteMutation, MutationPayload } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { BudgetRef } from '../budgets/budgets.graphql.ts';
import { listBudgets, type BudgetSummary } from '../budgets/budgets.service.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.service.ts';

const TokenAccess = builder.enumType('TokenAccess', {
  description: 'What an API token may do.',
  values: {
    read: { description: 'Queries and GET requests only: any change is refused (403).' },
    write: { description: 'Everything the data API offers (not Settings’ sign-in operations).' },
  },
});

const budgetsRead = new WeakMap<GraphQLContext, Promise<BudgetSummary[]>>();
/** The user's budgets, read once per response however many tokens it lists. */
function budgetsOf(ctx: GraphQLContext) {
  let budgets = budgetsRead.get(ctx);
  if (!budgets) budgetsRead.set(ctx, (budgets = listBudgets(ctx.viewer)));
  return budgets;
}

export const ApiTokenRef = builder.prismaNode('ApiToken', {
  id: { field: 'id' },
  description: 'An API token of the signed-in user, for scripts (`Authorization: Bearer <token>`). The token itself is never shown again.',
  // Tokens are managed from a browser session only: with a token, none is found.
  findUnique: (id, ctx) => ({ id, userId: ctx.viewer.credential?.kind === 'token' ? '' : ctx.viewer.id }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the token is for, 1 to 100 characters.' }),
    access: t.field({ type: TokenAccess, description: 'Read only, or read and write.', resolve: (k) => (k.canWrite ? 'write' : 'read') }),
    budget: t.field({
      type: BudgetRef,
      nullable: true,
      description: 'The budget it acts on (the one chosen when it was created).',
      resolve: async (k, _args, ctx) => (await budgetsOf(ctx)).find((b) => b.id === k.budgetId) ?? null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was last used (to the minute), or null.',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'When it stops working, or null: never.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  apiTokens: t.prismaField({
    type: ['ApiToken'],
    description: 'The user’s API tokens, newest first. Browser sessions only (FORBIDDEN with a token).',
    resolve: (_query, _user, _args, ctx) => listApiTokens(ctx.viewer),
  }),
}));

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  description: 'A new API token, for createApiToken.',
  fields: (t) => ({
    name: t.string({ description: 'What it is for, 1 to 100 characters.' }),
    access: t.field({ type: TokenAccess, description: 'Read only, or read and write.' }),
    expiresInDays: t.int({ required: false, description: '30, 90 or 365; null or missing: it never expires.' }),
    password: t.string({ required: false, description: CURRENT_PASSWORD }),
  }),
});

const CreateApiTokenPayload = builder.objectRef<{ token: string; apiToken: ApiToken }>('CreateApiTokenPayload').implement({
  description: 'The new token: `token` is shown this once and never again.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The token to send as `Authorization: Bearer <token>`. Keep it secret.' }),
    apiToken: t.field({ type: ApiTokenRef, description: 'The token as it is listed.', resolve: (p) => p.apiToken }),
  }),
});

builder.mutationField('createApiToken', (t) =>
  t.field({
    type: CreateApiTokenPayload,
    description:
      'Creates an API token (with `password` unless the sign-in is recent). Browser sessions only: a token cannot create tokens (FORBIDDEN).',
    args: { input: t.arg({ type: CreateApiTokenInput }) },
    resolve: (_root, { input }, ctx) => createApiToken(ctx.viewer, input),
  }),
);

deleteMutation('revokeApiToken', {
  node: ApiTokenRef,
  description: 'Revokes an API token: it stops working at once. Browser sessions only.',
  remove: revokeApiToken,
});

import type { ApiToken } from '../../generated/prisma/client.ts';
import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { createApiTokenInput } from '../../../shared/inputs/settings.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.service.ts';

/** An API token as listed: never the token itself. */
const tokenAnswer = z.object({
  id: z.string(),
  name: z.string(),
  access: z.enum(['read', 'write']),
  /** The budget it acts on (docs/security.md#budgets-and-roles). */
  budgetId: z.string(),
  createdAt: wire.timestamp,
  lastUsedAt: wire.timestamp.nullable(),
  expiresAt: wire.timestamp.nullable(),
});
/** A token just created: the only answer that holds the token itself. */
const createdTokenAnswer = tokenAnswer.extend({ token: z.string().regex(/^bgt_/) });

const tokenJson = (k: ApiToken): z.output<typeof tokenAnswer> => ({
  id: k.id,
  name: k.name,
  access: k.canWrite ? 'write' : 'read',
  budgetId: k.budgetId,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
});

/** API tokens (docs/security.md#api-tokens): managed from a browser session only. */
export const tokenRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/tokens',
    tag: 'Settings',
    summary: 'List your API tokens, newest first',
    returns: { json: z.array(tokenAnswer) },
    browserOnly: true,
    handler: async (viewer) => (await listApiTokens(viewer)).map(tokenJson),
  }),
  route({
    method: 'post',
    path: '/tokens',
    tag: 'Settings',
    summary: 'Create an API token (the answer is the only time `token` is shown)',
    body: createApiTokenInput,
    returns: { json: createdTokenAnswer },
    status: 201,
    browserOnly: true,
    confirmsIdentity: true,
    handler: async (viewer, { body }) => {
      const { token, apiToken } = await createApiToken(viewer, body);
      return { ...tokenJson(apiToken), token };
    },
  }),
  route({
    method: 'delete',
    path: '/tokens/{id}',
    tag: 'Settings',
    summary: 'Revoke an API token: it stops working at once',
    browserOnly: true,
    handler: (viewer, { params }) => revokeApiToken(viewer, params.id),
  }),
);

import type { ApiToken } from '../../generated/prisma/client.ts';
import { defineRoutes, route, type JsonSchema } from '../../rest/route-table.ts';
import { createApiTokenInput } from '../../../shared/inputs/settings.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.service.ts';

const timestamp = (nullable = false): JsonSchema =>
  nullable ? { type: ['string', 'null'], format: 'date-time' } : { type: 'string', format: 'date-time' };

/** An API token as listed: never the token itself. */
const tokenSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    access: { enum: ['read', 'write'] },
    createdAt: timestamp(),
    lastUsedAt: timestamp(true),
    expiresAt: timestamp(true),
  },
  required: ['id', 'name', 'access', 'createdAt', 'lastUsedAt', 'expiresAt'],
};

const tokenJson = (k: ApiToken) => ({
  id: k.id,
  name: k.name,
  access: k.canWrite ? 'write' : 'read',
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
    returns: { json: { type: 'array', items: tokenSchema } },
    browserOnly: true,
    handler: async (viewer) => (await listApiTokens(viewer)).map(tokenJson),
  }),
  route({
    method: 'post',
    path: '/tokens',
    tag: 'Settings',
    summary: 'Create an API token (the answer is the only time `token` is shown)',
    body: createApiTokenInput,
    returns: {
      json: {
        allOf: [tokenSchema, { type: 'object', properties: { token: { type: 'string', pattern: '^bgt_' } }, required: ['token'] }],
      },
    },
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

import { defineRoutes, route } from '../../rest/route-table.ts';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions.service.ts';

/** The browsers signed in as the user (docs/product.md#settings): browser sessions only. */
export const sessionRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/sessions',
    tag: 'Settings',
    summary: 'List your signed-in sessions: this browser first (`current`), then the most recently used',
    returns: {
      json: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            current: { type: 'boolean' },
            browser: { type: 'string' },
            os: { type: 'string' },
            address: { type: ['string', 'null'] },
            signedInAt: { type: ['string', 'null'], format: 'date-time' },
            lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
          },
          required: ['id', 'current', 'browser', 'os', 'address', 'signedInAt', 'lastUsedAt'],
        },
      },
    },
    browserOnly: true,
    handler: (viewer) => listSessions(viewer),
  }),
  route({
    method: 'post',
    path: '/sessions/sign-out-others',
    tag: 'Settings',
    summary: 'Sign out every session but this one, and revoke every API token',
    returns: {
      json: {
        type: 'object',
        properties: { signedOut: { type: 'integer' }, revokedTokens: { type: 'integer' } },
        required: ['signedOut', 'revokedTokens'],
      },
    },
    browserOnly: true,
    handler: (viewer) => signOutOtherSessions(viewer),
  }),
  route({
    method: 'delete',
    path: '/sessions/{id}',
    tag: 'Settings',
    summary: 'Sign out one session, at once',
    browserOnly: true,
    handler: async (viewer, { params }) => void (await signOutSession(viewer, params.id)),
  }),
);

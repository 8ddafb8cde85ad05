import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listSessions, signOutOtherSessions, signOutSession, type SignedInSession } from './sessions.service.ts';

/** A signed-in session as REST lists it. */
const sessionAnswer = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string(),
  os: z.string(),
  address: z.string().nullable(),
  signedInAt: wire.timestamp.nullable(),
  lastUsedAt: wire.timestamp.nullable(),
});

// `toJSON`, as JSON.stringify writes a Date: null for one that is no date (a session's unreadable sign-in time).
const sessionJson = (s: SignedInSession): z.output<typeof sessionAnswer> => ({
  ...s,
  signedInAt: s.signedInAt?.toJSON() ?? null,
  lastUsedAt: s.lastUsedAt?.toJSON() ?? null,
});

/** The browsers signed in as the user (docs/product.md#settings): browser sessions only. */
export const sessionRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/sessions',
    tag: 'Settings',
    summary: 'List your signed-in sessions: this browser first (`current`), then the most recently used',
    returns: { json: z.array(sessionAnswer) },
    browserOnly: true,
    handler: async (viewer) => (await listSessions(viewer)).map(sessionJson),
  }),
  route({
    method: 'post',
    path: '/sessions/sign-out-others',
    tag: 'Settings',
    summary: 'Sign out every session but this one, and revoke every API token',
    returns: { json: z.object({ signedOut: wire.integer, revokedTokens: wire.integer }) },
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

import { builder } from '../../graphql/builder.ts';
import { DeletePayload, MutationPayload } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { listSessions, signOutOtherSessions, signOutSession, type SignedInSession } from './sessions.service.ts';

const SignedInSessionRef = builder.objectRef<SignedInSession>('SignedInSession').implement({
  description: 'A browser signed in as the user.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifies the session to signOutSession (not its secret cookie).' }),
    current: t.exposeBoolean('current', { description: 'True for the browser making this request.' }),
    browser: t.exposeString('browser', { description: 'The browser, e.g. "Chrome 140", from its user agent.' }),
    os: t.exposeString('os', { description: 'The operating system, e.g. "macOS".' }),
    address: t.exposeString('address', { nullable: true, description: 'The network address it signed in from.' }),
    signedInAt: t.expose('signedInAt', { type: 'DateTime', nullable: true, description: 'When it signed in.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When it was last used (to the minute).' }),
  }),
});

builder.objectField(UserRef, 'sessions', (t) =>
  t.field({
    type: [SignedInSessionRef],
    description: 'The browsers signed in as the user: this one first, then the most recently used. Browser sessions only.',
    resolve: (_user, _args, ctx) => listSessions(ctx.viewer),
  }),
);

const SignOutOtherSessionsPayload = builder
  .objectRef<{ signedOut: number; revokedTokens: number }>('SignOutOtherSessionsPayload')
  .implement({
    description: 'How many sessions were signed out and API tokens revoked.',
    interfaces: [MutationPayload],
    fields: (t) => ({
      signedOut: t.exposeInt('signedOut', { description: 'How many other sessions ended.' }),
      revokedTokens: t.exposeInt('revokedTokens', { description: 'How many API tokens were revoked.' }),
    }),
  });

builder.mutationFields((t) => ({
  signOutSession: t.field({
    type: DeletePayload,
    description: 'Signs out one of the user’s sessions, at once. Browser sessions only.',
    args: { id: t.arg.id({ description: 'A SignedInSession id.' }) },
    resolve: async (_root, { id }, ctx) => ({ deletedId: await signOutSession(ctx.viewer, String(id)) }),
  }),
  signOutOtherSessions: t.field({
    type: SignOutOtherSessionsPayload,
    description: 'Signs out every session of the user but this browser’s, and revokes every API token. Browser sessions only.',
    resolve: (_root, _args, ctx) => signOutOtherSessions(ctx.viewer),
  }),
}));

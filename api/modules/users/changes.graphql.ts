import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import type { ChangeEvent } from '../../lib/change-events.ts';
import { credentialHolds } from '../../lib/viewer.ts';

const ChangeEventRef = builder.objectRef<ChangeEvent>('ChangeEvent').implement({
  description: "A change to the signed-in user's data, made in any tab, device or API client: refetch what you show.",
  fields: (t) => ({
    at: t.exposeString('at', { description: 'When it changed (ISO 8601).' }),
    origin: t.exposeString('origin', {
      nullable: true,
      description: 'The X-Client-Id header of the request that made the change (null without one): a client skips its own changes.',
    }),
  }),
});

builder.subscriptionField('changes', (t) =>
  t.field({
    type: ChangeEventRef,
    description: "Live updates: an event each time the signed-in user's data changes (GraphQL over SSE).",
    args: {
      since: t.arg.string({
        required: false,
        validate: { schema: z.string().regex(/^\d{1,15}$/, 'since must be a change mark (an X-Change-Mark header)') },
        description:
          'The X-Change-Mark header of the earliest answer the client shows: when the data changed after it, the stream starts with one event (origin null), so nothing changed before it opened is missed.',
      }),
    },
    // The request's budget's changes, by any member. The stream ends at the first change after its
    // session is signed out, its token revoked or its user removed from the budget.
    subscribe: async function* (_root, args, ctx) {
      for await (const event of ctx.viewer.events.subscribe(ctx.viewer.budgetId, args.since == null ? null : Number(args.since))) {
        if (!(await credentialHolds(ctx.viewer))) return;
        yield event;
      }
    },
    resolve: (event) => event,
  }),
);

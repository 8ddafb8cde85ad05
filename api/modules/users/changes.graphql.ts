import { builder } from '../../graphql/builder.ts';
import type { ChangeEvent } from '../../lib/change-events.ts';

const ChangeEventRef = builder.objectRef<ChangeEvent>('ChangeEvent').implement({
  description: "A change to the signed-in user's data, made in any tab, device or API client: refetch what you show.",
  fields: (t) => ({
    at: t.exposeString('at', { description: 'When it changed (ISO 8601).' }),
  }),
});

builder.subscriptionField('changes', (t) =>
  t.field({
    type: ChangeEventRef,
    description: "Live updates: an event each time the signed-in user's data changes (GraphQL over SSE).",
    subscribe: (_root, _args, ctx) => ctx.viewer.events.subscribe(ctx.viewer.id),
    resolve: (event) => event,
  }),
);

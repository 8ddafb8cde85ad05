import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ZodPlugin from '@pothos/plugin-zod';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type { Decimal } from '../lib/money.ts';
import type { GraphQLContext } from './context.ts';
import { toValidationError } from '../lib/validate.ts';

/** Configuration only: plugins, context and scalars. Each domain adds its types in its own file. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
  Scalars: {
    /** Input: a decimal string, validated by the domain's zod schema. */
    Money: { Input: string; Output: Decimal | string };
    /** Input: "YYYY-MM-DD", validated by the domain's zod schema. Output: a Date, or a day already written so (an import's rows). */
    Date: { Input: string; Output: Date | string };
    DateTime: { Input: string; Output: Date };
    /** Output only: a record's fields as they were (the activity log's before and after). */
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [PrismaPlugin, RelayPlugin, ZodPlugin],
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    idFieldOptions: { description: 'An opaque global id: pass it to `node(id:)` or to the mutations that take an id.' },
    nodeTypeOptions: { description: 'An object with a global id, which `node(id:)` fetches again.' },
    nodeQueryOptions: { description: 'The object with this global id; null when none exists or it belongs to another user.' },
    nodesQueryOptions: {
      description: 'The objects with these global ids, in the same order; null for each that does not exist or belongs to another user.',
    },
    clientMutationId: 'omit',
    cursorType: 'String',
    nodesOnConnection: false,
  },
  zod: {
    // Paths relative to the `input` argument, as the services (and REST) report them.
    validationError: (zodError) => {
      const error = toValidationError(zodError);
      error.issues.forEach((issue) => issue.path[0] === 'input' && issue.path.shift());
      return error;
    },
  },
});

builder.queryType({ description: 'Reads: the signed-in user (`viewer`) and everything of theirs, or any of their objects by global id.' });
builder.mutationType({ description: "Changes to the signed-in user's data; each returns what changed and `viewer` after the change." });
builder.subscriptionType({ description: "Live updates about the signed-in user's data (GraphQL over SSE)." });

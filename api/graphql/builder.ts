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
    /** Input: "YYYY-MM-DD", validated by the domain's zod schema. */
    Date: { Input: string; Output: Date };
    DateTime: { Input: string; Output: Date };
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

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

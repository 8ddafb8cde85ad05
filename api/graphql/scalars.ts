import { GraphQLError, Kind } from 'graphql';
import { builder } from './builder.ts';
import { AMOUNT_MESSAGE, DATE_MESSAGE } from '../../shared/validation.ts';
import { Decimal, toWireMoney } from '../lib/money.ts';
import { formatCalendarDate } from '../lib/dates.ts';

// Inputs of Money and Date arrive as strings and are validated by the domain's zod schemas, so a
// bad value gets the same message and field path through GraphQL as through REST.

function stringInput(message: string) {
  return {
    parseValue: (value: unknown) => {
      if (typeof value !== 'string') throw new GraphQLError(message);
      return value;
    },
    parseLiteral: (ast: import('graphql').ValueNode) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError(message);
      return ast.value;
    },
  };
}

builder.scalarType('Money', {
  description:
    'An amount of money as a decimal string with two decimals, e.g. "1234.50": at most 10 digits before the point. Never a float.',
  serialize: (value) => toWireMoney(typeof value === 'string' ? new Decimal(value) : value),
  ...stringInput(AMOUNT_MESSAGE),
});

builder.scalarType('Date', {
  description: 'A calendar date without time or time zone, "YYYY-MM-DD".',
  serialize: (value) => (typeof value === 'string' ? value : formatCalendarDate(value)),
  ...stringInput(DATE_MESSAGE),
});

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => value.toISOString(),
  ...stringInput('Invalid date-time'),
});

builder.scalarType('JSON', {
  description: 'Any JSON value (the activity log’s record before and after a change).',
  serialize: (value) => value,
  parseValue: (value) => value,
});

import { describe, expect, it } from 'vitest';
import { graphqlErrors, hasErrorCode } from './graphql-errors.ts';

describe('the GraphQL errors behind a Relay error', () => {
  const notFound = Object.assign(new Error('No data returned for operation `ReportsPageQuery`'), {
    source: { errors: [{ message: 'Account not found', extensions: { code: 'NOT_FOUND' } }] },
  });

  it('reads the codes the server answered with, not the messages', () => {
    expect(hasErrorCode(notFound, 'NOT_FOUND')).toBe(true);
    expect(hasErrorCode(notFound, 'BAD_USER_INPUT')).toBe(false);
    // A message that merely says "not found" is no code.
    expect(hasErrorCode(new Error('Account not found'), 'NOT_FOUND')).toBe(false);
  });

  it('finds none behind other errors', () => {
    for (const error of [new Error('401: Unauthorized'), null, undefined, 'text', { source: { errors: 'x' } }])
      expect(graphqlErrors(error)).toEqual([]);
  });
});

export type Issues = { path: string[]; message: string }[];
export type GraphQLErrors = { message: string; extensions?: { code?: string; issues?: Issues } }[];

/**
 * The server's GraphQL errors behind an error Relay raised: a mutation's refusal, or a query that
 * returned no data, both carry them as the error's `source`. None for any other error.
 */
export function graphqlErrors(error: unknown): GraphQLErrors {
  const source = (error as { source?: { errors?: unknown } } | null)?.source?.errors;
  return Array.isArray(source) ? source : [];
}

/** Whether the server answered with `code` (`extensions.code`, docs/product.md#messages-and-errors): what a screen recovers by, never a message's text. */
export function hasErrorCode(error: unknown, code: string): boolean {
  return graphqlErrors(error).some((e) => e.extensions?.code === code);
}

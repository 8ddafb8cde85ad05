import { startTransition, useEffect, useState } from 'react';
import { useLazyLoadQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { onChange } from './live-changes.ts';

/**
 * A screen's query: from the store when it has the data, refreshed from the network, and
 * refetched whenever the user's data changes elsewhere (another tab, device or API client).
 */
export function usePageQuery<Q extends OperationType>(query: GraphQLTaggedNode, variables: Q['variables']) {
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => onChange(() => startTransition(() => setFetchKey((k) => k + 1))), []);
  return useLazyLoadQuery<Q>(query, variables, { fetchPolicy: 'store-and-network', fetchKey });
}

import { startTransition, useEffect } from 'react';
import { loadQuery, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import type { ConcreteRequest, GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { useLoaderData } from 'react-router-dom';
import { currentUser } from '../app/auth.tsx';
import { environment } from './environment.ts';
import { onChange } from './live-changes.ts';

type Artifact = () => Promise<{ default: ConcreteRequest }>;

/**
 * A route loader that starts the screen's query as soon as the route matches, in parallel with
 * the download of the screen's code (render-as-you-fetch). Signed out, it loads nothing: the
 * route shows the sign-in redirect instead.
 */
export function preloadQuery(artifact: Artifact, variables: Record<string, unknown> = {}) {
  let previous: PreloadedQuery<OperationType> | null = null;
  return async () => {
    const [{ default: query }, user] = await Promise.all([artifact(), currentUser()]);
    if (!user) return null;
    // The screen that held the previous reference retains its own data while it stays mounted.
    previous?.dispose();
    previous = loadQuery(environment, query, variables, { fetchPolicy: 'store-and-network' });
    return previous;
  };
}

/**
 * A screen's data: the query its route preloaded, reloaded when the variables change and
 * whenever the user's data changes elsewhere (another tab, device or API client).
 */
export function useRouteQuery<Q extends OperationType>(query: GraphQLTaggedNode, variables: Q['variables'] = {}) {
  const preloaded = useLoaderData() as PreloadedQuery<Q>;
  const [ref, load] = useQueryLoader<Q>(query, preloaded);
  const key = JSON.stringify(variables);
  const current = ref ?? preloaded;
  const stale = JSON.stringify(current.variables) !== key;
  useEffect(() => {
    const reload = () => startTransition(() => load(JSON.parse(key), { fetchPolicy: 'store-and-network' }));
    if (stale) reload();
    return onChange(reload);
  }, [stale, key, load]);
  return usePreloadedQuery<Q>(query, current);
}

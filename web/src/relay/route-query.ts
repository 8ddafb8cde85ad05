import { startTransition, useCallback, useEffect, type ComponentType } from 'react';
import { fetchQuery, loadQuery, usePreloadedQuery, useQueryLoader, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import type { ConcreteRequest, GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { matchPath, useLoaderData, type Params } from 'react-router-dom';
import { currentUser } from '../app/current-user.ts';
import { relayEnvironment } from './environment.ts';
import { changesHeard, onChange } from './changes-heard.ts';
import { prefetchGraphQL } from './graphql-request.ts';

interface RouteData {
  /** The screen's code (router.tsx's `preloaded` loader, which its component renders from). */
  screen: () => Promise<{ default: ComponentType }>;
  /** The compiled query of the screen (a small chunk of its own). */
  query: () => Promise<{ default: ConcreteRequest }>;
  /** The query's variables, or how to make them from the route's parameters (`/accounts/:id`) and its URL's query string. */
  variables?:
    Record<string, unknown> | ((params: Params, search: URLSearchParams) => Record<string, unknown> | Promise<Record<string, unknown>>);
}

const variablesOf = ({ variables = {} }: RouteData, params: Params, search: URLSearchParams) =>
  typeof variables === 'function' ? variables(params, search) : variables;

/** The routes `prefetchRoute` knows, by path pattern. */
const routes = new Map<string, RouteData>();

/**
 * A route loader that starts the screen's query as soon as the route matches, while the screen's
 * code downloads (render-as-you-fetch). Signed out, it loads nothing: the route shows the sign-in
 * redirect instead.
 */
export function preloadQuery(path: string, route: RouteData) {
  routes.set(path, route);
  const { screen, query: artifact } = route;
  let previous: PreloadedQuery<OperationType> | null = null;
  return async ({ params, request }: { params: Params; request: Request }) => {
    // The code downloads from the start, beside the query's artifact and the user: on a cold load
    // each waits only for the main script, not for one another.
    const code = screen();
    const [{ default: query }, user] = await Promise.all([artifact(), currentUser()]);
    if (!user) return null;
    // The screen that held the previous reference retains its own data while it stays mounted.
    previous?.dispose();
    const vars = await variablesOf(route, params, new URL(request.url).searchParams);
    const ref = (previous = loadQuery(relayEnvironment(), query, vars, {
      fetchPolicy: 'store-and-network',
    }));
    // The navigation commits (in a transition, the old screen still showing) once both the code and
    // the data are here, so the new screen renders without a fallback: no waterfall, and no
    // throttled reveal of a skeleton.
    const data = new Promise<void>((done) => {
      if (!ref.source) return done();
      ref.source.subscribe({ complete: () => done(), error: () => done(), unsubscribe: () => done() });
    });
    // A failed download is the screen's to report (its error boundary), as before.
    await Promise.all([code.catch(() => undefined), data]);
    return ref;
  };
}

/**
 * Starts what a navigation to `href` will need before it happens, for a link the user points at or
 * focuses: the screen's code and its query (graphql-request.ts hands the answer to the navigation
 * if it comes soon enough).
 */
export function prefetchRoute(href: string) {
  const since = performance.now();
  const url = new URL(href, location.origin);
  for (const [path, route] of routes) {
    const match = matchPath(path, url.pathname);
    if (!match) continue;
    void Promise.all([prefetchCode(route), currentUser(), variablesOf(route, match.params, url.searchParams)])
      .then(([{ default: request }, user, vars]) => user && prefetchGraphQL(request.params, vars, since))
      .catch(ignore);
    return;
  }
}

const ignore = () => undefined; // a failed prefetch is the navigation's to retry and report

/** Starts a route's code and query artifact; the artifact's promise. */
function prefetchCode(route: RouteData) {
  route.screen().catch(ignore);
  const query = route.query();
  query.catch(ignore);
  return query;
}

let screensPrefetched = false;

/**
 * Once the first screen has shown (its first commit), every other screen's code (kept by
 * the browser until the next release) downloads while the app is idle: a first visit to a screen
 * then waits for its data only. Not when the browser asks to save data.
 */
function prefetchScreensWhenIdle() {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  if (screensPrefetched || saveData) return;
  screensPrefetched = true;
  const prefetchAll = () => routes.forEach(prefetchCode);
  if ('requestIdleCallback' in window) requestIdleCallback(prefetchAll, { timeout: 5000 });
  else setTimeout(prefetchAll, 2000);
}

/**
 * A screen's data: the query its route preloaded, reloaded when the variables change, and asked
 * again whenever the user's data changes elsewhere (another tab, device or API client).
 */
export function useRouteQuery<Q extends OperationType>(query: GraphQLTaggedNode, variables: Q['variables'] = {}) {
  const preloaded = useLoaderData() as PreloadedQuery<Q>;
  const [ref, load] = useQueryLoader<Q>(query, preloaded);
  const key = JSON.stringify(variables);
  const current = ref ?? preloaded;
  const stale = JSON.stringify(current.variables) !== key;
  // After the screen's first commit: the downloads wait until the first screen has shown.
  useEffect(prefetchScreensWhenIdle, []);
  useEffect(() => {
    if (stale) startTransition(() => load(JSON.parse(key), { fetchPolicy: 'store-and-network' }));
  }, [stale, key, load]);
  useRefetchOnChange<Q>(query, variables);
  return usePreloadedQuery<Q>(query, current);
}

/**
 * Fetches a screen's query again into the store, for a write whose payload cannot reselect
 * everything it moved (a payment made on the Dashboard also moves its budget progress). The
 * screen shows the answer from the store once it is in; a failed read leaves what it shows, and is
 * asked again after a wait (environment.ts).
 */
export function useRefetchQuery<Q extends OperationType>(query: GraphQLTaggedNode, variables: Q['variables'] = {}) {
  const environment = useRelayEnvironment();
  const key = JSON.stringify(variables);
  return useCallback(
    () => void fetchQuery<Q>(environment, query, JSON.parse(key), { fetchPolicy: 'network-only' }).subscribe({ error: ignore }),
    [environment, query, key],
  );
}

/**
 * Asks a query again (`useRefetchQuery`) at each change heard (changes-heard.ts). Never through a
 * new reference to the query: a render reading one whose read failed would replace the screen with
 * its error, where the screen should keep what it shows until an answer comes. `since`: the count
 * of changes (`changesHeard`) when a component that mounts later (a lazy one) began, for the
 * changes heard before its query was first answered.
 */
export function useRefetchOnChange<Q extends OperationType>(query: GraphQLTaggedNode, variables: Q['variables'] = {}, since?: number) {
  const refetch = useRefetchQuery<Q>(query, variables);
  useEffect(() => {
    if (since !== undefined && changesHeard() !== since) refetch();
    return onChange(refetch);
  }, [refetch, since]);
}

import crypto from 'node:crypto';
import { useResponseCache, type Cache } from '@graphql-yoga/plugin-response-cache';
import { getOperationAST, parse, type ExecutionResult } from 'graphql';
import type { ChangeEvents } from '../lib/change-events.ts';
import { PerUserCache } from '../lib/per-user-cache.ts';
import type { Request } from 'express';
import { requestedBudgetId } from '../rest/request-viewer.ts';

/** How long a cached answer may be served at most (dates such as "this month" move on). */
export const RESPONSE_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES_PER_USER = 200;

/** Whether each document text seen (by operation name) runs a mutation: documents are few, each is parsed once. */
const mutations = new Map<string, boolean>();
function isMutation(query: string | undefined, operationName: string | null | undefined) {
  if (!query) return false;
  const key = `${operationName ?? ''}\n${query}`;
  let found = mutations.get(key);
  if (found === undefined) {
    try {
      found = getOperationAST(parse(query), operationName)?.operation === 'mutation';
    } catch {
      found = false;
    }
    if (mutations.size >= 1000) mutations.clear();
    mutations.set(key, found);
  }
  return found;
}
const paramsOf = (context: unknown) => (context as { params?: { query?: string; operationName?: string | null } }).params;

/**
 * The answers to a signed-in user's queries, kept per budget (and user within it) and dropped
 * whenever that budget's data changes (a change event, from any process, through GraphQL or REST;
 * a personal budget's events are its user's), when changes may have been
 * missed (all users), or after the TTL. Screens
 * a user opens again, and every tab refreshing after a change, are then served without touching
 * the database. Mutations are never cached.
 */
export function userResponseCache(events: ChangeEvents) {
  const answers = new PerUserCache<ExecutionResult>({ maxPerUser: MAX_ENTRIES_PER_USER, sweepEveryMs: RESPONSE_CACHE_TTL_MS });
  // Keys are `<encoded budget id>|<hash>`: an id may itself contain '|' ("auth0|123").
  const userKey = (userId: string) => encodeURIComponent(userId);
  events.onAnyChange((userId) => (userId === null ? answers.clear() : answers.dropUser(userKey(userId))));
  const userOf = (key: string) => key.slice(0, key.indexOf('|'));
  const cache: Cache = {
    get(key) {
      return answers.get(userOf(key), key) as ExecutionResult<Record<string, unknown>> | undefined;
    },
    set(key, result, _entities, ttl) {
      if (!events.cachesUsable()) return; // computed as Redis went away: it may be stale already
      answers.set(userOf(key), key, result, Math.min(ttl, RESPONSE_CACHE_TTL_MS));
    },
    invalidate() {
      // Invalidation is per user, on change events (above).
    },
  };
  // The plugin asks before the GraphQL context exists: the user comes from the session (passport).
  const userIdOf = (context: { req?: unknown }) => (context.req as { user?: { id?: string } } | undefined)?.user?.id;
  return useResponseCache<{ req?: unknown }>({
    cache,
    ttl: RESPONSE_CACHE_TTL_MS,
    // Only signed-in users' queries, keyed by user and time zone ("today" depends on it); a
    // request with `Cache-Control: no-cache` is always answered fresh, and so is every request
    // while other processes' changes cannot reach this one (Redis away). A mutation is left alone
    // entirely: nothing to keep, and its answer needs no walk for entities to drop (change events
    // drop them), a walk as long as the answer: 100,000 rows for an import's preview.
    enabled: (request, context) =>
      Boolean(userIdOf(context)) &&
      events.cachesUsable() &&
      !/no-cache/i.test(request.headers.get('cache-control') ?? '') &&
      !isMutation(paramsOf(context)?.query, paramsOf(context)?.operationName),
    // Kept per budget (a change to a shared budget drops every member's answers about it) and, within
    // it, per user (an answer says which member asks: roles, `you`).
    session: (request, context) => {
      const userId = userIdOf(context);
      if (!userId) return null;
      const budgetId = requestedBudgetId(context.req as Request, userId);
      return JSON.stringify([budgetId, userId, request.headers.get('x-time-zone') ?? 'UTC']);
    },
    buildResponseCacheKey: ({ documentString, variableValues, operationName, sessionId }) => {
      // The plugin asks for a key on every request; signed out, or for a mutation (whose variables
      // can be a 10 MB file), nothing is cached, so none is computed.
      if (!sessionId || isMutation(documentString, operationName)) return Promise.resolve('');
      const [budgetId, userId, timeZone] = JSON.parse(sessionId) as [string, string, string];
      const hash = crypto
        .createHash('sha256')
        .update(JSON.stringify([documentString, variableValues ?? {}, operationName ?? '', timeZone, userId]))
        .digest('hex');
      return Promise.resolve(`${userKey(budgetId)}|${hash}`);
    },
    // Answers that depend on how the request signed in, not only on the user, are never kept: the
    // sessions list marks the asking browser, and API tokens are for a browser session only.
    ttlPerSchemaCoordinate: { 'User.sessions': 0, 'User.apiTokens': 0, ApiToken: 0 },
    // Must stay on: with it off, the plugin sends mutations down its caching path too, and an
    // identical mutation repeated within the TTL would be answered from the cache, not run.
    invalidateViaMutation: true,
    includeExtensionMetadata: false,
  });
}

import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError } from 'graphql';
import { PothosValidationError } from '@pothos/core';
import type { Request } from 'express';
import {
  BusyError,
  ConfirmIdentityError,
  DomainError,
  fromDatabaseError,
  ServiceUnavailableError,
  ValidationError,
} from '../lib/errors.ts';
import type { RequestContext } from './context.ts';
import type { ChangeEvents } from '../lib/change-events.ts';
import { userResponseCache } from './response-cache.ts';
import { requireSignIn } from './require-sign-in.ts';
import { csrfPreventionUnlessToken, readOnlyTokens, budgetRoles } from './token-plugins.ts';
import { requestLimits } from './request-limits.ts';
import { completeListsInSlices } from './long-lists.ts';
import { operationLimits } from './operation-limits.ts';
import { trustedDocuments } from './trusted-documents.ts';
import { changeMarks } from './change-marks.ts';
import { schema } from './schema.ts';

export interface YogaOptions {
  production: boolean;
  /** Browser sessions may run the web app's own operations only (TRUSTED_DOCUMENTS_ONLY). */
  trustedDocumentsOnly?: boolean;
  /** Change events: the per-user response cache is dropped on each change. Without them, no cache. */
  events?: ChangeEvents;
  /** Builds the per-request context (the viewer from the session). */
  context(req: Request): Promise<RequestContext> | RequestContext;
  logError(error: unknown): void;
}

/** Limits that refuse abusive documents before any resolver (or database) runs. */
export const QUERY_LIMITS = { maxDepth: 12, maxAliases: 15, maxCost: 20_000, maxTokens: 2000, maxDirectives: 20 };

export function createGraphQLServer(options: YogaOptions) {
  return createYoga<{ req: Request }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    batching: false,
    // GraphiQL, self-contained (no CDN), for exploring one's own data while signed in.
    graphiql: { title: 'Budget API', credentials: 'same-origin', headers: JSON.stringify({ 'x-graphql-yoga-csrf': '1' }) },
    // Its page is a large bundle, kept in memory once loaded (as a module's source and again as the
    // string it exports): loaded on the first visit, not at every start (docs/performance.md#memory).
    renderGraphiQL: async (graphiql) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiql),
    context: ({ req }) => options.context(req),
    cors: false,
    logging: false,
    plugins: [
      // Every request needs a header that a cross-site form or a simple GET cannot send (CSRF), unless it has an API token.
      csrfPreventionUnlessToken(),
      // The web app sends ids: the document they stand for is known from here on.
      ...trustedDocuments({ only: options.trustedDocumentsOnly ?? false }),
      requestLimits(),
      requireSignIn(),
      readOnlyTokens(),
      budgetRoles(),
      // The cost and the lists' caps need the variables: checked before the cache answers or anything runs.
      operationLimits({ maxCost: QUERY_LIMITS.maxCost }),
      ...(options.events ? [changeMarks(options.events), userResponseCache(options.events)] : []),
      EnvelopArmorPlugin({
        // Depth of the data asked for: how a client splits it into fragments does not count.
        maxDepth: { n: QUERY_LIMITS.maxDepth, flattenFragments: true },
        maxAliases: { n: QUERY_LIMITS.maxAliases },
        // Its cost rule sees the document alone (a list or a `first` in variables costs nothing to it): operationLimits counts instead.
        costLimit: { enabled: false },
        maxTokens: { n: QUERY_LIMITS.maxTokens },
        maxDirectives: { n: QUERY_LIMITS.maxDirectives },
        blockFieldSuggestion: { enabled: options.production },
      }),
      completeListsInSlices(),
    ],
    maskedErrors: {
      isDev: !options.production,
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        const domain =
          original instanceof DomainError
            ? original
            : original instanceof PothosValidationError // a malformed or wrong-type global id
              ? new ValidationError([{ path: [], message: original.message }])
              : fromDatabaseError(original);
        if (domain) return toGraphQLError(domain, error);
        if (!(original instanceof GraphQLError) && original) options.logError(original);
        return defaultMaskError(error, message, isDev);
      },
    },
  });
}

/** A domain error as the client sees it: its message, `extensions.code`, and the field issues. */
function toGraphQLError(err: DomainError, error: unknown) {
  const path = error instanceof GraphQLError ? error.path : undefined;
  return new GraphQLError(err.message, {
    path,
    extensions: {
      code: err.code,
      ...(err instanceof ValidationError || err instanceof ConfirmIdentityError ? { issues: err.issues } : {}),
      ...(err.code === 'UNAUTHENTICATED' ? { http: { status: 401 } } : {}),
      ...(err.code === 'FORBIDDEN' ? { http: { status: 403 } } : {}),
      ...(err instanceof ServiceUnavailableError ? { http: { status: 503, headers: { 'Retry-After': String(err.retryAfter) } } } : {}),
      ...(err instanceof BusyError ? { http: { status: 429, headers: { 'Retry-After': String(err.retryAfter) } } } : {}),
    },
  });
}

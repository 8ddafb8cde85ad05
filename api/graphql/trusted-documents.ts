import fs from 'node:fs';
import path from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Request } from 'express';
import { projectRoot } from '../lib/project-root.ts';

/** Where relay-compiler writes every operation of the web app, id (SHA-256 of its text) → text (relay.config.js). */
export const DOCUMENTS_FILE = path.join(projectRoot, 'web', 'src', '__generated__', 'persisted-documents.json');

/** The code and message of an id the server does not know: a page of an older version of the app. */
export const UNKNOWN_DOCUMENT = {
  code: 'PERSISTED_QUERY_NOT_FOUND',
  message: 'This page is out of date: the app has been updated. Reload the page.',
};
/** With TRUSTED_DOCUMENTS_ONLY, a signed-in browser sending a document of its own. */
export const DOCUMENTS_ONLY = {
  code: 'PERSISTED_QUERY_ONLY',
  message: "A signed-in browser may run only the app's own operations here: use an API token for other queries.",
};

/** The web app's operations by id; none when the compiler has not run (`npm install` runs it). */
export function readTrustedDocuments(): ReadonlyMap<string, string> {
  if (!fs.existsSync(DOCUMENTS_FILE)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(DOCUMENTS_FILE, 'utf8')) as Record<string, string>));
}

/** The name an operation's text declares: `query DashboardPageQuery(…) {…}` → DashboardPageQuery. */
export const operationNameOf = (text: string) => /^(?:query|mutation|subscription) (\w+)/.exec(text)?.[1];

/** The id the web app sends for its operation `name` (the tests and the benchmark send what it sends). */
export function trustedDocumentId(name: string, documents = readTrustedDocuments()) {
  const found = [...documents].find(([, text]) => operationNameOf(text) === name);
  if (!found) throw new Error(`no operation ${name} among the web app's operations (npm run relay)`);
  return found[0];
}

/**
 * Trusted documents (docs/architecture.md#trusted-documents): the web app sends an operation's id
 * (`extensions.persistedQuery.sha256Hash`) and the server runs the text it holds for it, parsed
 * and validated once. Other clients send documents as ever; with `only` (TRUSTED_DOCUMENTS_ONLY),
 * a request signed in by a browser session runs the app's operations alone: API-token requests
 * (scripts, GraphiQL with a token in its headers) run documents of their own, and a signed-out
 * one is answered as ever (introspection, or 401).
 */
export function trustedDocuments(options: { only: boolean }): Plugin[] {
  const documents = readTrustedDocuments();
  const refuse = (error: { code: string; message: string }, status: number) => ({
    message: error.message,
    extensions: { code: error.code, http: { status } },
  });
  const sessionsRunIdsOnly: Plugin = {
    // Before the ids are resolved: a text here is one the client sent.
    onParams({ params, context }) {
      const req = (context as { req?: Request }).req;
      if (params.query && req?.user && !req.apiToken) throw createGraphQLError(DOCUMENTS_ONLY.message, refuse(DOCUMENTS_ONLY, 403));
    },
  };
  return [
    ...(options.only ? [sessionsRunIdsOnly] : []),
    usePersistedOperations({
      getPersistedOperation: (id) => documents.get(id) ?? null,
      allowArbitraryOperations: true,
      customErrors: {
        notFound: refuse(UNKNOWN_DOCUMENT, 400),
        // Neither a document nor an id: what GraphQL servers answer to a request without a query.
        keyNotFound: refuse({ code: 'BAD_REQUEST', message: 'Must provide query string.' }, 400),
      },
    }),
  ];
}

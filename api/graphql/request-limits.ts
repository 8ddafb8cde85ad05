import { Kind, parse } from 'graphql';
import type { Request as ExpressRequest } from 'express';
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga';
import { jsonStream } from '../lib/json-in-slices.ts';
import { IMPORT_BODY_LIMIT_BYTES } from '../../shared/inputs/imports.ts';
import { signedInUserId } from '../rest/request-viewer.ts';

/** The largest GraphQL request body, as for REST: it also bounds how wide or long variables can be. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The mutations that carry a file (docs/product.md#import): a request of them alone may be larger. */
const FILE_MUTATIONS = new Set(['previewImport', 'commitImport']);
/** The schema's inputs nest a few levels (variables, input, list, item): far deeper is abuse. */
export const MAX_VARIABLE_DEPTH = 10;

const refuse = (message: string, status: number, code = 'BAD_USER_INPUT') =>
  createGraphQLError(message, { extensions: { code, http: { status } } });

/** True when `value` nests objects or lists more than `limit` deep; walked without recursion. */
function nestedDeeperThan(value: unknown, limit: number) {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** True when the document's operations are mutations of FILE_MUTATIONS only (the document itself is small). */
function onlyFileMutations(query: string | undefined) {
  try {
    const document = parse(query ?? '', { maxTokens: 2000 });
    return document.definitions.every(
      (d) =>
        d.kind === Kind.OPERATION_DEFINITION &&
        d.operation === 'mutation' &&
        d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && FILE_MUTATIONS.has(s.name.value)),
    );
  } catch {
    return false;
  }
}

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

/**
 * Bounds on what a request may send, checked before anything reads it further (the response
 * cache hashes the variables; the sign-in check and the documents' limits come later): a body over
 * 1 MB (16 MB for the import mutations alone) or of unstated length, and variables nested more
 * than 10 deep; a body over 1 MB of a signed-out request is not read at all (401, as
 * `require-sign-in.ts` answers). The document is known once the web app's operation ids are
 * resolved (`trusted-documents.ts`, listed before this plugin), so the size is weighed against it then.
 *
 * The answer to such a large request (an import's preview: megabytes of JSON for 100,000 rows) is
 * written in slices (api/lib/json-in-slices.ts), not by one `JSON.stringify` holding the process.
 */
export function requestLimits(): Plugin<object, { req?: ExpressRequest }> {
  const largeBodies = new WeakSet<Request>();
  return {
    onRequestParse({ request, serverContext }) {
      // Node's parser reads no more than Content-Length; a chunked body could be any size.
      const length = request.headers.get('content-length');
      if (length === null && request.headers.has('transfer-encoding'))
        throw refuse('The request body must state its length (Content-Length)', 411);
      if (Number(length) > IMPORT_BODY_LIMIT_BYTES) throw refuse('Request body too large: 1 MB at most', 413);
      if (Number(length) > MAX_BODY_BYTES) {
        // (In-process callers, the tests' `yoga.fetch`, have no Express request: their context names the viewer.)
        if (serverContext.req && !signedInUserId(serverContext.req)) throw refuse('Unauthorized', 401, 'UNAUTHENTICATED');
        largeBodies.add(request);
      }
    },
    onParams({ params, request }) {
      if (largeBodies.has(request) && !onlyFileMutations(params.query)) throw refuse('Request body too large: 1 MB at most', 413);
      if (nestedDeeperThan(params.variables, MAX_VARIABLE_DEPTH)) throw refuse('Variables are nested too deeply', 400);
    },
    onResultProcess({ request, result, resultProcessor, setResultProcessor }) {
      // Yoga's own processor writes errors (and their statuses); a successful answer is data alone.
      if (!largeBodies.has(request) || !resultProcessor || Array.isArray(result) || isAsyncIterable(result) || result.errors?.length)
        return;
      const mediaType = request.headers.get('accept')?.includes(GRAPHQL_RESPONSE) ? GRAPHQL_RESPONSE : 'application/json';
      setResultProcessor(
        (_result, fetchAPI) =>
          new fetchAPI.Response(jsonStream({ data: result.data }), {
            status: 200,
            headers: { 'Content-Type': `${mediaType}; charset=utf-8` },
          }),
        mediaType,
      );
    },
  };
}

import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { READ_ONLY_TOKEN, bearerToken } from '../auth/bearer.ts';
import type { RequestContext } from './context.ts';

function isMutation(document: DocumentNode, operationName?: string | null) {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  return operation?.operation === 'mutation';
}

/**
 * A `read` API token may query and subscribe, never mutate: a mutation answers 403 FORBIDDEN
 * before anything runs (docs/security.md#api-tokens).
 */
export function readOnlyTokens(): Plugin<RequestContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const credential = (args.contextValue as RequestContext).viewer?.credential;
      if (credential?.kind === 'token' && !credential.canWrite && isMutation(args.document, args.operationName)) {
        setResultAndStopExecution({
          errors: [new GraphQLError(READ_ONLY_TOKEN, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } })],
        });
      }
    },
  };
}

/**
 * The CSRF header is required of every request except those with an API token: a token is no
 * cookie, so a page on another site cannot make the browser send it.
 */
export function csrfPreventionUnlessToken(): Plugin {
  const csrf = useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] });
  const check = csrf.onRequestParse!;
  return {
    onRequestParse(payload) {
      if (bearerToken(payload.request.headers.get('authorization')) !== undefined) return;
      return check(payload);
    },
  };
}

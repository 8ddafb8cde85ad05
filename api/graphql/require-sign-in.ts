import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './context.ts';

function onlyIntrospection(document: DocumentNode, operationName?: string | null) {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  return Boolean(operation?.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__')));
}

const unauthorized = () => ({
  errors: [new GraphQLError('Unauthorized', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } })],
});

/**
 * Every operation except pure introspection needs a signed-in user: without one it answers 401
 * UNAUTHENTICATED before anything else runs (argument checks included), so a signed-out client
 * learns nothing and always gets the answer that sends it to sign in.
 */
export function requireSignIn(): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!(args.contextValue as GraphQLContext).viewer && !onlyIntrospection(args.document, args.operationName)) {
        setResultAndStopExecution(unauthorized());
      }
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (!(args.contextValue as GraphQLContext).viewer && !onlyIntrospection(args.document, args.operationName)) {
        setResultAndStopExecution(unauthorized());
      }
    },
  };
}

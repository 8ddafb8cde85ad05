import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isSignedIn, type RequestContext } from './context.ts';
import { BUDGET_NOT_FOUND } from '../lib/errors.ts';

function onlyIntrospection(document: DocumentNode, operationName?: string | null) {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  return Boolean(operation?.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__')));
}

const unauthorized = () => ({
  errors: [new GraphQLError('Unauthorized', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } })],
});

const budgetNotFound = () => ({ errors: [new GraphQLError(BUDGET_NOT_FOUND, { extensions: { code: 'NOT_FOUND' } })] });

/**
 * Every operation except pure introspection needs a signed-in user: without one it answers 401
 * UNAUTHENTICATED before anything else runs (argument checks included), so a signed-out client
 * learns nothing and always gets the answer that sends it to sign in.
 *
 * This is what lets every resolver take `ctx.viewer` as given (`GraphQLContext`, the builder's
 * context type): no resolver of the schema runs for a request without a viewer.
 */
export function requireSignIn(): Plugin<RequestContext> {
  const refuse = (context: unknown, document: DocumentNode, operationName?: string | null) =>
    !isSignedIn(context as RequestContext) && !onlyIntrospection(document, operationName);
  // A signed-in user asking for a budget they are not in (X-Budget-Id) gets what a missing budget gets.
  const answer = (context: unknown) => ((context as RequestContext).budgetMissing ? budgetNotFound() : unauthorized());
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (refuse(args.contextValue, args.document, args.operationName)) setResultAndStopExecution(answer(args.contextValue));
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (refuse(args.contextValue, args.document, args.operationName)) setResultAndStopExecution(answer(args.contextValue));
    },
  };
}

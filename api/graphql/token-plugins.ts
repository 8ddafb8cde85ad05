import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { READ_ONLY_TOKEN, bearerToken } from '../auth/bearer.ts';
import type { RequestContext } from './context.ts';
import { BUDGET_NOT_FOUND } from '../lib/errors.ts';
import { READ_ONLY_BUDGET, roleIn } from '../lib/viewer.ts';

function operationOf(document: DocumentNode, operationName?: string | null) {
  return document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
}

function isMutation(document: DocumentNode, operationName?: string | null) {
  return operationOf(document, operationName)?.operation === 'mutation';
}

/**
 * A person's own mutations (Settings, notifications, budgets and invitations, which check roles
 * themselves): a budget's viewer may run them. Every other mutation writes the budget's data.
 */
const PERSONAL_MUTATIONS = new Set([
  'changePassword',
  'confirmTwoFactorSetup',
  'createApiToken',
  'deleteMyAccount',
  'disableTwoFactor',
  'markNotificationsRead',
  'revokeApiToken',
  'signOutSession',
  'signOutOtherSessions',
  'startTwoFactorSetup',
  'updateProfile',
  'updateReminderSettings',
  'createBudget',
  'renameBudget',
  'deleteBudget',
  'createBudgetInvitation',
  'revokeBudgetInvitation',
  'acceptBudgetInvitation',
  'changeBudgetMemberRole',
  'removeBudgetMember',
]);

/** Whether a mutation writes the budget's data: a root field that is not a person's own (a fragment counts as one). */
function writesBudgetData(document: DocumentNode, operationName?: string | null) {
  const operation = operationOf(document, operationName);
  if (operation?.operation !== 'mutation') return false;
  return operation.selectionSet.selections.some(
    (s) => s.kind !== Kind.FIELD || (!s.name.value.startsWith('__') && !PERSONAL_MUTATIONS.has(s.name.value)),
  );
}

const forbidden = (message: string) => ({
  errors: [new GraphQLError(message, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } })],
});

/**
 * Roles (docs/security.md#budgets-and-roles): a viewer of the request's budget may not run a
 * mutation that writes its data (403 FORBIDDEN before anything runs); and a data mutation that
 * finished after the user's removal from the budget (or downgrade to viewer) is not acknowledged:
 * the membership is read again once it is done, and its answer replaced by the refusal.
 */
export function budgetRoles(): Plugin<RequestContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const viewer = (args.contextValue as RequestContext).viewer;
      if (!viewer || !writesBudgetData(args.document, args.operationName)) return;
      if (viewer.role === 'viewer') return setResultAndStopExecution(forbidden(READ_ONLY_BUDGET));
      return {
        async onExecuteDone({ setResult }) {
          const role = await roleIn(viewer.prisma, viewer.budgetId, viewer.id);
          if (!role) setResult({ errors: [new GraphQLError(BUDGET_NOT_FOUND, { extensions: { code: 'NOT_FOUND' } })] });
          else if (role === 'viewer') setResult(forbidden(READ_ONLY_BUDGET));
        },
      };
    },
  };
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

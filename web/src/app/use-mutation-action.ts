import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters, SelectorStoreUpdater } from 'relay-runtime';
import { useToast } from './toasts.tsx';
import { graphqlErrors, type GraphQLErrors } from '../relay/graphql-errors.ts';
import { useUnauthorizedHandler } from './unauthorized.ts';

export interface ActionOptions<R> {
  /** The success toast (docs/product.md#messages-and-errors). */
  success?: string;
  /** The failure message of the action, shown as a destructive toast titled "Error". */
  failure: string;
  /** Field errors from the server (`extensions.issues`), keyed by the first path element. */
  onFieldErrors?(errors: Record<string, string>): void;
  onDone?(response: R): void;
  /** It did not go through (refused, failed, or signed out): a flow that moved on when it was sent moves back. */
  onFailed?(): void;
  /** Changes the store beyond what the payload updates, once it is in (a record placed in its sorted lists: relay/list-order.ts). */
  updater?: SelectorStoreUpdater<R>;
}

/** The server's errors whose message is meant for the user (a domain error's, never an unexpected one's). */
const TOLD = new Set(['BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE', 'BAD_GATEWAY']);

/**
 * Why the server refused, for the line under the failure toast: what it said that is not shown
 * beside a field already (`besideFields`: the form shows the issues that name one).
 */
function reasonOf(errors: GraphQLErrors, besideFields: boolean): string | undefined {
  const reasons = errors.flatMap(({ message, extensions }) => {
    if (!TOLD.has(extensions?.code ?? '')) return [];
    const issues = extensions?.issues ?? [];
    if (!issues.length) return [message];
    return issues.filter((i) => !besideFields || i.path.length === 0).map((i) => i.message);
  });
  return reasons.length ? [...new Set(reasons)].join(' ') : undefined;
}

/**
 * Commits a Relay mutation the way every screen does: one flight at a time (`inFlight` disables
 * submit), field errors beside the fields, the catalogue toasts (a failure's with the server's
 * reason under it), and the unauthorized redirect.
 */
export function useMutationAction<M extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const toast = useToast();
  const unauthorized = useUnauthorizedHandler();
  const run = useCallback(
    (variables: M['variables'], options: ActionOptions<M['response']>) => {
      const fail = (error: unknown) => {
        options.onFailed?.();
        if (unauthorized(error)) return;
        const errors = graphqlErrors(error);
        const issues = errors.flatMap((e) => e.extensions?.issues ?? []);
        if (issues.length && options.onFieldErrors) {
          options.onFieldErrors(Object.fromEntries(issues.map((i) => [i.path.join('.') || 'form', i.message])));
          // A refusal that asks for more (the current password) is no failure: the form asks for it.
          if (errors.every((e) => e.extensions?.code === 'FORBIDDEN' && e.extensions.issues?.length)) return;
        }
        const reason = reasonOf(errors, options.onFieldErrors !== undefined);
        toast({ title: 'Error', description: options.failure, detail: reason, variant: 'destructive' });
      };
      commit({
        variables,
        updater: options.updater,
        onCompleted: (response, errors) => {
          if (errors?.length) return fail({ source: { errors } });
          if (options.success) toast({ title: options.success });
          options.onDone?.(response);
        },
        onError: fail,
      });
    },
    [commit, toast, unauthorized],
  );
  return [run, inFlight] as const;
}

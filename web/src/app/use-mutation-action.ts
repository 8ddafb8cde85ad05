import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { useToast } from './toasts.tsx';
import { useUnauthorizedHandler } from './unauthorized.ts';

type Issues = { path: string[]; message: string }[];

export interface ActionOptions<R> {
  /** The success toast (docs/product.md#messages-and-errors). */
  success?: string;
  /** The failure message of the action, shown as a destructive toast titled "Error". */
  failure: string;
  /** Field errors from the server (`extensions.issues`), keyed by the first path element. */
  onFieldErrors?(errors: Record<string, string>): void;
  onDone?(response: R): void;
}

function graphqlErrors(error: unknown): { message: string; extensions?: { code?: string; issues?: Issues } }[] {
  const source = (error as { source?: { errors?: unknown } })?.source?.errors;
  return Array.isArray(source) ? source : [];
}

/**
 * Commits a Relay mutation the way every screen does: one flight at a time (`inFlight` disables
 * submit), field errors beside the fields, the catalogue toasts, and the unauthorized redirect.
 */
export function useMutationAction<M extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const toast = useToast();
  const unauthorized = useUnauthorizedHandler();
  const run = useCallback(
    (variables: M['variables'], options: ActionOptions<M['response']>) => {
      const fail = (error: unknown) => {
        if (unauthorized(error)) return;
        const errors = graphqlErrors(error);
        const issues = errors.flatMap((e) => e.extensions?.issues ?? []);
        if (issues.length && options.onFieldErrors) {
          options.onFieldErrors(Object.fromEntries(issues.map((i) => [i.path.join('.') || 'form', i.message])));
          // A refusal that asks for more (the current password) is no failure: the form asks for it.
          if (errors.every((e) => e.extensions?.code === 'FORBIDDEN' && e.extensions.issues?.length)) return;
        }
        toast({ title: 'Error', description: options.failure, variant: 'destructive' });
      };
      commit({
        variables,
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

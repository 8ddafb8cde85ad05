import { graphql } from 'react-relay';
import type { useSaveTransactionAddMutation } from '../../__generated__/useSaveTransactionAddMutation.graphql.ts';
import type { useSaveTransactionUpdateMutation } from '../../__generated__/useSaveTransactionUpdateMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { inFilter, type ShownList } from './transaction-filter.ts';

export type TransactionValues = { amount: string; description: string; date: string; categoryId: string | null; accountId: string | null };

/**
 * Saves Add or Edit Transaction (`saved`: the record being edited, as it was). The list on screen
 * (none on an account's screen, which reloads its running balances) follows in place: a new row
 * joins it when it matches the filter, an edited one leaves it when it no longer does, and the
 * count is reselected. The payloads bring back the balances of the accounts a change moved.
 */
export function useSaveTransaction(list: ShownList | null, saved: ({ id: string } & TransactionValues) | null) {
  const [add, adding] = useMutationAction<useSaveTransactionAddMutation>(graphql`
    mutation useSaveTransactionAddMutation($input: AddTransactionInput!, $connections: [ID!]!, $filter: TransactionFilter) {
      addTransaction(input: $input) {
        transaction @prependNode(connections: $connections, edgeTypeName: "UserTransactionsConnectionEdge") {
          ...TransactionRow_transaction
          ...TransactionDialog_transaction
        }
        viewer {
          transactionSummary(filter: $filter) {
            count
            total
          }
          netWorth
          allAccounts {
            balance
          }
        }
      }
    }
  `);
  const [update, updating] = useMutationAction<useSaveTransactionUpdateMutation>(graphql`
    mutation useSaveTransactionUpdateMutation($input: UpdateTransactionInput!, $leaving: [ID!]!, $filter: TransactionFilter) {
      updateTransaction(input: $input) {
        transaction {
          id @deleteEdge(connections: $leaving)
          ...TransactionRow_transaction
          ...TransactionDialog_transaction
        }
        viewer {
          transactionSummary(filter: $filter) {
            count
            total
          }
          netWorth
          allAccounts {
            balance
          }
        }
      }
    }
  `);
  const save = (values: TransactionValues, after: { onFieldErrors(errors: Record<string, string>): void; onDone(): void }) => {
    const matches = inFilter(list?.filter ?? null, values);
    if (!saved) {
      add(
        { input: values, connections: matches && list ? [list.connectionId] : [], filter: list?.filter ?? null },
        { success: SUCCESS.transactionAdded, failure: FAILURE.addTransaction, ...after },
      );
      return;
    }
    // Only the fields changed here, so that another tab's change to another field stands.
    const changed = Object.entries(values).filter(([field, value]) => value !== saved[field as keyof TransactionValues]);
    update(
      {
        input: { id: saved.id, ...Object.fromEntries(changed) },
        leaving: matches || !list ? [] : [list.connectionId],
        filter: list?.filter ?? null,
      },
      { success: SUCCESS.transactionUpdated, failure: FAILURE.updateTransaction, ...after },
    );
  };
  return [save, adding || updating] as const;
}

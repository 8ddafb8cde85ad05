import { graphql } from 'react-relay';
import type { useSaveTransactionAddMutation } from '../../__generated__/useSaveTransactionAddMutation.graphql.ts';
import type { useSaveTransactionUpdateMutation } from '../../__generated__/useSaveTransactionUpdateMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import type { RecordSourceProxy } from 'relay-runtime';
import { placeInList } from '../../relay/list-order.ts';
import { inFilter, TRANSACTION_ORDER, type ShownList } from './transaction-filter.ts';

/** A split line as the mutations take it (docs/product.md#refunds-and-splits). */
export type SplitLineValues = { categoryId: string | null; amount: string; notes: string | null };

export type TransactionValues = {
  amount: string;
  description: string;
  date: string;
  categoryId: string | null;
  accountId: string | null;
  kind: 'EXPENSE' | 'REFUND';
  /** Empty: not split. */
  splits: SplitLineValues[];
};

/**
 * Saves Add or Edit Transaction (`saved`: the record being edited, as it was). The list on screen
 * (none on an account's screen, which reloads its running balances) follows in place: a new row
 * joins it at its place by date when it matches the filter, an edited one moves to its new date's
 * place or leaves it when it no longer matches, and the count is reselected. The payloads bring back the balances of the accounts a change moved.
 */
export function useSaveTransaction(list: ShownList | null, saved: ({ id: string } & TransactionValues) | null) {
  const [add, adding] = useMutationAction<useSaveTransactionAddMutation>(graphql`
    mutation useSaveTransactionAddMutation($input: AddTransactionInput!, $filter: TransactionFilter) {
      addTransaction(input: $input) {
        transaction {
          id
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
    // A row that matches the list takes its place in it by date (a back-dated one below the newer ones).
    const place = (store: RecordSourceProxy, id: string | undefined) =>
      matches && list && id && placeInList(store, store.get(list.connectionId), id, TRANSACTION_ORDER, 'UserTransactionsConnectionEdge');
    if (!saved) {
      add(
        { input: values, filter: list?.filter ?? null },
        {
          success: SUCCESS.transactionAdded,
          failure: FAILURE.addTransaction,
          updater: (store, data) => place(store, data?.addTransaction.transaction.id),
          ...after,
        },
      );
      return;
    }
    // Only the fields changed here, so that another tab's change to another field stands (lines compared as a whole).
    const changed = Object.entries(values).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(saved[field as keyof TransactionValues]),
    );
    update(
      {
        input: { id: saved.id, ...Object.fromEntries(changed) },
        leaving: matches || !list ? [] : [list.connectionId],
        filter: list?.filter ?? null,
      },
      {
        success: SUCCESS.transactionUpdated,
        failure: FAILURE.updateTransaction,
        updater: (store, data) => place(store, data?.updateTransaction.transaction.id),
        ...after,
      },
    );
  };
  return [save, adding || updating] as const;
}

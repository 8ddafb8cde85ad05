/* eslint-disable relay/unused-fields -- transactionSave_viewer is a payload's reselection: the list's header reads the summary from the store */
import { graphql } from 'react-relay';
import type { RecordSourceProxy } from 'relay-runtime';
import type { transactionSaveAddMutation } from '../../__generated__/transactionSaveAddMutation.graphql.ts';
import type { transactionSaveUpdateMutation } from '../../__generated__/transactionSaveUpdateMutation.graphql.ts';
import type { FormSend } from '../../app/use-form-mutation.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { placeInList } from '../../relay/list-order.ts';
import { inFilter, TRANSACTION_ORDER, type ShownList } from './transaction-filter.ts';
import '../accounts/account-balances.ts';

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
  /** The payee's name; null: none (docs/product.md#payees). */
  payee: string | null;
};

/** What either save reselects on the payload's `viewer`: the list's count and total under its filter, and the balances. */
export const transactionTotals = graphql`
  fragment transactionSave_viewer on User @argumentDefinitions(filter: { type: "TransactionFilter" }) {
    transactionSummary(filter: $filter) {
      count
      total
    }
    ...accountBalances_viewer
  }
`;

const ADD = graphql`
  mutation transactionSaveAddMutation($input: AddTransactionInput!, $filter: TransactionFilter) {
    addTransaction(input: $input) {
      transaction {
        id
        ...TransactionRow_transaction
        ...TransactionDialog_transaction
      }
      viewer {
        ...transactionSave_viewer @arguments(filter: $filter)
      }
    }
  }
`;
const UPDATE = graphql`
  mutation transactionSaveUpdateMutation($input: UpdateTransactionInput!, $leaving: [ID!]!, $filter: TransactionFilter) {
    updateTransaction(input: $input) {
      transaction {
        id @deleteEdge(connections: $leaving)
        ...TransactionRow_transaction
        ...TransactionDialog_transaction
      }
      viewer {
        ...transactionSave_viewer @arguments(filter: $filter)
      }
    }
  }
`;

/**
 * How Add or Edit Transaction saves (`saved`: the record being edited, as it was), for
 * useFormMutation. The list on screen (none on an account's screen, which reloads its running
 * balances) follows in place: a new row joins it at its place by date when it matches the filter,
 * an edited one moves to its new date's place or leaves it when it no longer matches, and the
 * count is reselected. The payloads bring back the balances of the accounts a change moved.
 */
export function transactionSave(list: ShownList | null, saved: ({ id: string } & TransactionValues) | null) {
  const send = (values: TransactionValues): FormSend<transactionSaveAddMutation | transactionSaveUpdateMutation> => {
    const matches = inFilter(list?.filter ?? null, values);
    // A row that matches the list takes its place in it by date (a back-dated one below the newer ones).
    const place = (store: RecordSourceProxy, id: string | undefined) =>
      matches && list && id && placeInList(store, store.get(list.connectionId), id, TRANSACTION_ORDER, 'UserTransactionsConnectionEdge');
    const updater: FormSend<transactionSaveAddMutation | transactionSaveUpdateMutation>['updater'] = (store, data) =>
      place(store, data ? ('addTransaction' in data ? data.addTransaction : data.updateTransaction).transaction.id : undefined);
    if (!saved)
      return {
        variables: { input: values, filter: list?.filter ?? null },
        success: SUCCESS.transactionAdded,
        failure: FAILURE.addTransaction,
        updater,
      };
    // Only the fields changed here, so that another tab's change to another field stands (lines compared as a whole).
    const changed = Object.entries(values).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(saved[field as keyof TransactionValues]),
    );
    return {
      variables: {
        input: { id: saved.id, ...Object.fromEntries(changed) },
        leaving: matches || !list ? [] : [list.connectionId],
        filter: list?.filter ?? null,
      },
      success: SUCCESS.transactionUpdated,
      failure: FAILURE.updateTransaction,
      updater,
    };
  };
  return { mutation: saved ? UPDATE : ADD, send };
}

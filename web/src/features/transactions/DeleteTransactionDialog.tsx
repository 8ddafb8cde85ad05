import { graphql } from 'react-relay';
import type { DeleteTransactionDialogMutation } from '../../__generated__/DeleteTransactionDialogMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import type { ShownList } from './transaction-filter.ts';

/**
 * "Delete transaction?": the row leaves the list on screen, and its count follows. The record
 * itself stays in the store (a deleted record would leave a hole in lists such as the Dashboard's
 * recent transactions) until those lists load again.
 */
export function DeleteTransactionDialog({
  transaction,
  list,
  onClose,
}: {
  transaction: { id: string; description: string };
  list: ShownList;
  onClose(): void;
}) {
  const [remove, removing] = useMutationAction<DeleteTransactionDialogMutation>(graphql`
    mutation DeleteTransactionDialogMutation($id: ID!, $connections: [ID!]!, $filter: TransactionFilter) {
      deleteTransaction(id: $id) {
        deletedId @deleteEdge(connections: $connections)
        viewer {
          transactionSummary(filter: $filter) {
            count
            total
          }
        }
      }
    }
  `);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete transaction?"
      description={`"${transaction.description}" will be removed.`}
      busy={removing}
      onConfirm={() =>
        remove(
          { id: transaction.id, connections: [list.connectionId], filter: list.filter },
          { success: SUCCESS.transactionDeleted, failure: FAILURE.deleteTransaction, onDone: onClose },
        )
      }
    />
  );
}

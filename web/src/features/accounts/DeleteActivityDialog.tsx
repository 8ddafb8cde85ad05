import { graphql } from 'react-relay';
import type { DeleteActivityDialogPaycheckMutation } from '../../__generated__/DeleteActivityDialogPaycheckMutation.graphql.ts';
import type { DeleteActivityDialogTransactionMutation } from '../../__generated__/DeleteActivityDialogTransactionMutation.graphql.ts';
import type { DeleteActivityDialogTransferMutation } from '../../__generated__/DeleteActivityDialogTransferMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

const RECORD_TYPES = ['Transaction', 'Paycheck', 'Transfer'] as const;
type Record = { type: (typeof RECORD_TYPES)[number]; id: string };

/** The record behind an activity row, as this dialog takes it; null for a type it does not know. */
export function activityRecord(record: { __typename: string; id?: string }): Record | null {
  const type = RECORD_TYPES.find((t) => t === record.__typename);
  return type && record.id ? { type, id: record.id } : null;
}

/**
 * "Delete …?" for a row of an account's activity: its transaction, paycheck or transfer goes, and
 * the money with it (docs/product.md#account-ledgers). The account's screen reloads after
 * (`onDeleted`), which brings every running balance up to date.
 */
export function DeleteActivityDialog({ record, onClose, onDeleted }: { record: Record; onClose(): void; onDeleted(): void }) {
  const [deleteTransaction, a] = useMutationAction<DeleteActivityDialogTransactionMutation>(graphql`
    mutation DeleteActivityDialogTransactionMutation($id: ID!) {
      deleteTransaction(id: $id) {
        deletedId
      }
    }
  `);
  const [deletePaycheck, b] = useMutationAction<DeleteActivityDialogPaycheckMutation>(graphql`
    mutation DeleteActivityDialogPaycheckMutation($id: ID!) {
      deletePaycheck(id: $id) {
        deletedId
      }
    }
  `);
  const [deleteTransfer, c] = useMutationAction<DeleteActivityDialogTransferMutation>(graphql`
    mutation DeleteActivityDialogTransferMutation($id: ID!) {
      deleteTransfer(id: $id) {
        deletedId
      }
    }
  `);
  const done = {
    onDone: () => {
      onClose();
      onDeleted();
    },
  };
  const remove = {
    Transaction: () =>
      deleteTransaction({ id: record.id }, { success: SUCCESS.transactionDeleted, failure: FAILURE.deleteTransaction, ...done }),
    Paycheck: () => deletePaycheck({ id: record.id }, { success: SUCCESS.paycheckDeleted, failure: FAILURE.deletePaycheck, ...done }),
    Transfer: () => deleteTransfer({ id: record.id }, { success: SUCCESS.transferDeleted, failure: FAILURE.deleteTransfer, ...done }),
  }[record.type];
  const text = {
    Transaction: ['Delete transaction?', 'This expense will be removed and its amount goes back to the account.'],
    Paycheck: ['Delete paycheck?', 'This paycheck will be removed from your income and from the account.'],
    Transfer: ['Delete transfer?', 'The money goes back to the account it left.'],
  }[record.type];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={text[0]!}
      description={text[1]!}
      busy={a || b || c}
      onConfirm={remove}
    />
  );
}

import { useState } from 'react';
import { graphql } from 'react-relay';
import { Trash2 } from 'lucide-react';
import type { DeleteBillButtonMutation } from '../../__generated__/DeleteBillButtonMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { placeBill } from './bill-lists.ts';

/** Delete, after a confirmation: the bill leaves its list; the counts and the upcoming card follow. */
export function DeleteBillButton({ id, name }: { id: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutationAction<DeleteBillButtonMutation>(graphql`
    mutation DeleteBillButtonMutation($id: ID!) {
      deleteRecurringBill(id: $id) {
        deletedId
        viewer {
          ...UpcomingBills_viewer
          ...BillTabs_counts
        }
      }
    }
  `);
  return (
    <>
      <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${name}`} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete bill?"
          description={`"${name}" and its payment history will be removed.`}
          busy={removing}
          onConfirm={() =>
            remove(
              { id },
              {
                success: SUCCESS.billDeleted,
                failure: FAILURE.deleteBill,
                updater: (store) => placeBill(store, id, true),
                onDone: () => setConfirming(false),
              },
            )
          }
        />
      )}
    </>
  );
}

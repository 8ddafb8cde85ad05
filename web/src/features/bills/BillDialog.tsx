import { graphql, useFragment } from 'react-relay';
import { Plus } from 'lucide-react';
import type { BillDialogAddMutation } from '../../__generated__/BillDialogAddMutation.graphql.ts';
import type { BillDialog_bill$data, BillDialog_bill$key } from '../../__generated__/BillDialog_bill.graphql.ts';
import type { BillDialog_viewer$key } from '../../__generated__/BillDialog_viewer.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useCategoryOptions } from '../budget/useCategoryOptions.ts';
import { Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { orNull, serverErrorsOf, useFormDialog } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { BillFields } from './BillFields.tsx';
import { billForm, emptyBill, type BillValues } from './bill-form.ts';
import type { Frequency } from './bill-labels.ts';
import { placeBill } from './bill-lists.ts';
import { useUpdateBill } from './use-update-bill.ts';

function valuesOf(bill: BillDialog_bill$data): BillValues {
  return {
    name: bill.name,
    amount: bill.amount,
    frequency: bill.frequency as Frequency,
    dueDay: bill.dueDay,
    nextDueDate: bill.nextDueDate,
    categoryId: bill.category?.id ?? '',
    notes: bill.notes ?? '',
    isActive: bill.isActive,
    autoPost: bill.autoPost,
  };
}

/**
 * Add Bill (the header's button; the new bill takes its place in its list) or, given `bill`, Edit
 * Bill (a row's, mounted while open).
 */
export function BillDialog({
  viewer,
  bill,
  open,
  onOpenChange,
}: {
  viewer: BillDialog_viewer$key;
  bill?: BillDialog_bill$key;
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  const categories = useCategoryOptions(
    useFragment(
      graphql`
        fragment BillDialog_viewer on User {
          ...useCategoryOptions_viewer
        }
      `,
      viewer,
    ),
  );
  const record = useFragment(
    graphql`
      fragment BillDialog_bill on RecurringBill {
        id
        name
        amount
        frequency
        dueDay
        nextDueDate
        isActive
        autoPost
        notes
        category {
          id
        }
      }
    `,
    bill ?? null,
  );
  const dialog = useFormDialog(billForm, emptyBill(), { values: record ? valuesOf(record) : undefined, open, onOpenChange });
  const { form } = dialog;
  const [add, adding] = useMutationAction<BillDialogAddMutation>(graphql`
    mutation BillDialogAddMutation($input: AddRecurringBillInput!) {
      addRecurringBill(input: $input) {
        recurringBill {
          id
          ...BillRow_bill
        }
        viewer {
          ...UpcomingBills_viewer
          ...BillTabs_counts
        }
      }
    }
  `);
  const [update, updating] = useUpdateBill();
  const submit = form.handleSubmit((values) => {
    const input = { ...values, categoryId: orNull(values.categoryId) };
    const done = { onFieldErrors: serverErrorsOf(form), onDone: () => dialog.setOpen(false) };
    if (record) update({ input: { ...input, id: record.id } }, { ...done, success: SUCCESS.billUpdated, failure: FAILURE.updateBill });
    else
      add(
        { input },
        {
          ...done,
          success: SUCCESS.billAdded,
          failure: FAILURE.addBill,
          updater: (store, data) => placeBill(store, data?.addRecurringBill.recurringBill.id),
        },
      );
  });
  return (
    <FormDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title={record ? 'Edit Bill' : 'Add Bill'}
      description={record ? undefined : 'A bill that repeats, like rent, utilities or subscriptions.'}
      trigger={
        !record && (
          <Button type="button">
            <Plus aria-hidden /> Add Bill
          </Button>
        )
      }
      onSubmit={submit}
      submitLabel={record ? 'Save' : 'Add Bill'}
      savingLabel={record ? 'Saving…' : 'Adding…'}
      saving={adding || updating}
    >
      <BillFields form={form} categories={categories} />
    </FormDialog>
  );
}

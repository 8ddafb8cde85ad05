import { graphql, useFragment } from 'react-relay';
import type { BillDialogAddMutation } from '../../__generated__/BillDialogAddMutation.graphql.ts';
import type { useUpdateBillMutation } from '../../__generated__/useUpdateBillMutation.graphql.ts';
import type { BillDialog_bill$data, BillDialog_bill$key } from '../../__generated__/BillDialog_bill.graphql.ts';
import type { BillDialog_viewer$key } from '../../__generated__/BillDialog_viewer.graphql.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { useCategoryOptions } from '../budget/use-category-options.ts';
import { AddButton } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { orNull } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { BillFields } from './BillFields.tsx';
import { billForm, emptyBill, type BillValues } from './bill-form.ts';
import type { Frequency } from './bill-labels.ts';
import { placeBill } from './bill-lists.ts';
import { updateBill } from './use-update-bill.ts';

const ADD = graphql`
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
`;

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
        addedBy
        changedBy
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
  const dialog = useFormMutation(billForm, emptyBill(), {
    values: record ? valuesOf(record) : undefined,
    open,
    onOpenChange,
    mutation: record ? updateBill : ADD,
    send: (values): FormSend<BillDialogAddMutation | useUpdateBillMutation> => {
      const input = { ...values, categoryId: orNull(values.categoryId) };
      // The bill takes its place in its list, the one its active flag says, by its due date.
      const updater: FormSend<BillDialogAddMutation | useUpdateBillMutation>['updater'] = (store, data) =>
        placeBill(
          store,
          data ? ('addRecurringBill' in data ? data.addRecurringBill : data.updateRecurringBill).recurringBill.id : undefined,
        );
      return record
        ? { variables: { input: { ...input, id: record.id } }, success: SUCCESS.billUpdated, failure: FAILURE.updateBill, updater }
        : { variables: { input }, success: SUCCESS.billAdded, failure: FAILURE.addBill, updater };
    },
  });
  return (
    <FormDialog
      {...dialog.frame}
      authors={record && { addedBy: record.addedBy, changedBy: record.changedBy }}
      title={record ? 'Edit Bill' : 'Add Bill'}
      description={record ? undefined : 'A bill that repeats, like rent, utilities or subscriptions.'}
      trigger={!record && <AddButton>Add Bill</AddButton>}
      submitLabel={record ? 'Save' : 'Add Bill'}
      savingLabel={record ? 'Saving…' : 'Adding…'}
    >
      <BillFields form={dialog.form} categories={categories} />
    </FormDialog>
  );
}

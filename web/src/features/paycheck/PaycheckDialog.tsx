import { graphql, useFragment } from 'react-relay';
import type { PaycheckDialog_paycheck$key } from '../../__generated__/PaycheckDialog_paycheck.graphql.ts';
import type { PaycheckDialogMutation } from '../../__generated__/PaycheckDialogMutation.graphql.ts';
import { addPaycheckInput, updatePaycheckInput } from '../../../../shared/inputs/paychecks.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { orNull } from '../../lib/forms.ts';
import type { AccountOption } from '../accounts/use-account-options.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { PaycheckFields } from './PaycheckFields.tsx';
import { placePaycheck } from './paycheck-list.ts';
import './paycheck-totals.ts';

const MUTATION = graphql`
  mutation PaycheckDialogMutation($input: UpdatePaycheckInput!) {
    updatePaycheck(input: $input) {
      paycheck {
        id
        ...PaycheckRow_paycheck
      }
      viewer {
        ...paycheckTotals_viewer
      }
    }
  }
`;

/**
 * Edit Paycheck: its amount, date and notes (blank notes clear them). The screen's own form adds;
 * this edits one row of the list, which moves to its new date's place.
 */
export function PaycheckDialog({
  paycheck,
  accounts,
  open,
  onOpenChange,
  onSaved,
}: {
  paycheck: PaycheckDialog_paycheck$key;
  accounts: readonly AccountOption[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved?(): void;
}) {
  const { id, amount, date, notes, account, payee, addedBy, changedBy } = useFragment(
    graphql`
      fragment PaycheckDialog_paycheck on Paycheck {
        id
        addedBy
        changedBy
        amount
        date
        notes
        account {
          id
        }
        payee {
          name
        }
      }
    `,
    paycheck,
  );
  const values = { amount, date, notes: notes ?? '', accountId: account?.id ?? '', payee: payee?.name ?? '' };
  // The fields of the add form, checked as the edit is (the same rules and messages).
  const schema = updatePaycheckInput as unknown as typeof addPaycheckInput;
  const { form, frame } = useFormMutation(schema, values, {
    values,
    open,
    onOpenChange,
    mutation: MUTATION,
    send: (fields): FormSend<PaycheckDialogMutation> => ({
      // The form has no status: an edit leaves it as it is.
      variables: { input: { id, ...fields, status: undefined, accountId: orNull(fields.accountId), payee: orNull(fields.payee) } },
      success: SUCCESS.paycheckUpdated,
      failure: FAILURE.updatePaycheck,
      updater: (store, data) => placePaycheck(store, data?.updatePaycheck.paycheck.id),
    }),
    onSaved,
  });
  return (
    <FormDialog
      {...frame}
      authors={{ addedBy, changedBy }}
      title="Edit Paycheck"
      description="Change its amount, date, payee, account or notes."
      submitLabel="Save"
      savingLabel="Saving…"
    >
      <PaycheckFields form={form} accounts={accounts} autoFocus />
    </FormDialog>
  );
}

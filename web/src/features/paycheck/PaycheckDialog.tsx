import { graphql, useFragment } from 'react-relay';
import type { PaycheckDialog_paycheck$key } from '../../__generated__/PaycheckDialog_paycheck.graphql.ts';
import type { PaycheckDialogMutation } from '../../__generated__/PaycheckDialogMutation.graphql.ts';
import { addPaycheckInput, updatePaycheckInput } from '../../../../shared/inputs/paychecks.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { orNull, serverErrorsOf, useFormDialog } from '../../lib/forms.ts';
import type { AccountOption } from '../accounts/useAccountOptions.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { PaycheckFields } from './PaycheckFields.tsx';
import { placePaycheck } from './paycheck-list.ts';

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
  const { id, amount, date, notes, account } = useFragment(
    graphql`
      fragment PaycheckDialog_paycheck on Paycheck {
        id
        amount
        date
        notes
        account {
          id
        }
      }
    `,
    paycheck,
  );
  const values = { amount, date, notes: notes ?? '', accountId: account?.id ?? '' };
  // The fields of the add form, checked as the edit is (the same rules and messages).
  const schema = updatePaycheckInput as unknown as typeof addPaycheckInput;
  const { setOpen, form } = useFormDialog(schema, values, { values, open, onOpenChange });
  const [update, updating] = useMutationAction<PaycheckDialogMutation>(graphql`
    mutation PaycheckDialogMutation($input: UpdatePaycheckInput!) {
      updatePaycheck(input: $input) {
        paycheck {
          id
          ...PaycheckRow_paycheck
        }
        # The Budget screen's income moves with every paycheck, and so do the balances of the accounts it is in.
        viewer {
          budgetSummary {
            totalIncome
          }
          netWorth
          allAccounts {
            balance
          }
        }
      }
    }
  `);
  const submit = form.handleSubmit((fields) =>
    update(
      // The form has no status: an edit leaves it as it is.
      { input: { id, ...fields, status: undefined, accountId: orNull(fields.accountId) } },
      {
        success: SUCCESS.paycheckUpdated,
        failure: FAILURE.updatePaycheck,
        updater: (store, data) => placePaycheck(store, data?.updatePaycheck.paycheck.id),
        onFieldErrors: serverErrorsOf(form),
        onDone: () => {
          setOpen(false);
          onSaved?.();
        },
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Edit Paycheck"
      description="Change its amount, date, account or notes."
      onSubmit={submit}
      submitLabel="Save"
      savingLabel="Saving…"
      saving={updating}
    >
      <PaycheckFields form={form} accounts={accounts} autoFocus />
    </FormDialog>
  );
}

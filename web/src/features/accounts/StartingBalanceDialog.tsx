import { graphql, useFragment } from 'react-relay';
import type { StartingBalanceDialog_account$key } from '../../__generated__/StartingBalanceDialog_account.graphql.ts';
import type { StartingBalanceDialogMutation } from '../../__generated__/StartingBalanceDialogMutation.graphql.ts';
import { startingPointInput } from '../../../../shared/inputs/reconcile.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, FormRow, Input } from '../../components/Form.tsx';
import { MONEY_FIELD, serverErrorsOf, useFormDialog } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

/**
 * Moves an account's starting date (docs/product.md#reconcile): records from that day on count. With
 * a starting balance the balance follows from it; left blank, today's balance stays and the
 * starting balance on that day is worked out.
 */
export function StartingBalanceDialog({
  account,
  open,
  onOpenChange,
  onSaved,
}: {
  account: StartingBalanceDialog_account$key;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(): void;
}) {
  const a = useFragment(
    graphql`
      fragment StartingBalanceDialog_account on Account {
        id
        startingDate
      }
    `,
    account,
  );
  const dialog = useFormDialog(startingPointInput, { startingDate: a.startingDate, startingBalance: '' }, { open, onOpenChange });
  const { form } = dialog;
  const { errors } = form.formState;
  const [update, saving] = useMutationAction<StartingBalanceDialogMutation>(graphql`
    mutation StartingBalanceDialogMutation($input: UpdateAccountInput!) {
      updateAccount(input: $input) {
        account {
          balance
          startingBalance
          startingDate
        }
        viewer {
          netWorth
        }
      }
    }
  `);
  const submit = form.handleSubmit((v) =>
    update(
      { input: { id: a.id, startingDate: v.startingDate, ...(v.startingBalance ? { startingBalance: v.startingBalance } : {}) } },
      {
        success: SUCCESS.startingBalanceUpdated,
        failure: FAILURE.updateAccount,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => {
          dialog.setOpen(false);
          onSaved();
        },
      },
    ),
  );
  return (
    <FormDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title="Starting balance"
      description="Records dated from the starting date on change the balance; older ones stay in the list and don't."
      onSubmit={submit}
      submitLabel="Save"
      savingLabel="Saving…"
      saving={saving}
    >
      <FormRow>
        <Field label="Starting date" error={errors.startingDate?.message}>
          <Input type="date" {...form.register('startingDate')} autoFocus />
        </Field>
        <Field label="Balance on that day (optional)" error={errors.startingBalance?.message}>
          <Input {...form.register('startingBalance', MONEY_FIELD)} inputMode="decimal" placeholder="Keep today's balance" />
        </Field>
      </FormRow>
    </FormDialog>
  );
}

import { graphql, useFragment } from 'react-relay';
import type { StartingBalanceDialog_account$key } from '../../__generated__/StartingBalanceDialog_account.graphql.ts';
import type { StartingBalanceDialogMutation } from '../../__generated__/StartingBalanceDialogMutation.graphql.ts';
import { startingPointInput } from '../../../../shared/inputs/reconcile.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, FormRow, Input } from '../../components/Form.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

/**
 * Moves an account's starting date (docs/product.md#reconcile): records from that day on count. With
 * a starting balance the balance follows from it; left blank, today's balance stays and the
 * starting balance on that day is worked out.
 */
const MUTATION = graphql`
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
`;

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
  const { form, frame } = useFormMutation(
    startingPointInput,
    { startingDate: a.startingDate, startingBalance: '' },
    {
      open,
      onOpenChange,
      mutation: MUTATION,
      send: (v): FormSend<StartingBalanceDialogMutation> => ({
        variables: {
          input: { id: a.id, startingDate: v.startingDate, ...(v.startingBalance ? { startingBalance: v.startingBalance } : {}) },
        },
        success: SUCCESS.startingBalanceUpdated,
        failure: FAILURE.updateAccount,
      }),
      onSaved,
    },
  );
  const { errors } = form.formState;
  return (
    <FormDialog
      {...frame}
      title="Starting balance"
      description="Records dated from the starting date on change the balance; older ones stay in the list and don't."
      submitLabel="Save"
      savingLabel="Saving…"
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

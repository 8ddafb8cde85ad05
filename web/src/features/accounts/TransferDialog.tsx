import { graphql, useFragment } from 'react-relay';
import { ArrowLeftRight } from 'lucide-react';
import type { TransferDialog_transfer$key } from '../../__generated__/TransferDialog_transfer.graphql.ts';
import type { TransferDialogAddMutation } from '../../__generated__/TransferDialogAddMutation.graphql.ts';
import type { TransferDialogUpdateMutation } from '../../__generated__/TransferDialogUpdateMutation.graphql.ts';
import { addTransferInput, updateTransferInput } from '../../../../shared/inputs/transfers.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, FormRow, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AccountField } from './AccountField.tsx';
import type { AccountOption } from './use-account-options.ts';
import './account-balances.ts';

type Props = {
  accounts: readonly AccountOption[];
  /** After a save: a screen of running balances reloads them. */
  onSaved?(): void;
} & ({ from: string } | { transfer: TransferDialog_transfer$key; open: boolean; onOpenChange(open: boolean): void });

const ADD = graphql`
  mutation TransferDialogAddMutation($input: AddTransferInput!) {
    addTransfer(input: $input) {
      viewer {
        totalBalance
        ...accountBalances_viewer
      }
    }
  }
`;
const UPDATE = graphql`
  mutation TransferDialogUpdateMutation($input: UpdateTransferInput!) {
    updateTransfer(input: $input) {
      transfer {
        ...TransferDialog_transfer
      }
      # Its accounts may have changed: every balance comes back.
      viewer {
        ...accountBalances_viewer
      }
    }
  }
`;

/**
 * Transfer (its own trigger button): money from one account to another, `from` first; or, given
 * `transfer`, Edit Transfer. Both balances change, no income or spending total does
 * (docs/product.md#account-ledgers). The payloads bring back every account's balance (accountBalances_viewer).
 */
export function TransferDialog(props: Props) {
  const editing = 'transfer' in props ? props : undefined;
  const record = useFragment(
    graphql`
      fragment TransferDialog_transfer on Transfer {
        id
        addedBy
        changedBy
        amount
        date
        notes
        fromAccount {
          id
        }
        toAccount {
          id
        }
      }
    `,
    editing?.transfer ?? null,
  );
  const from = 'from' in props ? props.from : '';
  const to = props.accounts.find((a) => a.id !== from)?.id ?? '';
  const empty = { fromAccountId: from, toAccountId: to, amount: '', date: todayString(), notes: '' };
  const values = record
    ? {
        fromAccountId: record.fromAccount?.id,
        toAccountId: record.toAccount?.id,
        amount: record.amount,
        date: record.date,
        notes: record.notes ?? '',
      }
    : undefined;
  // What is left of a transfer whose other account was deleted: that side is shown, never sent,
  // and the rest is checked as an edit is (the same rules and messages).
  const keptSide = record && (!record.fromAccount || !record.toAccount);
  const schema = keptSide ? (updateTransferInput as unknown as typeof addTransferInput) : addTransferInput;
  const { form, frame } = useFormMutation(schema, empty, {
    values,
    open: editing?.open,
    onOpenChange: editing?.onOpenChange,
    mutation: record ? UPDATE : ADD,
    send: (v): FormSend<TransferDialogAddMutation | TransferDialogUpdateMutation> => {
      const input = { fromAccountId: v.fromAccountId, toAccountId: v.toAccountId, amount: v.amount, date: v.date, notes: v.notes || null };
      return record
        ? { variables: { input: { id: record.id, ...input } }, success: SUCCESS.transferUpdated, failure: FAILURE.updateTransfer }
        : { variables: { input }, success: SUCCESS.transferRecorded, failure: FAILURE.recordTransfer };
    },
    onSaved: props.onSaved,
  });
  const { errors } = form.formState;
  /** One side's account: its select, or "A deleted account" when the record has lost that side's account. */
  const side = (field: 'fromAccountId' | 'toAccountId', label: string, account: unknown) =>
    record && !account ? (
      <DeletedAccount label={label} />
    ) : (
      <AccountField label={label} required accounts={props.accounts} {...form.register(field)} error={errors[field]?.message} />
    );
  return (
    <FormDialog
      {...frame}
      authors={record && { addedBy: record.addedBy, changedBy: record.changedBy }}
      title={record ? 'Edit Transfer' : 'Transfer'}
      description="Move money between your accounts. It is neither income nor spending."
      // A transfer needs two accounts: with fewer, Transfer is not offered.
      trigger={
        !record &&
        props.accounts.length > 1 && (
          <Button type="button" $variant="secondary">
            <ArrowLeftRight aria-hidden /> Transfer
          </Button>
        )
      }
      submitLabel={record ? 'Save' : 'Transfer'}
      savingLabel="Saving…"
    >
      <FormRow>
        {side('fromAccountId', 'From', record?.fromAccount)}
        {side('toAccountId', 'To', record?.toAccount)}
      </FormRow>
      <FormRow>
        <Field label="Amount" error={errors.amount?.message}>
          <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus />
        </Field>
        <Field label="Date" error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </Field>
      </FormRow>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} placeholder="e.g. Monthly saving" />
      </Field>
    </FormDialog>
  );
}

/** A side of a transfer whose account was deleted: shown as such, not editable. */
function DeletedAccount({ label }: { label: string }) {
  return (
    <Field label={label}>
      <Input value="A deleted account" disabled />
    </Field>
  );
}

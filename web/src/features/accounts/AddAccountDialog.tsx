import { useState } from 'react';
import { graphql } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AddAccountDialogMutation } from '../../__generated__/AddAccountDialogMutation.graphql.ts';
import { createAccountInput } from '../../../../shared/inputs/accounts.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Form, FormActions, FormGrid, Input, Select, Textarea } from '../../components/Form.tsx';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { ACCOUNT_TYPES } from './account-types.ts';

const EMPTY = { name: '', type: 'checking' as const, balance: '', notes: '' };

export function AddAccountDialog({ triggerLabel = 'Add Account' }: { triggerLabel?: string }) {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(createAccountInput, EMPTY);
  const { errors } = form.formState;
  const [run, saving] = useMutationAction<AddAccountDialogMutation>(graphql`
    mutation AddAccountDialogMutation($input: CreateAccountInput!) {
      createAccount(input: $input) {
        account {
          id
        }
        viewer {
          ...AccountsPage_viewer
        }
      }
    }
  `);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };
  const submit = form.handleSubmit(({ name, type, balance, notes }) =>
    run(
      { input: { name, type, balance, notes } },
      { success: SUCCESS.accountAdded, failure: FAILURE.addAccount, onFieldErrors: serverErrorsOf(form), onDone: () => close(false) },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Account"
      description="Track a bank account, card, cash or investments."
      trigger={
        <Button type="button">
          <Plus aria-hidden /> {triggerLabel}
        </Button>
      }
    >
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Account Name" error={errors.name?.message}>
            <Input {...form.register('name')} placeholder="e.g. Everyday Checking" maxLength={100} autoFocus />
          </Field>
          <Field label="Account Type">
            <Select {...form.register('type')}>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Current Balance" error={errors.balance?.message} hint="Negative for money owed, e.g. a card balance.">
            <Input {...form.register('balance')} inputMode="decimal" placeholder="0.00" />
          </Field>
          <Field label="Notes (optional)" error={errors.notes?.message}>
            <Textarea {...form.register('notes')} />
          </Field>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add Account'}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

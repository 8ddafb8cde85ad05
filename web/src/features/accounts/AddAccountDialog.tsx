import { useState } from 'react';
import { graphql } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AddAccountDialogMutation } from '../../__generated__/AddAccountDialogMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, FormActions, FormGrid, Input, Select, Textarea } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { checkBalance, checkRequired, hasErrors, type FieldErrors } from '../../lib/validation.ts';
import { ACCOUNT_TYPES, type AccountTypeValue } from './account-types.ts';

const EMPTY = { name: '', type: 'checking' as AccountTypeValue, balance: '', notes: '' };

export function AddAccountDialog({ triggerLabel = 'Add Account' }: { triggerLabel?: string }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof typeof EMPTY>>({});
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
    if (!next) {
      setForm(EMPTY);
      setErrors({});
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = { name: checkRequired(form.name, 'Name is required', 100, 'Name must be at most 100 characters'), balance: checkBalance(form.balance) };
    setErrors(found);
    if (hasErrors(found)) return;
    run(
      { input: { name: form.name.trim(), type: form.type, balance: form.balance.trim() || '0', notes: form.notes.trim() || null } },
      { success: SUCCESS.accountAdded, failure: FAILURE.addAccount, onFieldErrors: setErrors, onDone: () => close(false) },
    );
  };
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
      <form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Account Name" error={errors.name}>
            <Input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} placeholder="e.g. Everyday Checking" maxLength={100} autoFocus />
          </Field>
          <Field label="Account Type">
            <Select value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as AccountTypeValue })}>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Current Balance" error={errors.balance} hint="Negative for money owed, e.g. a card balance.">
            <Input value={form.balance} onChange={(e) => setForm({ ...form, balance: e.target.value })} inputMode="decimal" placeholder="0.00" />
          </Field>
          <Field label="Notes (optional)">
            <Textarea value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
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
      </form>
    </Dialog>
  );
}

import { graphql, useFragment } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AccountDialog_account$key } from '../../__generated__/AccountDialog_account.graphql.ts';
import type { AccountDialogCreateMutation } from '../../__generated__/AccountDialogCreateMutation.graphql.ts';
import type { AccountDialogUpdateMutation } from '../../__generated__/AccountDialogUpdateMutation.graphql.ts';
import { createAccountInput, updateAccountInput } from '../../../../shared/inputs/accounts.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Select, Textarea } from '../../components/Form.tsx';
import { serverErrorsOf, useFormDialog, MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { ACCOUNT_TYPES, type AccountTypeValue } from './account-types.ts';

const EMPTY = { name: '', type: 'checking' as const, balance: '', notes: '' };

type Props =
  { connection: string; triggerLabel?: string } | { account: AccountDialog_account$key; open: boolean; onOpenChange(open: boolean): void };

/**
 * Add Account, with its trigger button (the new card joins the list `connection`), or, given an
 * `account`, Edit Account for it, opened by its card.
 */
export function AccountDialog(props: Props) {
  const adding = 'connection' in props ? props : undefined;
  const editing = 'account' in props ? props : undefined;
  const account = useFragment(
    graphql`
      fragment AccountDialog_account on Account {
        id
        name
        type
        balance
        notes
      }
    `,
    editing?.account ?? null,
  );
  const values = account
    ? { name: account.name, type: account.type as AccountTypeValue, balance: account.balance, notes: account.notes ?? '' }
    : undefined;
  // The same fields and messages; an edit also refuses a blank balance (an account always has one).
  const schema = (account ? updateAccountInput : createAccountInput) as typeof createAccountInput;
  const { open, setOpen, form } = useFormDialog(schema, EMPTY, { values, open: editing?.open, onOpenChange: editing?.onOpenChange });
  const { errors } = form.formState;
  const [create, creating] = useMutationAction<AccountDialogCreateMutation>(graphql`
    mutation AccountDialogCreateMutation($input: CreateAccountInput!, $connections: [ID!]!) {
      createAccount(input: $input) {
        account @appendNode(connections: $connections, edgeTypeName: "UserAccountsConnectionEdge") {
          ...AccountCard_account
        }
        viewer {
          totalBalance
          accounts(first: 0) {
            totalCount
          }
        }
      }
    }
  `);
  const [update, updating] = useMutationAction<AccountDialogUpdateMutation>(graphql`
    mutation AccountDialogUpdateMutation($input: UpdateAccountInput!) {
      updateAccount(input: $input) {
        account {
          ...AccountCard_account
        }
        viewer {
          totalBalance
        }
      }
    }
  `);
  const submit = form.handleSubmit(({ name, type, balance, notes }) => {
    const fields = { name, type, balance, notes };
    const done = { onFieldErrors: serverErrorsOf(form), onDone: () => setOpen(false) };
    if (adding)
      create({ input: fields, connections: [adding.connection] }, { success: SUCCESS.accountAdded, failure: FAILURE.addAccount, ...done });
    else if (account)
      update({ input: { id: account.id, ...fields } }, { success: SUCCESS.accountUpdated, failure: FAILURE.updateAccount, ...done });
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={account ? 'Edit Account' : 'Add Account'}
      description={account ? 'Change its name, type, balance or notes.' : 'Track a bank account, card, cash or investments.'}
      trigger={
        !account && (
          <Button type="button">
            <Plus aria-hidden /> {adding?.triggerLabel ?? 'Add Account'}
          </Button>
        )
      }
      onSubmit={submit}
      submitLabel={account ? 'Save' : 'Add Account'}
      savingLabel={account ? 'Saving…' : 'Adding…'}
      saving={creating || updating}
    >
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
        <Input {...form.register('balance', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
      </Field>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} />
      </Field>
    </FormDialog>
  );
}

import { graphql, useFragment } from 'react-relay';
import type { AccountDialog_account$key } from '../../__generated__/AccountDialog_account.graphql.ts';
import type { AccountDialogCreateMutation } from '../../__generated__/AccountDialogCreateMutation.graphql.ts';
import type { AccountDialogUpdateMutation } from '../../__generated__/AccountDialogUpdateMutation.graphql.ts';
import { createAccountInput, updateAccountInput } from '../../../../shared/inputs/accounts.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { AddButton } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Select, Textarea } from '../../components/Form.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { todayString } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { ACCOUNT_TYPES, type AccountTypeValue } from './account-types.ts';

/** A new account's values: its starting date is today (docs/product.md#reconcile). */
const empty = () => ({ name: '', type: 'checking' as const, balance: '', notes: '', startingDate: todayString() });

const CREATE = graphql`
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
`;
const UPDATE = graphql`
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
`;

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
        addedBy
        changedBy
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
  const { form, frame } = useFormMutation(schema, empty(), {
    values,
    open: editing?.open,
    onOpenChange: editing?.onOpenChange,
    mutation: account ? UPDATE : CREATE,
    send: ({ name, type, balance, notes, startingDate }): FormSend<AccountDialogCreateMutation | AccountDialogUpdateMutation> => {
      const fields = { name, type, balance, notes };
      return account
        ? { variables: { input: { id: account.id, ...fields } }, success: SUCCESS.accountUpdated, failure: FAILURE.updateAccount }
        : {
            variables: { input: { ...fields, startingDate }, connections: [adding!.connection] },
            success: SUCCESS.accountAdded,
            failure: FAILURE.addAccount,
          };
    },
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      {...frame}
      authors={account && { addedBy: account.addedBy, changedBy: account.changedBy }}
      title={account ? 'Edit Account' : 'Add Account'}
      description={account ? 'Change its name, type, balance or notes.' : 'Track a bank account, card, cash or investments.'}
      trigger={!account && <AddButton>{adding?.triggerLabel ?? 'Add Account'}</AddButton>}
      submitLabel={account ? 'Save' : 'Add Account'}
      savingLabel={account ? 'Saving…' : 'Adding…'}
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
      <Field
        label="Current Balance"
        error={errors.balance?.message}
        hint={
          account ? 'Negative for money owed, e.g. a card balance.' : 'On the starting date. Negative for money owed, e.g. a card balance.'
        }
      >
        <Input {...form.register('balance', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
      </Field>
      {!account && (
        <Field
          label="Starting date"
          error={errors.startingDate?.message}
          hint="The day this balance is from: older records you import later don't change it."
        >
          <Input type="date" {...form.register('startingDate')} />
        </Field>
      )}
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} />
      </Field>
    </FormDialog>
  );
}

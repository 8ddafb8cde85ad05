import { graphql, useFragment } from 'react-relay';
import type { TransactionDialog_transaction$key } from '../../__generated__/TransactionDialog_transaction.graphql.ts';
import { AddButton } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { orNull, MONEY_FIELD } from '../../lib/forms.ts';
import { useFormMutation } from '../../app/use-form-mutation.ts';
import { addTransactionInput } from '../../../../shared/inputs/transactions.ts';
import { CategorySuggestion } from './CategorySuggestion.tsx';
import type { ShownList } from './transaction-filter.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { transactionSave } from './transaction-save.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import { CategoryField } from '../budget/CategoryField.tsx';
import type { AccountOptions } from '../accounts/use-account-options.ts';

/** A new expense: today, from the default account (docs/product.md#account-ledgers). */
const empty = (accountId: string) => ({ amount: '', description: '', date: todayString(), categoryId: '' as string | null, accountId });

/**
 * Add Transaction (its own trigger button) or, given `transaction`, Edit Transaction (opened by
 * its row), on `list`, the list on screen (none on an account's screen). `onSaved` follows a save.
 */
export function TransactionDialog({
  categories,
  accounts,
  list,
  transaction = null,
  open,
  onOpenChange,
  onSaved,
}: {
  categories: readonly CategoryOption[];
  accounts: AccountOptions;
  list: ShownList | null;
  transaction?: TransactionDialog_transaction$key | null;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  onSaved?(): void;
}) {
  const record = useFragment(
    graphql`
      fragment TransactionDialog_transaction on Transaction {
        id
        amount
        description
        date
        category {
          id
        }
        account {
          id
        }
      }
    `,
    transaction,
  );
  const saved = record
    ? {
        id: record.id,
        amount: record.amount,
        description: record.description,
        date: record.date,
        categoryId: record.category?.id ?? null,
        accountId: record.account?.id ?? null,
      }
    : null;
  const values = saved
    ? {
        amount: saved.amount,
        description: saved.description,
        date: saved.date,
        categoryId: saved.categoryId ?? '',
        accountId: saved.accountId ?? '',
      }
    : undefined;
  const save = transactionSave(list, saved);
  const dialog = useFormMutation(addTransactionInput, empty(accounts.defaultId), {
    values,
    open,
    onOpenChange,
    mutation: save.mutation,
    send: (v) =>
      save.send({
        amount: v.amount,
        description: v.description,
        date: v.date,
        categoryId: orNull(v.categoryId),
        accountId: orNull(v.accountId),
      }),
    onSaved,
  });
  const { form } = dialog;
  const { errors } = form.formState;
  const [description, categoryId] = form.watch(['description', 'categoryId']);
  const apply = (id: string) => {
    form.setValue('categoryId', id, { shouldDirty: true });
    // The suggestion goes away once applied: keep the keyboard on the next field.
    form.setFocus('date');
  };
  return (
    <FormDialog
      {...dialog.frame}
      title={dialog.editing ? 'Edit Transaction' : 'Add Transaction'}
      description={dialog.editing ? 'Correct this expense.' : 'Record an expense.'}
      trigger={!dialog.editing && <AddButton>Add Transaction</AddButton>}
      submitLabel={dialog.editing ? 'Save' : 'Add Transaction'}
      savingLabel={dialog.editing ? 'Saving…' : 'Adding…'}
    >
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Input {...form.register('description')} maxLength={500} placeholder="e.g. Groceries at Trader Joe's" />
      </Field>
      {/* Editing, a suggestion only for a new description: the category chosen for the old one stands. */}
      <CategorySuggestion description={description === values?.description ? '' : description} categoryId={categoryId} onApply={apply} />
      <Field label="Date" error={errors.date?.message}>
        <Input type="date" {...form.register('date')} />
      </Field>
      <CategoryField categories={categories} {...form.register('categoryId')} error={errors.categoryId?.message} />
      <AccountField accounts={accounts.accounts} {...form.register('accountId')} error={errors.accountId?.message} />
    </FormDialog>
  );
}

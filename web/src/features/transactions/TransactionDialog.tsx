import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Split } from 'lucide-react';
import type { TransactionDialog_transaction$key } from '../../__generated__/TransactionDialog_transaction.graphql.ts';
import { AddButton, Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { orNull, MONEY_FIELD } from '../../lib/forms.ts';
import { useFormMutation } from '../../app/use-form-mutation.ts';
import { addTransactionInput, type TransactionKind } from '../../../../shared/inputs/transactions.ts';
import { CategorySuggestion } from './CategorySuggestion.tsx';
import type { ShownList } from './transaction-filter.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { transactionSave } from './transaction-save.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import { CategoryField } from '../budget/CategoryField.tsx';
import type { AccountOptions } from '../accounts/use-account-options.ts';
import { KindField } from './KindField.tsx';
import { PayeeField } from '../payees/PayeeField.tsx';
import { splitLine, SplitEditor, useSplitRemainder } from './SplitEditor.tsx';

/** A new expense: today, from the default account (docs/product.md#account-ledgers), not split. */
const empty = (accountId: string) => ({
  amount: '',
  description: '',
  date: todayString(),
  categoryId: '' as string | null,
  accountId,
  kind: 'expense' as TransactionKind,
  splits: [] as ReturnType<typeof splitLine>[],
  payee: '' as string | null,
});

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
  /** After a save; `recategorised`: an edit that changed the category (docs/product.md#rules offers a rule then). */
  onSaved?(change: { recategorised: boolean }): void;
}) {
  const record = useFragment(
    graphql`
      fragment TransactionDialog_transaction on Transaction {
        id
        addedBy
        changedBy
        amount
        description
        date
        category {
          id
        }
        account {
          id
        }
        kind
        payee {
          name
        }
        splits {
          category {
            id
          }
          amount
          notes
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
        kind: record.kind === 'REFUND' ? ('REFUND' as const) : ('EXPENSE' as const),
        splits: record.splits.map((line) => ({ categoryId: line.category?.id ?? null, amount: line.amount, notes: line.notes ?? null })),
        payee: record.payee?.name ?? null,
      }
    : null;
  const values = saved
    ? {
        amount: saved.amount,
        description: saved.description,
        date: saved.date,
        categoryId: saved.categoryId ?? '',
        accountId: saved.accountId ?? '',
        kind: saved.kind === 'REFUND' ? ('refund' as const) : ('expense' as const),
        splits: saved.splits.map((line) => ({ categoryId: line.categoryId ?? '', amount: line.amount, notes: line.notes ?? '' })),
        payee: saved.payee ?? '',
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
        kind: v.kind === 'refund' ? 'REFUND' : 'EXPENSE',
        splits: (v.splits ?? []).map((line) => ({ categoryId: orNull(line.categoryId), amount: line.amount, notes: orNull(line.notes) })),
        payee: orNull(v.payee),
      }),
    onSaved: () =>
      onSaved?.({ recategorised: saved !== null && (orNull(dialog.form.getValues('categoryId')) ?? null) !== saved.categoryId }),
  });
  const { form } = dialog;
  const { errors } = form.formState;
  const [description, categoryId, lines = []] = form.watch(['description', 'categoryId', 'splits']);
  const split = lines.length > 0;
  const remainder = useSplitRemainder(form);
  // Split: the category goes to the first line and the lines take the whole; unsplit: the first line's category takes the whole.
  const startSplit = () => {
    form.setValue('splits', [{ ...splitLine(), categoryId: categoryId ?? '' }, splitLine()], { shouldDirty: true });
    form.setValue('categoryId', '', { shouldDirty: true });
  };
  const endSplit = () => {
    form.setValue('categoryId', lines[0]?.categoryId ?? '', { shouldDirty: true });
    form.setValue('splits', [], { shouldDirty: true });
  };
  const apply = (id: string) => {
    form.setValue('categoryId', id, { shouldDirty: true });
    // The suggestion goes away once applied: keep the keyboard on the next field.
    form.setFocus('date');
  };
  return (
    <FormDialog
      {...dialog.frame}
      authors={record && { addedBy: record.addedBy, changedBy: record.changedBy }}
      title={dialog.editing ? 'Edit Transaction' : 'Add Transaction'}
      description={dialog.editing ? 'Correct this transaction.' : 'Record an expense or a refund.'}
      trigger={!dialog.editing && <AddButton>Add Transaction</AddButton>}
      submitLabel={dialog.editing ? 'Save' : 'Add Transaction'}
      savingLabel={dialog.editing ? 'Saving…' : 'Adding…'}
      submitDisabled={split && remainder.state !== 'even'}
    >
      <KindField registration={form.register('kind')} />
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus />
      </Field>
      <PayeeField {...form.register('payee')} error={errors.payee?.message} />
      <Field label="Description" error={errors.description?.message}>
        <Input {...form.register('description')} maxLength={500} placeholder="e.g. Groceries at Trader Joe's" />
      </Field>
      {/* Editing, a suggestion only for a new description: the category chosen for the old one stands. A split has its categories on its lines. */}
      {!split && (
        <CategorySuggestion description={description === values?.description ? '' : description} categoryId={categoryId} onApply={apply} />
      )}
      <Field label="Date" error={errors.date?.message}>
        <Input type="date" {...form.register('date')} />
      </Field>
      {split ? (
        <SplitEditor form={form} categories={categories} onUnsplit={endSplit} />
      ) : (
        <CategoryRow>
          <CategoryField categories={categories} {...form.register('categoryId')} error={errors.categoryId?.message} />
          <Button type="button" $variant="secondary" onClick={startSplit}>
            <Split aria-hidden /> Split
          </Button>
        </CategoryRow>
      )}
      <AccountField accounts={accounts.accounts} {...form.register('accountId')} error={errors.accountId?.message} />
    </FormDialog>
  );
}

/** The Category select with the Split button beside it, at the select's foot. */
const CategoryRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.5rem;
  align-items: end;
`;

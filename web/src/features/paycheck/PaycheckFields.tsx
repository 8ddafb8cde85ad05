import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { addPaycheckInput } from '../../../../shared/inputs/paychecks.ts';
import { Field, Input, Textarea } from '../../components/Form.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import type { AccountOption } from '../accounts/use-account-options.ts';
import { PayeeField } from '../payees/PayeeField.tsx';

/** The fields of a paycheck, shared by the screen's add form and the Edit Paycheck dialog (which focuses the first). */
export function PaycheckFields({
  form,
  accounts,
  autoFocus,
}: {
  form: UseFormReturn<z.input<typeof addPaycheckInput>>;
  accounts: readonly AccountOption[];
  autoFocus?: boolean;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus={autoFocus} />
      </Field>
      <Field label="Date" error={errors.date?.message}>
        <Input type="date" {...form.register('date')} />
      </Field>
      <PayeeField label="Paid by (optional)" {...form.register('payee')} error={errors.payee?.message} />
      <AccountField label="Paid into" accounts={accounts} {...form.register('accountId')} error={errors.accountId?.message} />
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} placeholder="e.g. includes overtime" />
      </Field>
    </>
  );
}

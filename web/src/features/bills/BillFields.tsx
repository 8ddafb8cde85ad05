import type { UseFormReturn } from 'react-hook-form';
import { Checkbox, Field, FormRow, Input, Select, Textarea } from '../../components/Form.tsx';
import { CategoryField } from '../budget/CategoryField.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { dayOf, type BillValues } from './bill-form.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { FREQUENCIES } from './bill-labels.ts';

/** The fields of Add Bill and Edit Bill. */
export function BillFields({ form, categories }: { form: UseFormReturn<BillValues>; categories: readonly CategoryOption[] }) {
  const { errors, dirtyFields } = form.formState;
  // The due day follows the next due date until the user sets it: a bill paid on the 17th stays on the 17th.
  const followDueDay = (date: string) => {
    if (!dirtyFields.dueDay && /^\d{4}-\d{2}-\d{2}$/.test(date)) form.setValue('dueDay', dayOf(date));
  };
  return (
    <>
      <Field label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={200} placeholder="e.g. Rent" autoFocus />
      </Field>
      <FormRow>
        <Field label="Amount" error={errors.amount?.message}>
          <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
        </Field>
        <Field label="Frequency">
          <Select {...form.register('frequency')}>
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </Field>
      </FormRow>
      <FormRow>
        <Field label="Next due date" error={errors.nextDueDate?.message}>
          <Input type="date" {...form.register('nextDueDate', { onChange: (e) => followDueDay(e.target.value) })} />
        </Field>
        <Field label="Due day of the month" error={errors.dueDay?.message}>
          <Input type="number" min={1} max={31} step={1} {...form.register('dueDay', { valueAsNumber: true })} />
        </Field>
      </FormRow>
      <CategoryField label="Category (optional)" categories={categories} {...form.register('categoryId')}>
        <option value="">No category</option>
      </CategoryField>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} />
      </Field>
      <Checkbox>
        <input type="checkbox" {...form.register('isActive')} /> Active
      </Checkbox>
    </>
  );
}

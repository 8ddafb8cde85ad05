import { useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Plus } from 'lucide-react';
import { z } from 'zod';
import type { AddBillDialogMutation } from '../../__generated__/AddBillDialogMutation.graphql.ts';
import type { AddBillDialog_viewer$key } from '../../__generated__/AddBillDialog_viewer.graphql.ts';
import { addRecurringBillInput } from '../../../../shared/inputs/bills.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Checkbox, Field, Form, FormActions, FormGrid, FormRow, Input, Select, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { orNull, serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { FREQUENCIES } from './bill-labels.ts';

// The form's Active is a checkbox; the API's a flag.
const billForm = addRecurringBillInput.extend({ isActive: z.boolean() });

function empty() {
  const nextDueDate = todayString();
  return {
    name: '',
    amount: '',
    frequency: 'monthly' as const,
    dueDay: dayOf(nextDueDate),
    nextDueDate,
    categoryId: '' as string | null,
    notes: '',
    isActive: true,
  };
}

/** The day of the month of "YYYY-MM-DD". */
function dayOf(date: string) {
  return Number(date.slice(8, 10));
}

export function AddBillDialog({ viewer }: { viewer: AddBillDialog_viewer$key }) {
  const { budgetCategories } = useFragment(
    graphql`
      fragment AddBillDialog_viewer on User {
        budgetCategories(first: 200) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    viewer,
  );
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(billForm, empty());
  const { errors, dirtyFields } = form.formState;
  // The due day follows the next due date until the user sets it: a bill paid on the 17th stays on the 17th.
  const nextDueDate = form.watch('nextDueDate');
  useEffect(() => {
    if (!dirtyFields.dueDay && /^\d{4}-\d{2}-\d{2}$/.test(nextDueDate)) form.setValue('dueDay', dayOf(nextDueDate));
  }, [nextDueDate, dirtyFields.dueDay, form]);
  const [run, saving] = useMutationAction<AddBillDialogMutation>(graphql`
    mutation AddBillDialogMutation($input: AddRecurringBillInput!) {
      addRecurringBill(input: $input) {
        viewer {
          ...BillsPage_viewer
        }
      }
    }
  `);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(empty());
  };
  const submit = form.handleSubmit((values) =>
    run(
      { input: { ...values, categoryId: orNull(values.categoryId) } },
      { success: SUCCESS.billAdded, failure: FAILURE.addBill, onFieldErrors: serverErrorsOf(form), onDone: () => close(false) },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Bill"
      description="A bill that repeats, like rent, utilities or subscriptions."
      trigger={
        <Button type="button">
          <Plus aria-hidden /> Add Bill
        </Button>
      }
    >
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Name" error={errors.name?.message}>
            <Input {...form.register('name')} maxLength={200} placeholder="e.g. Rent" autoFocus />
          </Field>
          <FormRow>
            <Field label="Amount" error={errors.amount?.message}>
              <Input {...form.register('amount')} inputMode="decimal" placeholder="0.00" />
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
              <Input type="date" {...form.register('nextDueDate')} />
            </Field>
            <Field label="Due day of the month" error={errors.dueDay?.message}>
              <Input type="number" min={1} max={31} step={1} {...form.register('dueDay', { valueAsNumber: true })} />
            </Field>
          </FormRow>
          <Field label="Category (optional)">
            <Select {...form.register('categoryId')}>
              <option value="">No category</option>
              {budgetCategories.edges.map(({ node }) => (
                <option key={node.id} value={node.id}>
                  {node.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Notes (optional)" error={errors.notes?.message}>
            <Textarea {...form.register('notes')} />
          </Field>
          <Checkbox>
            <input type="checkbox" {...form.register('isActive')} /> Active
          </Checkbox>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add Bill'}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

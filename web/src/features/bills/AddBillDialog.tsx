import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AddBillDialogMutation } from '../../__generated__/AddBillDialogMutation.graphql.ts';
import type { AddBillDialog_viewer$key } from '../../__generated__/AddBillDialog_viewer.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, FormActions, FormGrid, Input, Select, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { checkAmount, checkDate, checkRequired, hasErrors, type FieldErrors } from '../../lib/validation.ts';
import { FREQUENCIES, type Frequency } from './bill-labels.ts';

const empty = () => ({ name: '', amount: '', frequency: 'monthly' as Frequency, dueDay: '1', nextDueDate: todayString(), categoryId: '', notes: '', isActive: true });

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
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<'name' | 'amount' | 'dueDay' | 'nextDueDate'>>({});
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
    if (!next) {
      setForm(empty());
      setErrors({});
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const day = /^\d+$/.test(form.dueDay) ? Number.parseInt(form.dueDay, 10) : NaN;
    const found = {
      name: checkRequired(form.name, 'Name is required', 200, 'Name must be at most 200 characters'),
      amount: checkAmount(form.amount),
      dueDay: day >= 1 && day <= 31 ? undefined : 'Due day must be a whole number from 1 to 31',
      nextDueDate: checkDate(form.nextDueDate),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    run(
      {
        input: {
          name: form.name.trim(),
          amount: form.amount.trim(),
          frequency: form.frequency,
          dueDay: day,
          nextDueDate: form.nextDueDate,
          categoryId: form.categoryId || null,
          notes: form.notes.trim() || null,
          isActive: form.isActive,
        },
      },
      { success: SUCCESS.billAdded, failure: FAILURE.addBill, onFieldErrors: setErrors, onDone: () => close(false) },
    );
  };
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
      <form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Name" error={errors.name}>
            <Input value={form.name} maxLength={200} onChange={(e) => setForm({ ...form, name: e.target.value })} placeholder="e.g. Rent" autoFocus />
          </Field>
          <Field label="Amount" error={errors.amount}>
            <Input value={form.amount} inputMode="decimal" placeholder="0.00" onChange={(e) => setForm({ ...form, amount: e.target.value })} />
          </Field>
          <Field label="Frequency">
            <Select value={form.frequency} onChange={(e) => setForm({ ...form, frequency: e.target.value as Frequency })}>
              {FREQUENCIES.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Due day of the month" error={errors.dueDay}>
            <Input type="number" min={1} max={31} step={1} value={form.dueDay} onChange={(e) => setForm({ ...form, dueDay: e.target.value })} />
          </Field>
          <Field label="Next due date" error={errors.nextDueDate}>
            <Input type="date" value={form.nextDueDate} onChange={(e) => setForm({ ...form, nextDueDate: e.target.value })} />
          </Field>
          <Field label="Category (optional)">
            <Select value={form.categoryId} onChange={(e) => setForm({ ...form, categoryId: e.target.value })}>
              <option value="">No category</option>
              {budgetCategories.edges.map(({ node }) => (
                <option key={node.id} value={node.id}>
                  {node.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Notes (optional)">
            <Textarea value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
          </Field>
          <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontWeight: 600 }}>
            <input type="checkbox" checked={form.isActive} onChange={(e) => setForm({ ...form, isActive: e.target.checked })} /> Active
          </label>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add Bill'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

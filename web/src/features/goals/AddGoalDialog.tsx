import { useState } from 'react';
import { graphql } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AddGoalDialogMutation } from '../../__generated__/AddGoalDialogMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, FormActions, FormGrid, Input, Select, Textarea } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { checkAmount, checkRequired, hasErrors, type FieldErrors } from '../../lib/validation.ts';
import { GOAL_CATEGORIES, type GoalCategoryValue } from './goal-labels.ts';

const EMPTY = { name: '', targetAmount: '', currentAmount: '', targetDate: '', category: '' as GoalCategoryValue | '', notes: '' };

export function AddGoalDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<'name' | 'targetAmount' | 'currentAmount'>>({});
  const [run, saving] = useMutationAction<AddGoalDialogMutation>(graphql`
    mutation AddGoalDialogMutation($input: CreateSavingsGoalInput!) {
      createSavingsGoal(input: $input) {
        viewer {
          ...GoalsPage_viewer
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
    const found = {
      name: checkRequired(form.name, 'Name is required', 200, 'Name must be at most 200 characters'),
      targetAmount: checkAmount(form.targetAmount),
      currentAmount: form.currentAmount.trim() ? checkAmount(form.currentAmount) : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) return;
    run(
      {
        input: {
          name: form.name.trim(),
          targetAmount: form.targetAmount.trim(),
          currentAmount: form.currentAmount.trim() || null,
          targetDate: form.targetDate || null,
          category: form.category || null,
          notes: form.notes.trim() || null,
        },
      },
      { success: SUCCESS.goalCreated, failure: FAILURE.createGoal, onFieldErrors: setErrors, onDone: () => close(false) },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Goal"
      description="Something you are saving for."
      trigger={
        <Button type="button">
          <Plus aria-hidden /> Add Goal
        </Button>
      }
    >
      <form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Goal name" error={errors.name}>
            <Input value={form.name} maxLength={200} onChange={(e) => setForm({ ...form, name: e.target.value })} placeholder="e.g. Emergency fund" autoFocus />
          </Field>
          <Field label="Target amount" error={errors.targetAmount}>
            <Input value={form.targetAmount} inputMode="decimal" placeholder="0.00" onChange={(e) => setForm({ ...form, targetAmount: e.target.value })} />
          </Field>
          <Field label="Already saved (optional)" error={errors.currentAmount}>
            <Input value={form.currentAmount} inputMode="decimal" placeholder="0.00" onChange={(e) => setForm({ ...form, currentAmount: e.target.value })} />
          </Field>
          <Field label="Target date (optional)">
            <Input type="date" value={form.targetDate} onChange={(e) => setForm({ ...form, targetDate: e.target.value })} />
          </Field>
          <Field label="Category (optional)">
            <Select value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value as GoalCategoryValue | '' })}>
              <option value="">General</option>
              {GOAL_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
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
            {saving ? 'Creating…' : 'Create Goal'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { graphql } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AddGoalDialogMutation } from '../../__generated__/AddGoalDialogMutation.graphql.ts';
import { createSavingsGoalInput } from '../../../../shared/inputs/goals.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Form, FormActions, FormGrid, FormRow, Input, Select, Textarea } from '../../components/Form.tsx';
import { orNull, serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { GOAL_CATEGORIES } from './goal-labels.ts';

const EMPTY = { name: '', targetAmount: '', currentAmount: '', targetDate: '', category: '' as const, notes: '' };

export function AddGoalDialog() {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(createSavingsGoalInput, EMPTY);
  const { errors } = form.formState;
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
    if (!next) form.reset(EMPTY);
  };
  const submit = form.handleSubmit((values) =>
    run(
      {
        input: {
          name: values.name,
          targetAmount: values.targetAmount,
          // Blank optional fields are sent as they are: the server reads them as "not given".
          currentAmount: values.currentAmount,
          targetDate: values.targetDate,
          category: orNull(values.category),
          notes: values.notes,
        },
      },
      { success: SUCCESS.goalCreated, failure: FAILURE.createGoal, onFieldErrors: serverErrorsOf(form), onDone: () => close(false) },
    ),
  );
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
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Goal name" error={errors.name?.message}>
            <Input {...form.register('name')} maxLength={200} placeholder="e.g. Emergency fund" autoFocus />
          </Field>
          <FormRow>
            <Field label="Target amount" error={errors.targetAmount?.message}>
              <Input {...form.register('targetAmount')} inputMode="decimal" placeholder="0.00" />
            </Field>
            <Field label="Already saved (optional)" error={errors.currentAmount?.message}>
              <Input {...form.register('currentAmount')} inputMode="decimal" placeholder="0.00" />
            </Field>
          </FormRow>
          <FormRow>
            <Field label="Target date (optional)" error={errors.targetDate?.message}>
              <Input type="date" {...form.register('targetDate')} />
            </Field>
            <Field label="Category (optional)">
              <Select {...form.register('category')}>
                <option value="">General</option>
                {GOAL_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </Field>
          </FormRow>
          <Field label="Notes (optional)" error={errors.notes?.message}>
            <Textarea {...form.register('notes')} />
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
      </Form>
    </Dialog>
  );
}

import { useEffect } from 'react';
import { graphql } from 'react-relay';
import type { AddContributionDialogMutation } from '../../__generated__/AddContributionDialogMutation.graphql.ts';
import { addGoalContributionInput } from '../../../../shared/inputs/goals.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Form, FormActions, FormGrid, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

const contributionForm = addGoalContributionInput.omit({ goalId: true });
const empty = () => ({ amount: '', contributionDate: todayString(), notes: '' });

export function AddContributionDialog({ goal, onClose }: { goal: { id: string; name: string } | null; onClose(): void }) {
  const form = useSchemaForm(contributionForm, empty());
  const { errors } = form.formState;
  useEffect(() => form.reset(empty()), [goal, form]);
  const [run, saving] = useMutationAction<AddContributionDialogMutation>(graphql`
    mutation AddContributionDialogMutation($input: AddGoalContributionInput!) {
      addGoalContribution(input: $input) {
        viewer {
          ...GoalsPage_viewer
        }
      }
    }
  `);
  const submit = form.handleSubmit(
    (values) =>
      goal &&
      run(
        { input: { ...values, goalId: goal.id } },
        { success: SUCCESS.contributionAdded, failure: FAILURE.addContribution, onFieldErrors: serverErrorsOf(form), onDone: onClose },
      ),
  );
  return (
    <Dialog
      open={goal !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Add Contribution"
      description={goal ? `Towards ${goal.name}` : undefined}
    >
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Amount" error={errors.amount?.message}>
            <Input {...form.register('amount')} inputMode="decimal" placeholder="0.00" autoFocus />
          </Field>
          <Field label="Date" error={errors.contributionDate?.message}>
            <Input type="date" {...form.register('contributionDate')} />
          </Field>
          <Field label="Notes (optional)" error={errors.notes?.message}>
            <Textarea {...form.register('notes')} />
          </Field>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add Contribution'}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

import { graphql } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import type { AddContributionDialogMutation } from '../../__generated__/AddContributionDialogMutation.graphql.ts';
import { addGoalContributionInput } from '../../../../shared/inputs/goals.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { serverErrorsOf, useFormDialog } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CONTRIBUTIONS_KEY } from './GoalContributionsDialog.tsx';
import { useSyncGoalLists } from './goal-lists.ts';

const contributionForm = addGoalContributionInput.omit({ goalId: true });

/** Adds money to a goal (mounted while open); the goal's amounts and list follow from the payload. */
export function AddContributionDialog({ goal, onClose }: { goal: { id: string; name: string }; onClose(): void }) {
  const dialog = useFormDialog(
    contributionForm,
    { amount: '', contributionDate: todayString(), notes: '' },
    { open: true, onOpenChange: (open) => !open && onClose() },
  );
  const { form } = dialog;
  const { errors } = form.formState;
  const sync = useSyncGoalLists();
  const [run, saving] = useMutationAction<AddContributionDialogMutation>(graphql`
    mutation AddContributionDialogMutation($input: AddGoalContributionInput!, $connections: [ID!]!) {
      addGoalContribution(input: $input) {
        contribution @prependNode(connections: $connections, edgeTypeName: "SavingsGoalContributionsConnectionEdge") {
          ...GoalContributionRow_contribution
        }
        goal {
          ...GoalCard_goal
        }
      }
    }
  `);
  const submit = form.handleSubmit((values) =>
    run(
      // The goal's contributions, newest first, get the new one on top if they were loaded.
      { input: { ...values, goalId: goal.id }, connections: [ConnectionHandler.getConnectionID(goal.id, CONTRIBUTIONS_KEY)] },
      {
        success: SUCCESS.contributionAdded,
        failure: FAILURE.addContribution,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => {
          onClose();
          sync(goal.id);
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={dialog.setOpen}
      title="Add Contribution"
      description={`Towards ${goal.name}`}
      onSubmit={submit}
      submitLabel="Add Contribution"
      savingLabel="Adding…"
      saving={saving}
    >
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount')} inputMode="decimal" placeholder="0.00" autoFocus />
      </Field>
      <Field label="Date" error={errors.contributionDate?.message}>
        <Input type="date" {...form.register('contributionDate')} />
      </Field>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} />
      </Field>
    </FormDialog>
  );
}

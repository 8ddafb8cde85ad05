import { graphql } from 'react-relay';
import type { AddContributionDialogMutation } from '../../__generated__/AddContributionDialogMutation.graphql.ts';
import { addGoalContributionInput } from '../../../../shared/inputs/goals.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { placeContribution, useSyncGoalLists } from './goal-lists.ts';

const contributionForm = addGoalContributionInput.omit({ goalId: true });

const MUTATION = graphql`
  mutation AddContributionDialogMutation($input: AddGoalContributionInput!) {
    addGoalContribution(input: $input) {
      contribution {
        id
        ...GoalContributionRow_contribution
      }
      goal {
        ...GoalCard_goal
      }
    }
  }
`;

/** Adds money to a goal (mounted while open); the goal's amounts and list follow from the payload. */
export function AddContributionDialog({ goal, onClose }: { goal: { id: string; name: string }; onClose(): void }) {
  const sync = useSyncGoalLists();
  const { form, frame } = useFormMutation(
    contributionForm,
    { amount: '', contributionDate: todayString(), notes: '' },
    {
      onClose,
      mutation: MUTATION,
      send: (values): FormSend<AddContributionDialogMutation> => ({
        variables: { input: { ...values, goalId: goal.id } },
        success: SUCCESS.contributionAdded,
        // The goal's contributions, newest first, get the new one at its date's place if they were loaded.
        updater: (store, data) => placeContribution(store, goal.id, data?.addGoalContribution.contribution.id),
        failure: FAILURE.addContribution,
      }),
      onSaved: () => sync(goal.id),
    },
  );
  const { errors } = form.formState;
  return (
    <FormDialog
      {...frame}
      title="Add Contribution"
      description={`Towards ${goal.name}`}
      submitLabel="Add Contribution"
      savingLabel="Adding…"
    >
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus />
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

import { graphql, useFragment } from 'react-relay';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { GoalDialog_goal$key } from '../../__generated__/GoalDialog_goal.graphql.ts';
import type { GoalDialogCreateMutation } from '../../__generated__/GoalDialogCreateMutation.graphql.ts';
import type { GoalDialogUpdateMutation } from '../../__generated__/GoalDialogUpdateMutation.graphql.ts';
import { createSavingsGoalInput } from '../../../../shared/inputs/goals.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { AddButton } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, FormRow, Input, Select, Textarea } from '../../components/Form.tsx';
import { orNull, MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { GOAL_CATEGORIES, type GoalCategoryValue } from './goal-labels.ts';
import { useSyncGoalLists } from './goal-lists.ts';

const EMPTY = { name: '', targetAmount: '', currentAmount: '', targetDate: '', category: '' as const, notes: '' };

const CREATE = graphql`
  mutation GoalDialogCreateMutation($input: CreateSavingsGoalInput!) {
    createSavingsGoal(input: $input) {
      savingsGoal {
        id
        createdAt
        ...GoalCard_goal
      }
    }
  }
`;
// The goal comes back with its completion (a new target can complete or reopen it): its card
// updates in place, and useSyncGoalLists moves it when it changed lists.
const UPDATE = graphql`
  mutation GoalDialogUpdateMutation($input: UpdateSavingsGoalInput!) {
    updateSavingsGoal(input: $input) {
      savingsGoal {
        id
        ...GoalCard_goal
      }
    }
  }
`;

/**
 * Add Goal (with its own trigger button) or, given a goal, Edit Goal. Both forms check with the
 * create's schema: an edit's fields are the create's own (shared/inputs/goals.ts builds the
 * update from them). The current amount is set only when adding; afterwards contributions move it.
 */
export function GoalDialog({
  goal: goalKey = null,
  open,
  onOpenChange,
}: {
  goal?: GoalDialog_goal$key | null;
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  const goal = useFragment(
    graphql`
      fragment GoalDialog_goal on SavingsGoal {
        id
        addedBy
        changedBy
        name
        targetAmount
        targetDate
        category
        notes
      }
    `,
    goalKey,
  );
  const values = goal && {
    ...EMPTY,
    name: goal.name,
    targetAmount: goal.targetAmount,
    targetDate: goal.targetDate ?? '',
    // Relay types an enum with a future value; the form's select offers the known ones.
    category: (goal.category ?? '') as GoalCategoryValue | '',
    notes: goal.notes ?? '',
  };
  const sync = useSyncGoalLists();
  const dialog = useFormMutation(createSavingsGoalInput, EMPTY, {
    values: values ?? undefined,
    open,
    onOpenChange,
    mutation: goal ? UPDATE : CREATE,
    send: (v): FormSend<GoalDialogCreateMutation | GoalDialogUpdateMutation> => {
      // Blank optional fields are sent as they are: "not given" when adding, "clear it" when editing.
      const fields = {
        name: v.name,
        targetAmount: v.targetAmount,
        targetDate: v.targetDate,
        category: orNull(v.category),
        notes: v.notes,
      };
      return goal
        ? { variables: { input: { id: goal.id, ...fields } }, success: SUCCESS.goalUpdated, failure: FAILURE.updateGoal }
        : {
            variables: { input: { ...fields, currentAmount: v.currentAmount } },
            success: SUCCESS.goalCreated,
            failure: FAILURE.createGoal,
          };
    },
    onSaved: (response) =>
      sync('createSavingsGoal' in response ? response.createSavingsGoal.savingsGoal.id : response.updateSavingsGoal.savingsGoal.id),
  });
  return (
    <FormDialog
      {...dialog.frame}
      authors={goal && { addedBy: goal.addedBy, changedBy: goal.changedBy }}
      title={dialog.editing ? 'Edit Goal' : 'Add Goal'}
      description="Something you are saving for."
      trigger={!dialog.editing && <AddButton>Add Goal</AddButton>}
      submitLabel={dialog.editing ? 'Save' : 'Create Goal'}
      savingLabel={dialog.editing ? 'Saving…' : 'Creating…'}
    >
      <GoalFields form={dialog.form} editing={dialog.editing} />
    </FormDialog>
  );
}

/** The goal form's fields; the amount already saved only when adding. */
function GoalFields({ form, editing }: { form: UseFormReturn<z.input<typeof createSavingsGoalInput>>; editing: boolean }) {
  const { errors } = form.formState;
  const target = (
    <Field label="Target amount" error={errors.targetAmount?.message}>
      <Input {...form.register('targetAmount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
    </Field>
  );
  return (
    <>
      <Field label="Goal name" error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={200} placeholder="e.g. Emergency fund" autoFocus />
      </Field>
      {editing ? (
        target
      ) : (
        <FormRow>
          {target}
          <Field label="Already saved (optional)" error={errors.currentAmount?.message}>
            <Input {...form.register('currentAmount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
          </Field>
        </FormRow>
      )}
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
    </>
  );
}

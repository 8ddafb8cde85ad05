import { graphql, useFragment } from 'react-relay';
import type { RenameBudgetDialog_budget$key } from '../../__generated__/RenameBudgetDialog_budget.graphql.ts';
import type { RenameBudgetDialogMutation } from '../../__generated__/RenameBudgetDialogMutation.graphql.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { budgetNameInput } from './budget-name.ts';

/** Rename a budget (its owner): every member sees the new name, in the switcher too. */
export function RenameBudgetDialog({ budget: key, onClose }: { budget: RenameBudgetDialog_budget$key; onClose(): void }) {
  const budget = useFragment(
    graphql`
      fragment RenameBudgetDialog_budget on Budget {
        id
        name
      }
    `,
    key,
  );
  const { form, frame } = useFormMutation(
    budgetNameInput,
    { name: '' },
    {
      onClose,
      values: { name: budget.name },
      mutation: graphql`
        mutation RenameBudgetDialogMutation($input: RenameBudgetInput!) {
          renameBudget(input: $input) {
            budget {
              id
              name
            }
          }
        }
      `,
      send: ({ name }): FormSend<RenameBudgetDialogMutation> => ({
        variables: { input: { id: budget.id, name } },
        success: SUCCESS.budgetRenamed,
        failure: FAILURE.renameBudget,
      }),
    },
  );
  return (
    <FormDialog {...frame} title="Rename budget" submitLabel="Save" savingLabel="Saving…">
      <Field label="Name" error={form.formState.errors.name?.message}>
        <Input {...form.register('name')} maxLength={100} autoFocus />
      </Field>
    </FormDialog>
  );
}

import { graphql } from 'react-relay';
import type { CreateBudgetDialogMutation } from '../../__generated__/CreateBudgetDialogMutation.graphql.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { useBudgetSwitch } from '../../app/budget-switch.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PersonalScope } from '../../app/read-only.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { budgetRawId } from './budget-roles.ts';
import { budgetNameInput } from './budget-name.ts';

/** New budget: a name; the user owns it, and the tab switches to it (docs/product.md#shared-budgets). */
export function CreateBudgetDialog({ onClose }: { onClose(): void }) {
  const { switchBudget } = useBudgetSwitch();
  const { form, frame } = useFormMutation(
    budgetNameInput,
    { name: '' },
    {
      onClose,
      mutation: graphql`
        mutation CreateBudgetDialogMutation($input: CreateBudgetInput!) {
          createBudget(input: $input) {
            budget {
              id
            }
          }
        }
      `,
      send: ({ name }): FormSend<CreateBudgetDialogMutation> => ({
        variables: { input: { name } },
        success: SUCCESS.budgetCreated,
        failure: FAILURE.createBudget,
      }),
      onSaved: (r) => void switchBudget(budgetRawId(r.createBudget.budget.id)),
    },
  );
  // Anyone may create a budget, a viewer of the one on screen too.
  return (
    <PersonalScope>
      <FormDialog
        {...frame}
        title="New budget"
        description="A budget of its own, to share with others: you will be its owner."
        submitLabel="Create Budget"
        savingLabel="Creating…"
      >
        <Field label="Name" error={form.formState.errors.name?.message} hint="For example “Household” or “Trip to Japan”.">
          <Input {...form.register('name')} maxLength={100} autoFocus />
        </Field>
      </FormDialog>
    </PersonalScope>
  );
}

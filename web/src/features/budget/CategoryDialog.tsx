import { graphql, useFragment } from 'react-relay';
import type { CategoryDialog_category$key } from '../../__generated__/CategoryDialog_category.graphql.ts';
import type { CategoryDialogMutation } from '../../__generated__/CategoryDialogMutation.graphql.ts';
import { updateBudgetCategoryInput } from '../../../../shared/inputs/budget.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CATEGORY_TYPES, type CategoryType } from './category-types.ts';
import { useShownMonth } from './budget-variables.ts';

const MUTATION = graphql`
  mutation CategoryDialogMutation($input: UpdateBudgetCategoryInput!, $month: String) {
    updateBudgetCategory(input: $input) {
      budgetCategory {
        ...BudgetRow_category
      }
      viewer {
        budgetMonth(month: $month) {
          ...BudgetMonth_month
        }
      }
    }
  }
`;

/** Edit Category: its name and type (its allocation changes with the screen's Save Changes); This month's card follows. */
export function CategoryDialog({
  category,
  open,
  onOpenChange,
}: {
  category: CategoryDialog_category$key;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { id, name, type } = useFragment(
    graphql`
      fragment CategoryDialog_category on BudgetCategory {
        id
        name
        type
      }
    `,
    category,
  );
  const values = { name, type: type as CategoryType };
  const month = useShownMonth();
  const { form, frame } = useFormMutation(updateBudgetCategoryInput, values, {
    values,
    open,
    onOpenChange,
    mutation: MUTATION,
    send: (fields): FormSend<CategoryDialogMutation> => ({
      variables: { input: { id, ...fields }, month },
      success: SUCCESS.categoryUpdated,
      failure: FAILURE.updateCategory,
    }),
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      {...frame}
      title="Edit Category"
      description="Change its name or type. Amounts are set on the Budget screen."
      submitLabel="Save"
      savingLabel="Saving…"
    >
      <Field label="Category Name" error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={100} autoFocus />
      </Field>
      <Field label="Category Type" error={errors.type?.message}>
        <Select {...form.register('type')}>
          {CATEGORY_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}

import { graphql, useFragment } from 'react-relay';
import type { CategoryDialog_category$key } from '../../__generated__/CategoryDialog_category.graphql.ts';
import type { CategoryDialogMutation } from '../../__generated__/CategoryDialogMutation.graphql.ts';
import { updateBudgetCategoryInput } from '../../../../shared/inputs/budget.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { serverErrorsOf, useFormDialog } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CATEGORY_TYPES, type CategoryType } from './category-types.ts';
import { useShownMonth } from './budget-variables.ts';

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
  const { setOpen, form } = useFormDialog(updateBudgetCategoryInput, values, { values, open, onOpenChange });
  const { errors } = form.formState;
  const month = useShownMonth();
  const [update, updating] = useMutationAction<CategoryDialogMutation>(graphql`
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
  `);
  const submit = form.handleSubmit((fields) =>
    update(
      { input: { id, ...fields }, month },
      {
        success: SUCCESS.categoryUpdated,
        failure: FAILURE.updateCategory,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => setOpen(false),
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Edit Category"
      description="Change its name or type. Amounts are set on the Budget screen."
      onSubmit={submit}
      submitLabel="Save"
      savingLabel="Saving…"
      saving={updating}
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

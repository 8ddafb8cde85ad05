import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { CategoryDialog_category$key } from '../../__generated__/CategoryDialog_category.graphql.ts';
import type { CategoryDialogMutation } from '../../__generated__/CategoryDialogMutation.graphql.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Checkbox, Field, FormRow, Input, Select } from '../../components/Form.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CATEGORY_TYPES, type CategoryType } from './category-types.ts';
import { useShownMonth } from './budget-variables.ts';
import { categoryForm, formTarget, targetInput, TARGET_KINDS_OFFERED, type CategoryFormValues } from './category-form.ts';

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

/**
 * Edit Category: its name and type, whether overspending carries into next month, and its
 * target (its allocation changes with the Plan's Save Changes); the month view follows.
 */
export function CategoryDialog({
  category,
  open,
  onOpenChange,
}: {
  category: CategoryDialog_category$key;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { id, name, type, carryOverspending, target, addedBy, changedBy } = useFragment(
    graphql`
      fragment CategoryDialog_category on BudgetCategory {
        id
        addedBy
        changedBy
        name
        type
        carryOverspending
        target {
          kind
          amount
          date
        }
      }
    `,
    category,
  );
  const values: CategoryFormValues = { name, type: type as CategoryType, carryOverspending, target: formTarget(target) };
  const month = useShownMonth();
  const { form, frame } = useFormMutation(categoryForm, values, {
    values,
    open,
    onOpenChange,
    mutation: MUTATION,
    send: (fields): FormSend<CategoryDialogMutation> => ({
      variables: { input: { id, ...fields, target: targetInput(fields.target) }, month },
      success: SUCCESS.categoryUpdated,
      failure: FAILURE.updateCategory,
    }),
  });
  const { errors } = form.formState;
  const targetKind = form.watch('target.kind');
  return (
    <FormDialog
      {...frame}
      authors={{ addedBy, changedBy }}
      title="Edit Category"
      description="Change its name, type, overspending rule or target. Amounts are set on the Plan tab."
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
      <Checkbox>
        <input type="checkbox" {...form.register('carryOverspending')} />
        Carry overspending into next month
      </Checkbox>
      <Hint>Off: overspending comes out of next month's Ready to Assign and the category starts next month at $0.00.</Hint>
      <Field label="Target" error={errors.target?.kind?.message}>
        <Select {...form.register('target.kind')}>
          {TARGET_KINDS_OFFERED.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </Field>
      {targetKind !== '' && (
        <FormRow>
          <Field label="Target amount" error={errors.target?.amount?.message}>
            <Input {...form.register('target.amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
          </Field>
          {targetKind === 'saveByDate' && (
            <Field label="Target date" error={errors.target?.date?.message}>
              <Input type="date" {...form.register('target.date')} />
            </Field>
          )}
        </FormRow>
      )}
    </FormDialog>
  );
}

const Hint = styled.p`
  margin-top: -0.6rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.8rem;
`;

import { graphql, useFragment } from 'react-relay';
import { ArrowRightLeft } from 'lucide-react';
import type { MoveMoneyDialog_categories$key } from '../../__generated__/MoveMoneyDialog_categories.graphql.ts';
import type { MoveMoneyDialogMutation } from '../../__generated__/MoveMoneyDialogMutation.graphql.ts';
import { moveMoneyInput } from '../../../../shared/inputs/budget.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, FormRow, Input, Select } from '../../components/Form.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { formatMoney, isNegative, toCents } from '../../lib/money.ts';
import { useShownMonth } from './budget-variables.ts';

/**
 * Move money (its own trigger button): an amount from one category's assigned amount of the month
 * to another's, in one write (docs/product.md#budget-allocation). It starts from the category with
 * the most available and, when one is overspent, towards it.
 */
const MUTATION = graphql`
  mutation MoveMoneyDialogMutation($input: MoveMoneyInput!, $month: String) {
    moveMoney(input: $input) {
      viewer {
        budgetMonth(month: $month) {
          ...BudgetMonth_month
        }
      }
    }
  }
`;

export function MoveMoneyDialog({
  month,
  label,
  categories,
}: {
  month: string;
  label: string;
  categories: MoveMoneyDialog_categories$key;
}) {
  const rows = useFragment(
    graphql`
      fragment MoveMoneyDialog_categories on BudgetMonthCategory @relay(plural: true) {
        categoryId
        name
        available
      }
    `,
    categories,
  );
  // Uncategorized spending has no assigned amount to move.
  const options = rows.flatMap(({ categoryId, name, available }) => (categoryId ? [{ categoryId, name, available }] : []));
  const richest = [...options].sort((a, b) => (toCents(b.available) > toCents(a.available) ? 1 : -1))[0];
  const overspent = options.find((c) => isNegative(c.available) && c.categoryId !== richest?.categoryId);
  const empty = {
    fromCategoryId: richest?.categoryId ?? '',
    toCategoryId: (overspent ?? options.find((c) => c.categoryId !== richest?.categoryId))?.categoryId ?? '',
    // Enough to cover the overspending.
    amount: overspent ? overspent.available.replace(/^-/, '') : '',
  };
  const shown = useShownMonth();
  const { form, frame } = useFormMutation(moveMoneyInput, empty, {
    mutation: MUTATION,
    send: (v): FormSend<MoveMoneyDialogMutation> => ({
      variables: { input: { month, fromCategoryId: v.fromCategoryId, toCategoryId: v.toCategoryId, amount: v.amount }, month: shown },
      success: SUCCESS.moneyMoved,
      failure: FAILURE.moveMoney,
    }),
  });
  const { errors } = form.formState;
  const choices = options.map((c) => (
    <option key={c.categoryId} value={c.categoryId}>
      {c.name} ({formatMoney(c.available)})
    </option>
  ));
  return (
    <FormDialog
      {...frame}
      title="Move money"
      description={`Take an amount from one category's assigned money in ${label} and give it to another.`}
      trigger={
        options.length > 1 && (
          <Button type="button" $variant="secondary" $size="sm">
            <ArrowRightLeft aria-hidden /> Move money
          </Button>
        )
      }
      submitLabel="Move"
      savingLabel="Moving…"
    >
      <FormRow>
        <Field label="From" error={errors.fromCategoryId?.message}>
          <Select {...form.register('fromCategoryId')}>{choices}</Select>
        </Field>
        <Field label="To" error={errors.toCategoryId?.message}>
          <Select {...form.register('toCategoryId')}>{choices}</Select>
        </Field>
      </FormRow>
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus />
      </Field>
    </FormDialog>
  );
}

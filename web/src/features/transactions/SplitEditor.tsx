import styled from 'styled-components';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Plus, X } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { Input } from '../../components/Form.tsx';
import { RecordSelect } from '../../components/RecordSelect.tsx';
import { fromCents } from '../../lib/money.ts';
import { MONEY_FIELD } from '../../lib/forms.ts';
import type { addTransactionInput } from '../../../../shared/inputs/transactions.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { splitRemainder, type SplitRemainder } from './split-remainder.ts';

/** The Add/Edit Transaction form's values. */
export type TransactionForm = z.input<typeof addTransactionInput>;

/** A new line: no category, `amount` (what is left to split, when something is), no note. */
export const splitLine = (amount = '') => ({ categoryId: '', amount, notes: '' });

/** Whether the form's lines add up to its amount: the dialog saves a split only then. */
export function useSplitRemainder(form: UseFormReturn<TransactionForm>): SplitRemainder {
  const [amount, lines] = form.watch(['amount', 'splits']);
  return splitRemainder(amount ?? '', lines ?? []);
}

/**
 * The lines of a split transaction (docs/product.md#refunds-and-splits): each a category (or
 * none), an amount and an optional note, and under them what is left to split or how far over
 * the lines are. A new line starts with what is left. Removing the last line ends the split
 * (`onUnsplit`).
 */
export function SplitEditor({
  form,
  categories,
  onUnsplit,
}: {
  form: UseFormReturn<TransactionForm>;
  categories: readonly CategoryOption[];
  onUnsplit(): void;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'splits' });
  const remainder = useSplitRemainder(form);
  const errors = form.formState.errors.splits;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <Box role="group" aria-labelledby="split-lines-title">
      <Head>
        <span id="split-lines-title">Split</span>
        <Button type="button" $variant="ghost" $size="sm" onClick={onUnsplit}>
          Don’t split
        </Button>
      </Head>
      <Columns aria-hidden>
        <span>Category</span>
        <span>Amount</span>
        <span>Note (optional)</span>
      </Columns>
      {fields.map((field, i) => {
        const line = errors?.[i];
        const message = line?.amount?.message ?? line?.categoryId?.message ?? line?.notes?.message;
        return (
          <Line key={field.id}>
            <RecordSelect records={categories} aria-label={`Category of line ${i + 1}`} {...form.register(`splits.${i}.categoryId`)}>
              <option value="">Uncategorized</option>
            </RecordSelect>
            <Input
              aria-label={`Amount of line ${i + 1}`}
              aria-invalid={line?.amount ? true : undefined}
              inputMode="decimal"
              placeholder="0.00"
              {...form.register(`splits.${i}.amount`, MONEY_FIELD)}
            />
            <Input aria-label={`Note of line ${i + 1}`} placeholder="Note" maxLength={200} {...form.register(`splits.${i}.notes`)} />
            <Button
              type="button"
              $variant="ghost"
              $size="sm"
              aria-label={`Remove line ${i + 1}`}
              onClick={() => (fields.length === 1 ? onUnsplit() : remove(i))}
            >
              <X aria-hidden />
            </Button>
            {message && <LineError>{message}</LineError>}
          </Line>
        );
      })}
      <Foot>
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => append(splitLine(remainder.state === 'left' ? fromCents(remainder.cents) : ''))}
        >
          <Plus aria-hidden /> Add line
        </Button>
        <Remainder role="status" $state={remainder.state}>
          {remainder.text}
        </Remainder>
      </Foot>
      {listError && <LineError role="alert">{listError}</LineError>}
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  span {
    font-weight: 600;
    font-size: 0.88rem;
  }
`;
/** Category, amount, note, remove; on a phone the category takes a line of its own. */
const grid = `
  display: grid;
  grid-template-columns: minmax(0, 1.3fr) minmax(5.5rem, 0.7fr) minmax(0, 1fr) auto;
  gap: 0.5rem;
  align-items: center;
`;
const Columns = styled.div`
  ${grid}
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.78rem;
  font-weight: 600;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    display: none;
  }
`;
const Line = styled.div`
  ${grid}
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: minmax(5.5rem, 0.8fr) minmax(0, 1fr) auto;
    select {
      grid-column: 1 / -1;
    }
    & + & {
      border-top: 1px solid ${({ theme }) => theme.color.border};
      padding-top: 0.5rem;
    }
  }
`;
const LineError = styled.p`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.82rem;
`;
const Foot = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.5rem;
`;
const Remainder = styled.p<{ $state: SplitRemainder['state'] }>`
  font-size: 0.88rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $state }) =>
    $state === 'even'
      ? theme.color.success
      : $state === 'over'
        ? theme.color.danger
        : $state === 'left'
          ? theme.color.warning
          : theme.color.textMuted};
`;

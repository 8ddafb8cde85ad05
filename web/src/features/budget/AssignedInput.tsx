import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { RotateCcw } from 'lucide-react';
import type { AssignedInputMutation } from '../../__generated__/AssignedInputMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Input } from '../../components/Form.tsx';
import { typedAmountError } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { toCents, typedAmount } from '../../lib/money.ts';
import { ErrorText } from './ErrorText.tsx';
import { useShownMonth } from './budget-variables.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/**
 * A category's assigned amount in the month view, edited in place: typing an amount and leaving
 * the field (or Enter) sets it for this month (`setAssigned`); Escape puts the saved one back.
 * When the month has its own amount, "Follow the plan" clears it (`assigned: null`).
 */
export function AssignedInput({
  name,
  month,
  categoryId,
  assigned,
  assignedSet,
}: {
  name: string;
  /** The month shown, "YYYY-MM". */
  month: string;
  categoryId: string;
  assigned: string;
  assignedSet: boolean;
}) {
  // What is typed, until it is saved or put back; null shows the saved amount.
  const readOnly = useReadOnlyControl();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const shown = useShownMonth();
  const [commit, saving] = useMutationAction<AssignedInputMutation>(graphql`
    mutation AssignedInputMutation($input: SetAssignedInput!, $month: String) {
      setAssigned(input: $input) {
        viewer {
          budgetMonth(month: $month) {
            ...BudgetMonth_month
          }
        }
      }
    }
  `);
  const set = (amount: string | null) =>
    commit(
      { input: { month, categoryId, assigned: amount }, month: shown },
      {
        success: amount === null ? SUCCESS.planFollowed : SUCCESS.assigned,
        failure: FAILURE.assign,
        onFieldErrors: (errors) => setError(errors.assigned ?? Object.values(errors)[0]),
        onDone: () => {
          setDraft(null);
          setError(undefined);
        },
      },
    );
  const save = () => {
    if (draft === null || saving) return;
    const invalid = typedAmountError(draft);
    if (invalid) return setError(invalid);
    if (toCents(typedAmount(draft)) === toCents(assigned)) return setDraft(null);
    set(typedAmount(draft).trim());
  };
  const errorId = `${categoryId}-assigned-error`;
  return (
    <Box data-figure="Assigned">
      <small>{assignedSet ? 'Assigned · this month' : 'Assigned · plan'}</small>
      <Line>
        <AmountInput
          aria-label={`${name} assigned`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          inputMode="decimal"
          value={draft ?? assigned}
          disabled={saving}
          {...readOnly}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(undefined);
          }}
          onFocus={(e) => e.target.select()}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            if (e.key === 'Escape' && draft !== null) {
              e.preventDefault();
              e.stopPropagation();
              setDraft(null);
              setError(undefined);
            }
          }}
        />
        {assignedSet && (
          <Button
            type="button"
            $variant="ghost"
            $size="sm"
            aria-label={`${name}: follow the plan again`}
            title="Follow the plan again"
            disabled={saving}
            {...readOnly}
            onClick={() => set(null)}
          >
            <RotateCcw aria-hidden />
          </Button>
        )}
      </Line>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.75rem;
    font-weight: 500;
    white-space: nowrap;
  }
`;
const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 0.15rem;
  button {
    padding: 0.3rem;
  }
`;
const AmountInput = styled(Input)`
  min-width: 0;
  @media (max-width: 640px) {
    padding-left: 0.45rem;
    padding-right: 0.45rem;
  }
  padding-top: 0.3rem;
  padding-bottom: 0.3rem;
  text-align: right;
  font-variant-numeric: tabular-nums;
  font-weight: 650;
`;

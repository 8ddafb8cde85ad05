import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Repeat, Trash2 } from 'lucide-react';
import type { BudgetRow_category$key } from '../../__generated__/BudgetRow_category.graphql.ts';
import type { BudgetRowDeleteMutation } from '../../__generated__/BudgetRowDeleteMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Card } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EditButton, editableRow } from '../../components/EditButton.tsx';
import { Input } from '../../components/Form.tsx';
import { Progress } from '../../components/Progress.tsx';
import { Slider } from '../../components/Slider.tsx';
import { skipWhileOffscreen } from '../../components/offscreen.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { typedAmount } from '../../lib/money.ts';
import { categoryTypeLabel } from './category-types.ts';
import { CategoryDialog } from './CategoryDialog.tsx';
import { ErrorText } from './ErrorText.tsx';
import { useShownMonth } from './budget-variables.ts';
import type { Allocation } from './use-allocation-edits.ts';
import { otherPlanKind, planWords, switchPlanLabel, type PlanKind } from './plan-words.ts';
import { wholeWords } from '../../components/text.ts';

/**
 * One category of the Budget screen's list `connection`: its allocation as edited (a slider and
 * an amount, linked), its plan in words with a switch to the other kind, Edit (its name, type,
 * overspending rule and target; click it) and Delete.
 */
export function BudgetRow({
  category,
  connection,
  allocation,
  error,
  onPercent,
  onAmount,
  onPlanKind,
}: {
  category: BudgetRow_category$key;
  connection: string;
  allocation: Allocation;
  error?: string;
  onPercent(percent: number): void;
  onAmount(amount: string): void;
  onPlanKind(kind: PlanKind): void;
}) {
  const node = useFragment(
    graphql`
      fragment BudgetRow_category on BudgetCategory {
        id
        name
        type
        ...CategoryDialog_category
      }
    `,
    category,
  );
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const month = useShownMonth();
  const [remove, removing] = useMutationAction<BudgetRowDeleteMutation>(graphql`
    mutation BudgetRowDeleteMutation($id: ID!, $connections: [ID!]!, $month: String) {
      deleteBudgetCategory(id: $id) {
        deletedId @deleteEdge(connections: $connections)
        # Its spending becomes uncategorized in the month.
        viewer {
          budgetMonth(month: $month) {
            ...BudgetMonth_month
          }
        }
      }
    }
  `);
  return (
    <Row aria-label={node.name}>
      <RowHead>
        <div>
          <h2>{node.name}</h2>
          <Badge $tone="primary">{categoryTypeLabel(node.type)}</Badge>
        </div>
        <div>
          <EditButton name={node.name} onClick={() => setEditing(true)} />
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${node.name}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </RowHead>
      <Controls>
        <Slider value={allocation.percent} onChange={onPercent} label={`${node.name} percentage`} />
        <Percent>{allocation.percent}%</Percent>
        <AmountInput
          aria-label={`${node.name} amount`}
          aria-invalid={error ? true : undefined}
          inputMode="decimal"
          value={allocation.amount}
          onChange={(e) => onAmount(e.target.value)}
        />
      </Controls>
      {error && <ErrorText>{error}</ErrorText>}
      <Plan>
        <span aria-live="polite" data-plan={allocation.planKind}>
          {planWords(allocation.planKind, typedAmount(allocation.amount), allocation.percent)}
        </span>
        <Button
          type="button"
          $variant="ghost"
          $size="sm"
          aria-label={`${node.name}: ${switchPlanLabel(allocation.planKind).toLowerCase()}`}
          onClick={() => onPlanKind(otherPlanKind(allocation.planKind))}
        >
          <Repeat aria-hidden /> {switchPlanLabel(allocation.planKind)}
        </Button>
      </Plan>
      <Progress value={allocation.percent} label={`${node.name} share of income`} />
      {editing && <CategoryDialog category={node} open onOpenChange={setEditing} />}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete category?"
          description={`"${node.name}" will be removed; its transactions and bills stay, uncategorized.`}
          busy={removing}
          onConfirm={() =>
            remove(
              { id: node.id, connections: [connection], month },
              { success: SUCCESS.categoryDeleted, failure: FAILURE.deleteCategory, onDone: () => setConfirming(false) },
            )
          }
        />
      )}
    </Row>
  );
}

const Row = styled(Card)`
  ${editableRow}
  ${skipWhileOffscreen('144px')}
  display: grid;
  gap: 0.75rem;
  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;
const RowHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 0.5rem;
  & > div {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    flex-wrap: wrap;
  }
  & > div + div {
    flex: none;
    gap: 0;
  }
  h2 {
    font-size: 1rem;
    ${wholeWords}
  }
`;
const Controls = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 3.5rem 9rem;
  align-items: center;
  gap: 1rem;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr) 3rem;
    & > input {
      grid-column: 1 / -1;
    }
  }
`;
const Percent = styled.span`
  font-weight: 700;
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
const Plan = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.25rem 0.75rem;
  font-size: 0.88rem;
  color: ${({ theme }) => theme.color.textMuted};
  span {
    font-weight: 600;
    color: ${({ theme }) => theme.color.text};
  }
`;
const AmountInput = styled(Input)`
  text-align: right;
  font-variant-numeric: tabular-nums;
`;

import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { PieChart } from 'lucide-react';
import type { BudgetMonth_month$key } from '../../__generated__/BudgetMonth_month.graphql.ts';
import { Card } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { formatMonth } from '../../lib/dates.ts';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { useProgressive } from '../../lib/use-progressive.ts';
import { AssignFromPlanButton } from './AssignFromPlanButton.tsx';
import { ErrorText } from './ErrorText.tsx';
import { MonthNav } from './MonthNav.tsx';
import { FigureBox, MonthRow, Name, Row, Value } from './MonthRow.tsx';
import { MoveMoneyDialog } from './MoveMoneyDialog.tsx';

/**
 * The month view (docs/product.md#budget-allocation): Ready to Assign, the month with previous,
 * next and this month, Move money and Assign from plan, then each category's row and the totals.
 * `onMonth` moves to another month (null: the current one), counted from `requested` (the month
 * asked for, maybe still loading) so quick clicks each move one month. `error`: why the month the
 * URL asked for is not shown (the current one is, instead). `onPlan` opens the Plan tab.
 */
export function BudgetMonth({
  month,
  requested,
  error,
  onMonth,
  onPlan,
}: {
  month: BudgetMonth_month$key;
  requested: string | null;
  error?: string;
  onMonth(month: string | null): void;
  onPlan(): void;
}) {
  const m = useFragment(
    graphql`
      fragment BudgetMonth_month on BudgetMonth {
        month
        firstMonth
        income
        readyToAssign
        assigned
        spent
        available
        categories {
          categoryId
          ...MonthRow_category
          ...MoveMoneyDialog_categories
        }
      }
    `,
    month,
  );
  const label = formatMonth(m.month);
  const categories = useProgressive(m.categories);
  const overAssigned = isNegative(m.readyToAssign);
  return (
    <Card aria-label="Budget month">
      <Top>
        <MonthNav label={label} month={requested ?? m.month} firstMonth={m.firstMonth} current={requested === null} onMonth={onMonth} />
        {m.categories.some((c) => c.categoryId) && (
          <Actions>
            <MoveMoneyDialog month={m.month} label={label} categories={m.categories} />
            <AssignFromPlanButton month={m.month} label={label} />
          </Actions>
        )}
      </Top>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Ready aria-label="Ready to Assign" data-negative={overAssigned}>
        <div>
          <span>Ready to Assign</span>
          <strong>{formatMoney(m.readyToAssign)}</strong>
        </div>
        <p>
          {overAssigned
            ? `More is assigned than your income through ${label}: take some back from a category.`
            : `Income through ${label} not yet given a job.`}
        </p>
        <dl>
          <div>
            <dt>Income in {label}</dt>
            <dd>{formatMoney(m.income)}</dd>
          </div>
          <div>
            <dt>Assigned</dt>
            <dd>{formatMoney(m.assigned)}</dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd>{formatMoney(m.available)}</dd>
          </div>
        </dl>
      </Ready>
      {m.categories.length === 0 ? (
        <EmptyState
          icon={<PieChart aria-hidden />}
          title="No categories yet"
          text="Add categories and plan what each gets a month on the Plan tab."
          action={
            <Button type="button" onClick={onPlan}>
              Plan your budget
            </Button>
          }
        />
      ) : (
        <Rows aria-label={`Categories in ${label}`}>
          {categories.map((c) => (
            <MonthRow key={c.categoryId ?? 'uncategorized'} category={c} month={m.month} />
          ))}
          <Row aria-label="Total" className="total">
            <Name>
              <strong>Total</strong>
            </Name>
            <Total label="Assigned" value={m.assigned} />
            <Total label="Spent" value={m.spent} />
            <Total label="Available" value={m.available} />
            <div />
          </Row>
        </Rows>
      )}
    </Card>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <FigureBox data-figure={label}>
      <small>{label}</small>
      <Value $danger={isNegative(value)}>{formatMoney(value)}</Value>
    </FigureBox>
  );
}

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  @media (max-width: 640px) {
    width: 100%;
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    /* Two buttons side by side, each on one line: their words say enough. */
    svg {
      display: none;
    }
  }
`;
const Ready = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1.5rem;
  margin: 1rem 0;
  padding: 1rem 1.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.successSoft};
  & > div {
    display: flex;
    flex-direction: column;
  }
  span {
    font-size: 0.85rem;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
  }
  strong {
    font-size: 1.8rem;
    font-weight: 750;
    letter-spacing: -0.01em;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.color.success};
  }
  p {
    flex: 1 1 14rem;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
  &[data-negative='true'] {
    background: ${({ theme }) => theme.color.dangerSoft};
    strong {
      color: ${({ theme }) => theme.color.danger};
    }
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.25rem;
    margin: 0;
    & > div {
      display: flex;
      flex-direction: column;
    }
  }
  dt {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;
const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

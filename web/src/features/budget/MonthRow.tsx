import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CornerDownRight } from 'lucide-react';
import type { MonthRow_category$key } from '../../__generated__/MonthRow_category.graphql.ts';
import { Badge } from '../../components/Badge.tsx';
import { Progress } from '../../components/Progress.tsx';
import { skipWhileOffscreen } from '../../components/offscreen.ts';
import { wholeWords } from '../../components/text.ts';
import { formatMoney } from '../../lib/money.ts';
import { AssignedInput } from './AssignedInput.tsx';
import { categoryTypeLabel } from './category-types.ts';
import { envelopeFill, envelopeTone } from './envelope-tone.ts';
import { availableTone, carriedWords } from './month-words.ts';
import { MonthTarget } from './MonthTarget.tsx';

/**
 * One category of the month view (docs/product.md#budget-allocation): its name and type, what came
 * in from the month before, Assigned (edited in place), Spent, Available (green, amber or red) and
 * a bar of spent against what it had; its target's need and whether it is funded. Uncategorized
 * spending has no assigned amount to edit.
 */
export function MonthRow({ category, month }: { category: MonthRow_category$key; month: string }) {
  const c = useFragment(
    graphql`
      fragment MonthRow_category on BudgetMonthCategory {
        categoryId
        name
        type
        assigned
        assignedSet
        carried
        spent
        available
        percentUsed
        status
        carryOverspending
        ...MonthTarget_category
      }
    `,
    category,
  );
  const carried = carriedWords(c.carried, month);
  const tone = availableTone(c.status, c.available);
  return (
    <Row aria-label={c.name} data-status={c.status}>
      <Name>
        <strong>{c.name}</strong>
        <Notes>
          <small>{c.type ? categoryTypeLabel(c.type) : 'Spending without a category'}</small>
          {carried && (
            <Note data-note="carried">
              <CornerDownRight aria-hidden /> {carried}
            </Note>
          )}
          {c.carryOverspending && <Note data-note="carries-overspending">Carries overspending</Note>}
        </Notes>
      </Name>
      {c.categoryId ? (
        <AssignedInput name={c.name} month={month} categoryId={c.categoryId} assigned={c.assigned} assignedSet={c.assignedSet} />
      ) : (
        <Figure label="Assigned" value="—" />
      )}
      <Figure label="Spent" value={formatMoney(c.spent)} />
      <FigureBox data-figure="Available">
        <small>Available</small>
        <Value data-tone={tone}>
          <Badge $tone={tone}>{formatMoney(c.available)}</Badge>
        </Value>
      </FigureBox>
      <Meter>
        {c.status !== 'NONE' && (
          <div className="bar">
            <Progress
              value={envelopeFill(c.percentUsed, c.status)}
              tone={envelopeTone(c.status)}
              label={`${c.name} spent of what it had`}
            />
            <small>{c.percentUsed == null ? (c.status === 'OVER' ? 'Over' : '—') : `${c.percentUsed}%`}</small>
          </div>
        )}
        <MonthTarget category={c} />
      </Meter>
    </Row>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <FigureBox data-figure={label}>
      <small>{label}</small>
      <Value>{value}</Value>
    </FigureBox>
  );
}

/** The month view's grid: name, assigned, spent, available, bar; on a phone the name and bar span the row. */
export const Row = styled.li`
  ${skipWhileOffscreen('72px')}
  display: grid;
  grid-template-columns: minmax(8rem, 1.5fr) minmax(7.5rem, 1fr) minmax(5.5rem, 0.8fr) minmax(6rem, 0.8fr) minmax(8rem, 1.3fr);
  align-items: start;
  gap: 0.5rem 1rem;
  padding: 0.75rem 0.25rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  &:first-child {
    border-top: 0;
  }
  &.total {
    border-top: 2px solid ${({ theme }) => theme.color.border};
    font-weight: 700;
  }
  @media (max-width: 640px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    column-gap: 0.6rem;
    & > :first-child,
    & > :last-child {
      grid-column: 1 / -1;
    }
    & > :last-child:empty {
      display: none;
    }
  }
`;
export const Name = styled.div`
  align-self: center;
  min-width: 0;
  strong {
    display: block;
    ${wholeWords}
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Notes = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.1rem 0.6rem;
  font-size: 0.8rem;
`;
const Note = styled.small`
  display: inline-flex;
  align-items: center;
  gap: 0.2rem;
  svg {
    width: 0.85rem;
    height: 0.85rem;
  }
`;
export const FigureBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
  gap: 0.1rem;
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.75rem;
    font-weight: 500;
  }
  ${Badge} {
    font-size: 0.85rem;
    padding: 0.15rem 0.6rem;
    @media (max-width: 640px) {
      font-size: 0.8rem;
      padding: 0.15rem 0.45rem;
    }
  }
`;
/** A figure's value, as tall as the Assigned field beside it, so the figures of a row line up. */
export const Value = styled.span<{ $danger?: boolean }>`
  display: flex;
  align-items: center;
  min-height: 2.15rem;
  font-variant-numeric: tabular-nums;
  font-weight: 650;
  color: ${({ theme, $danger }) => ($danger ? theme.color.danger : 'inherit')};
`;
const Meter = styled.div`
  align-self: center;
  display: grid;
  gap: 0.35rem;
  min-width: 0;
  .bar {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    & > :first-child {
      flex: 1;
    }
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.8rem;
    min-width: 3.2rem;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

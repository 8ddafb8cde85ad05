import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Target } from 'lucide-react';
import type { MonthTarget_category$key } from '../../__generated__/MonthTarget_category.graphql.ts';
import { Progress } from '../../components/Progress.tsx';
import { targetFill, targetProgress, targetWords } from './month-words.ts';

/**
 * A category's target in the month view: what it is, what it needs a month (save by a date), and
 * whether the month's assigned amount funds it, with a bar of how much of the need is assigned.
 */
export function MonthTarget({ category }: { category: MonthTarget_category$key }) {
  const { name, assigned, target, targetNeeded, underfunded } = useFragment(
    graphql`
      fragment MonthTarget_category on BudgetMonthCategory {
        name
        assigned
        target {
          kind
          amount
          date
        }
        targetNeeded
        underfunded
      }
    `,
    category,
  );
  if (!target) return null;
  const { kind, amount, date } = target;
  const progress = targetProgress({ kind, amount, date }, targetNeeded, underfunded);
  return (
    <Line data-short={progress.short}>
      <Target aria-hidden />
      <span>
        {targetWords({ kind, amount, date })}
        {progress.perMonth && ` · ${progress.perMonth}`} · <b>{progress.status}</b>
      </span>
      <Progress value={targetFill(assigned, targetNeeded)} tone={progress.short ? 'warning' : 'success'} label={`${name} target funded`} />
    </Line>
  );
}

const Line = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: 0.2rem 0.4rem;
  font-size: 0.78rem;
  color: ${({ theme }) => theme.color.textMuted};
  svg {
    width: 0.85rem;
    height: 0.85rem;
  }
  b {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-short='true'] b {
    color: ${({ theme }) => theme.color.warning};
  }
  & > [role='progressbar'] {
    grid-column: 2;
    height: 0.3rem;
  }
`;

import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CalendarRange, ChevronLeft, ChevronRight } from 'lucide-react';
import type { BudgetMonth_month$key } from '../../__generated__/BudgetMonth_month.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Progress } from '../../components/Progress.tsx';
import { formatMonth, shiftMonth } from '../../lib/dates.ts';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { categoryTypeLabel } from './category-types.ts';
import { envelopeFill, envelopeTone } from './envelope-tone.ts';
import { ErrorText } from './ErrorText.tsx';
import { skipWhileOffscreen } from '../../components/offscreen.ts';
import { useProgressive } from '../../lib/use-progressive.ts';
import { wholeWords } from '../../components/text.ts';

/**
 * Budget: this month (docs/product.md#budget-this-month): each category's envelope, what was spent
 * in it and what remains, for one calendar month; `onMonth` moves to another month, counted from
 * `requested` (the month asked for, maybe still loading) so quick clicks each move one month.
 * `error`: why the month the URL asked for is not shown (the current one is, instead).
 */
export function BudgetMonth({
  month,
  requested,
  error,
  onMonth,
}: {
  month: BudgetMonth_month$key;
  requested: string | null;
  error?: string;
  onMonth(month: string): void;
}) {
  const m = useFragment(
    graphql`
      fragment BudgetMonth_month on BudgetMonth {
        month
        income
        envelopes
        spent
        remaining
        categories {
          categoryId
          name
          type
          envelope
          spent
          remaining
          percentUsed
          status
        }
      }
    `,
    month,
  );
  const label = formatMonth(m.month);
  const categories = useProgressive(m.categories);
  return (
    <Card aria-label="This month">
      <CardHeader>
        <div>
          <h2>This month</h2>
          <Muted>
            {formatMoney(m.income)} income · {formatMoney(m.envelopes)} in envelopes
          </Muted>
          {error && <ErrorText role="alert">{error}</ErrorText>}
        </div>
        <MonthNav>
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            aria-label="Previous month"
            onClick={() => onMonth(shiftMonth(requested ?? m.month, -1))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <strong aria-live="polite">{label}</strong>
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            aria-label="Next month"
            onClick={() => onMonth(shiftMonth(requested ?? m.month, 1))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </MonthNav>
      </CardHeader>
      {m.categories.length === 0 ? (
        <EmptyState icon={<CalendarRange aria-hidden />} title="Nothing to show" text={`No categories and no spending in ${label}.`} />
      ) : (
        <Rows>
          {categories.map((c) => (
            <Row key={c.categoryId ?? 'uncategorized'} aria-label={c.name} data-status={c.status}>
              <Name>
                <strong>{c.name}</strong>
                <small>{c.type ? categoryTypeLabel(c.type) : 'No envelope'}</small>
              </Name>
              <Figure label="Envelope" value={formatMoney(c.envelope)} />
              <Figure label="Spent" value={formatMoney(c.spent)} />
              <Figure label="Remaining" value={formatMoney(c.remaining)} tone={isNegative(c.remaining) ? 'danger' : undefined} />
              <Meter>
                {c.status === 'NONE' ? (
                  <small>Spending without a category</small>
                ) : (
                  <>
                    <Progress
                      value={envelopeFill(c.percentUsed, c.status)}
                      tone={envelopeTone(c.status)}
                      label={`${c.name} spent of envelope`}
                    />
                    <small>{c.percentUsed == null ? (c.status === 'OVER' ? 'No envelope' : '—') : `${c.percentUsed}%`}</small>
                  </>
                )}
              </Meter>
            </Row>
          ))}
          <Row aria-label="Total" className="total">
            <Name>
              <strong>Total</strong>
            </Name>
            <Figure label="Envelope" value={formatMoney(m.envelopes)} />
            <Figure label="Spent" value={formatMoney(m.spent)} />
            <Figure label="Remaining" value={formatMoney(m.remaining)} tone={isNegative(m.remaining) ? 'danger' : undefined} />
            <Meter />
          </Row>
        </Rows>
      )}
    </Card>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'danger' }) {
  return (
    <FigureBox data-figure={label} $danger={tone === 'danger'}>
      <small>{label}</small>
      <span>{value}</span>
    </FigureBox>
  );
}

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
  margin-top: 0.15rem;
`;
const MonthNav = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  strong {
    min-width: 9.5rem;
    text-align: center;
    font-variant-numeric: tabular-nums;
  }
  svg {
    width: 1rem;
    height: 1rem;
  }
`;
const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Row = styled.li`
  ${skipWhileOffscreen('61px')}
  display: grid;
  grid-template-columns: minmax(8rem, 1.4fr) repeat(3, minmax(5.5rem, 1fr)) minmax(7rem, 1.3fr);
  align-items: center;
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
    grid-template-columns: repeat(3, 1fr);
    & > :first-child,
    & > :last-child {
      grid-column: 1 / -1;
    }
  }
`;
const Name = styled.div`
  min-width: 0;
  strong {
    display: block;
    ${wholeWords}
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const FigureBox = styled.div<{ $danger: boolean }>`
  display: flex;
  flex-direction: column;
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.75rem;
    font-weight: 500;
  }
  span {
    font-variant-numeric: tabular-nums;
    font-weight: 650;
    color: ${({ theme, $danger }) => ($danger ? theme.color.danger : 'inherit')};
  }
`;
const Meter = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  & > :first-child {
    flex: 1;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.8rem;
    min-width: 3.2rem;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

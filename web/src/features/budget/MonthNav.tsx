import styled from 'styled-components';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { shiftMonth } from '../../lib/dates.ts';

/**
 * The month view's month: previous, its name (announced when it changes), next, and This month.
 * `month` is the one asked for (the arrows count from it); before the budget's first month there
 * is nothing to see, so Previous stops there.
 */
export function MonthNav({
  label,
  month,
  firstMonth,
  current,
  onMonth,
}: {
  label: string;
  month: string;
  firstMonth: string | null | undefined;
  /** The current month is shown: This month has nothing to do. */
  current: boolean;
  onMonth(month: string | null): void;
}) {
  return (
    <Nav aria-label="Months">
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        aria-label="Previous month"
        disabled={firstMonth != null && month <= firstMonth}
        onClick={() => onMonth(shiftMonth(month, -1))}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <h2 aria-live="polite">{label}</h2>
      <Button type="button" $variant="secondary" $size="sm" aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
        <ChevronRight aria-hidden />
      </Button>
      <Button type="button" $variant="ghost" $size="sm" disabled={current} onClick={() => onMonth(null)}>
        This month
      </Button>
    </Nav>
  );
}

const Nav = styled.nav`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem;
  h2 {
    min-width: 9.5rem;
    text-align: center;
    font-size: 1.1rem;
    font-variant-numeric: tabular-nums;
  }
  svg {
    width: 1rem;
    height: 1rem;
  }
  /* On a phone the month and This month share the line. */
  @media (max-width: 640px) {
    gap: 0.2rem;
    button {
      padding-left: 0.45rem;
      padding-right: 0.45rem;
    }
    h2 {
      min-width: 0;
      font-size: 0.95rem;
    }
  }
`;

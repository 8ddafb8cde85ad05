import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatMoney } from '../../lib/money.ts';
import { chartNumber, share } from './chart-number.ts';

/**
 * Reports' per-category bars as a list of links, one row per category: its name, its bar(s) and its
 * figures. Plain HTML, not the charting library, which draws fifty categories as SVG bars and measured
 * tick labels in one long task after each click to Reports
 * (docs/performance.md#what-a-click-draws-reports-and-budget); these rows are cheap to draw, show
 * every name and figure without hovering, and each is a real link
 * (keyboard, new tab) to the category's transactions of the window.
 */
type Linked = { name: string; link: string };

export function SpendingBars({ rows }: { rows: readonly ({ amount: string } & Linked)[] }) {
  const max = Math.max(0, ...rows.map((r) => chartNumber(r.amount)));
  return (
    <Rows aria-label="Spending by category">
      {rows.map((r) => (
        <li key={r.link}>
          <Row to={r.link}>
            <Name title={r.name}>{r.name}</Name>
            <Bars aria-hidden>
              <Fill $tone="primary" style={{ width: `${share(chartNumber(r.amount), max)}%` }} />
            </Bars>
            <Figure>{formatMoney(r.amount)}</Figure>
          </Row>
        </li>
      ))}
    </Rows>
  );
}

/**
 * Each category's budget for the window (what the months it covers assigned it, a month covered in
 * part for its share of days) against what it spent, the spent bar and figure red when over
 * (docs/product.md#reports). Both bars share one scale.
 */
export function BudgetVsActualBars({ rows }: { rows: readonly ({ budget: string; spent: string; over: boolean } & Linked)[] }) {
  const max = Math.max(0, ...rows.flatMap((r) => [chartNumber(r.budget), chartNumber(r.spent)]));
  return (
    <>
      <Legend aria-hidden>
        <Key $tone="textMuted">Budget</Key>
        <Key $tone="primary">Spent</Key>
        <Key $tone="danger">Over budget</Key>
      </Legend>
      <Rows aria-label="Budget vs actual by category">
        {rows.map((r) => {
          const [spent, budget] = [formatMoney(r.spent), formatMoney(r.budget)];
          return (
            <li key={r.link}>
              <Row to={r.link} aria-label={`${r.name}: ${spent} spent of ${budget}${r.over ? ', over budget' : ''}`}>
                <Name title={r.name}>{r.name}</Name>
                <Bars aria-hidden>
                  <Fill $tone="textMuted" style={{ width: `${share(chartNumber(r.budget), max)}%` }} />
                  <Fill $tone={r.over ? 'danger' : 'primary'} style={{ width: `${share(chartNumber(r.spent), max)}%` }} />
                </Bars>
                <Figure>
                  <Spent $over={r.over}>{spent}</Spent> <Muted>of {budget}</Muted>
                </Figure>
              </Row>
            </li>
          );
        })}
      </Rows>
    </>
  );
}

type Tone = 'primary' | 'danger' | 'textMuted';

// One grid for every row (subgrid), so the bars start and end at the same place whatever a name
// or a figure's width: their lengths compare.
const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 9rem) minmax(3rem, 1fr) auto;
  gap: 0.125rem 0.75rem;
  li {
    display: grid;
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: minmax(0, 6.5rem) minmax(2rem, 1fr) auto;
    column-gap: 0.5rem;
  }
`;
const Row = styled(Link)`
  display: grid;
  grid-column: 1 / -1;
  grid-template-columns: subgrid;
  align-items: center;
  padding: 0.45rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-size: 0.875rem;
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`;
const Name = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const Bars = styled.span`
  display: grid;
  gap: 3px;
`;
const Fill = styled.span<{ $tone: Tone }>`
  display: block;
  height: 0.625rem;
  min-width: 2px;
  border-radius: 0 ${({ theme }) => theme.radius.full} ${({ theme }) => theme.radius.full} 0;
  background: ${({ theme, $tone }) => theme.color[$tone]};
`;
const Figure = styled.span`
  text-align: right;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;
const Spent = styled.span<{ $over: boolean }>`
  color: ${({ theme, $over }) => ($over ? theme.color.danger : 'inherit')};
  font-weight: ${({ $over }) => ($over ? 600 : 'inherit')};
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  /* On a phone "of $budget" goes under the spent figure, leaving the bars their room. */
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    display: block;
    font-size: 0.8rem;
  }
`;
const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin: -0.25rem 0 0.5rem 0.5rem;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Key = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  &::before {
    content: '';
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 3px;
    background: ${({ theme, $tone }) => theme.color[$tone]};
  }
`;

import { lazy, Suspense, useRef } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { NetWorthHistory_months$key } from '../../__generated__/NetWorthHistory_months.graphql.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { fromCents, toCents, formatMoney } from '../../lib/money.ts';
import { useNearViewport } from '../../lib/use-near-viewport.ts';

// The chart library loads and draws only when the chart comes near the viewport (as the trend's).
const NetWorthChart = lazy(() => import('./NetWorthChart.tsx').then((m) => ({ default: m.NetWorthChart })));

const SPANS = [
  [1, '1 month'],
  [6, '6 months'],
  [12, '12 months'],
] as const;

/**
 * Net worth over time (docs/product.md#net-worth-over-time): the change over 1, 6 and 12 months,
 * then the monthly totals as a chart of `height`. A change is the difference of two of the
 * server's month-end totals, worked out in whole cents; a span longer than the history shows —.
 */
export function NetWorthHistory({ months: key, height }: { months: NetWorthHistory_months$key; height: number }) {
  const months = useFragment(
    graphql`
      fragment NetWorthHistory_months on NetWorthMonth @relay(plural: true) {
        total
        ...NetWorthChart_months
      }
    `,
    key,
  );
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const last = months.at(-1);
  const placeholder = <Skeleton $h={`${height}px`} aria-hidden />;
  return (
    <div ref={ref}>
      <Changes aria-label="Net worth change">
        {SPANS.map(([span, label]) => {
          const then = months.at(-1 - span);
          const change = last && then ? fromCents(toCents(last.total) - toCents(then.total)) : null;
          const down = change?.startsWith('-');
          return (
            <div key={span}>
              <span>{label}</span>
              <strong className={change === null ? undefined : down ? 'down' : 'up'}>
                {change === null ? '—' : down ? formatMoney(change) : `+${formatMoney(change)}`}
              </strong>
            </div>
          );
        })}
      </Changes>
      {near ? (
        <Suspense fallback={placeholder}>
          <NetWorthChart months={months} height={height} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

const Changes = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 0.5rem;
  margin: 0.5rem 0 0.75rem;
  span {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.78rem;
  }
  strong {
    font-size: 0.95rem;
    font-variant-numeric: tabular-nums;
  }
  .up {
    color: ${({ theme }) => theme.color.success};
  }
  .down {
    color: ${({ theme }) => theme.color.danger};
  }
`;

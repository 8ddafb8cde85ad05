import { lazy, Suspense, useRef } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { ArrowRight, BarChart3 } from 'lucide-react';
import type { IncomeSpendingCard_viewer$key } from '../../__generated__/IncomeSpendingCard_viewer.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useNearViewport } from '../../lib/use-near-viewport.ts';
import { ViewAll } from './card-parts.tsx';

// The charting library is the biggest part of the Reports code: the Dashboard fetches it only when
// this card (below the fold on most screens) comes into view, so a cold load does not wait for it.
const TrendChart = lazy(() => import('../reports/ReportCharts.tsx').then((m) => ({ default: m.TrendChart })));
const CHART_HEIGHT = '260px';

/** The Dashboard's Income vs Spending card: the last 12 calendar months (docs/product.md#reports). */
export function IncomeSpendingCard({ viewer }: { viewer: IncomeSpendingCard_viewer$key }) {
  const { trend } = useFragment(
    graphql`
      fragment IncomeSpendingCard_viewer on User {
        trend(months: 12) {
          income
          spending
          ...ReportCharts_months
        }
      }
    `,
    viewer,
  );
  const empty = trend.every((m) => m.income === '0.00' && m.spending === '0.00');
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const placeholder = <Skeleton $h={CHART_HEIGHT} aria-hidden />;
  return (
    <Wide ref={ref}>
      <CardHeader>
        <h2>
          Income vs Spending <Muted>· last 12 months</Muted>
        </h2>
        <ViewAll to="/reports">
          View Reports <ArrowRight aria-hidden />
        </ViewAll>
      </CardHeader>
      {empty ? (
        <EmptyState
          icon={<BarChart3 aria-hidden />}
          title="Nothing to compare yet"
          text="Paychecks and expenses show here month by month"
        />
      ) : near ? (
        <Suspense fallback={placeholder}>
          <TrendChart months={trend} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Wide>
  );
}

/** A chart: the whole width of the Dashboard's grid of cards. */
const Wide = styled(Card)`
  grid-column: 1 / -1;
`;
const Muted = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 500;
  font-size: 0.85rem;
`;

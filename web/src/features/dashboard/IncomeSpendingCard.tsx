import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { ArrowRight, BarChart3 } from 'lucide-react';
import type { IncomeSpendingCard_viewer$key } from '../../__generated__/IncomeSpendingCard_viewer.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TrendChartNearView } from '../reports/TrendChartNearView.tsx';
import { ViewAll } from './card-parts.tsx';

/** The Dashboard's Income vs Spending card: the last 12 calendar months (docs/product.md#reports). */
export function IncomeSpendingCard({ viewer }: { viewer: IncomeSpendingCard_viewer$key }) {
  const { trend } = useFragment(
    graphql`
      fragment IncomeSpendingCard_viewer on User {
        trend(months: 12) {
          income
          spending
          ...TrendChartNearView_months
        }
      }
    `,
    viewer,
  );
  const empty = trend.every((m) => m.income === '0.00' && m.spending === '0.00');
  return (
    <Wide>
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
      ) : (
        <TrendChartNearView months={trend} />
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

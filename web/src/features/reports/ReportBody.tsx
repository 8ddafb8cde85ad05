import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { ReportBody_report$key } from '../../__generated__/ReportBody_report.graphql.ts';
import type { ReportBody_trend$key } from '../../__generated__/ReportBody_trend.graphql.ts';
import type { ReportBody_netWorth$key } from '../../__generated__/ReportBody_netWorth.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { CategoryCharts } from './CategoryCharts.tsx';
import { ReportStats } from './ReportStats.tsx';
import { TrendChartNearView } from './TrendChartNearView.tsx';
import { NetWorthHistory } from './NetWorthHistory.tsx';
import type { ReportView } from './report-url.ts';

/** A tab's report: the figures, the two category charts of the window, the 12-month trend and net worth over time. */
export function ReportBody({
  report,
  trend,
  netWorth,
  view,
}: {
  report: ReportBody_report$key;
  trend: ReportBody_trend$key;
  netWorth: ReportBody_netWorth$key;
  view: ReportView;
}) {
  const r = useFragment(
    graphql`
      fragment ReportBody_report on Report {
        ...ReportStats_report
        ...CategoryCharts_report
      }
    `,
    report,
  );
  const months = useFragment(
    graphql`
      fragment ReportBody_trend on TrendMonth @relay(plural: true) {
        ...TrendChartNearView_months
      }
    `,
    trend,
  );
  const netWorthMonths = useFragment(
    graphql`
      fragment ReportBody_netWorth on NetWorthMonth @relay(plural: true) {
        ...NetWorthHistory_months
      }
    `,
    netWorth,
  );
  return (
    <>
      <ReportStats report={r} />
      <CategoryCharts report={r} view={view} />
      <Trend>
        <CardHeader>
          <h2>Income vs Spending</h2>
          <small>Last 12 calendar months</small>
        </CardHeader>
        <TrendChartNearView months={months} />
      </Trend>
      <Trend aria-label="Net worth over time">
        <CardHeader>
          <h2>Net Worth</h2>
          <small>All accounts, last 24 month ends</small>
        </CardHeader>
        <NetWorthHistory months={netWorthMonths} height={260} />
      </Trend>
    </>
  );
}

const Trend = styled(Card)`
  margin-top: 1rem;
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

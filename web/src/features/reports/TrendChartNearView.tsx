import { lazy, Suspense, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { TrendChartNearView_months$key } from '../../__generated__/TrendChartNearView_months.graphql.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useNearViewport } from '../../lib/use-near-viewport.ts';

// The charting library is the biggest part of the Reports code, and drawing the chart costs a long
// task: the trend (below the fold on the Dashboard and on Reports) fetches and draws it only when it
// comes near the viewport, so neither a cold load nor a click to either screen waits for it.
const TrendChart = lazy(() => import('./ReportCharts.tsx').then((m) => ({ default: m.TrendChart })));

/** The 12-month trend chart, drawn once it is about to be seen; a placeholder of its size until then. */
export function TrendChartNearView({ months: key }: { months: TrendChartNearView_months$key }) {
  const months = useFragment(
    graphql`
      fragment TrendChartNearView_months on TrendMonth @relay(plural: true) {
        ...ReportCharts_months
      }
    `,
    key,
  );
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const placeholder = <Skeleton $h="260px" aria-hidden />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <TrendChart months={months} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

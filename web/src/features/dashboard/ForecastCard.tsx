import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { AlertTriangle } from 'lucide-react';
import type { ForecastCard_viewer$key } from '../../__generated__/ForecastCard_viewer.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { belowZeroWarning } from '../schedules/forecast-labels.ts';
import { Muted } from './card-parts.tsx';

// The chart library loads with the card's chart, not with the main script.
const ForecastChart = lazy(() => import('../schedules/ForecastChart.tsx'));

/**
 * Forecast (docs/product.md#forecast): the warnings of accounts that go below zero in the next 90
 * days, the lowest total balance and its day, and the total's chart.
 */
export function ForecastCard({ viewer }: { viewer: ForecastCard_viewer$key }) {
  const { forecast, forecastWarnings } = useFragment(
    graphql`
      fragment ForecastCard_viewer on User {
        forecastWarnings {
          accountId
          accountName
          date
        }
        forecast(days: 90) {
          days {
            date
            balance
          }
          lowest {
            date
            balance
          }
        }
      }
    `,
    viewer,
  );
  return (
    <Card aria-label="Forecast">
      <CardHeader>
        <h2>Forecast</h2>
      </CardHeader>
      {forecastWarnings.map((w) => (
        <Warning key={w.accountId} role="alert">
          <AlertTriangle aria-hidden /> {belowZeroWarning(w.accountName, w.date)}
        </Warning>
      ))}
      <Muted>
        Lowest in the next 90 days:{' '}
        <Low className={isNegative(forecast.lowest.balance) ? 'negative' : undefined}>{formatMoney(forecast.lowest.balance)}</Low> on{' '}
        {formatShortDate(forecast.lowest.date)}
      </Muted>
      <Suspense fallback={<div style={{ height: 160 }} />}>
        <ForecastChart days={forecast.days} height={160} />
      </Suspense>
    </Card>
  );
}

const Warning = styled.p`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  margin-bottom: 0.5rem;
  padding: 0.5rem 0.65rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  color: ${({ theme }) => theme.color.warning};
  font-weight: 600;
  font-size: 0.9rem;
  svg {
    width: 1rem;
    height: 1rem;
    flex: none;
  }
`;
const Low = styled.strong`
  color: ${({ theme }) => theme.color.text};
  &.negative {
    color: ${({ theme }) => theme.color.danger};
  }
`;

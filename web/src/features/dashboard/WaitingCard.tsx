import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { ArrowRight } from 'lucide-react';
import type { WaitingCard_viewer$key } from '../../__generated__/WaitingCard_viewer.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { OccurrenceActions } from '../schedules/OccurrenceActions.tsx';
import { CardList, Muted, ViewAll } from './card-parts.tsx';

/**
 * "Waiting for you" (docs/product.md#schedules): the "ask first" occurrences due today or before,
 * each with Post / Skip. `onDone` reloads the Dashboard: a post moves this month's figures.
 */
export function WaitingCard({ viewer, onDone }: { viewer: WaitingCard_viewer$key; onDone(): void }) {
  const { waitingOccurrences } = useFragment(
    graphql`
      fragment WaitingCard_viewer on User {
        waitingOccurrences {
          date
          schedule {
            id
            payee
            amount
            kind
          }
        }
      }
    `,
    viewer,
  );
  return (
    <Card aria-label="Waiting for you">
      <CardHeader>
        <h2>
          Waiting for you <Badge $tone="warning">{waitingOccurrences.length}</Badge>
        </h2>
        <ViewAll to="/schedules">
          Schedules <ArrowRight aria-hidden />
        </ViewAll>
      </CardHeader>
      {waitingOccurrences.length === 0 ? (
        <Muted>Nothing waiting: scheduled items that ask first show here when due.</Muted>
      ) : (
        <CardList>
          {waitingOccurrences.map((o) => (
            <li key={`${o.schedule.id}-${o.date}`} aria-label={o.schedule.payee}>
              <Row>
                <div>
                  <strong>{o.schedule.payee}</strong>
                  <small>{formatShortDate(o.date)}</small>
                </div>
                <span className="amount">
                  {o.schedule.kind === 'paycheck' ? '+' : ''}
                  {formatMoney(o.schedule.amount)}
                </span>
                <span className="actions">
                  <OccurrenceActions id={o.schedule.id} date={o.date} payee={o.schedule.payee} onDone={onDone} />
                </span>
              </Row>
            </li>
          ))}
        </CardList>
      )}
    </Card>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.75rem;
  padding: 0.6rem 0.25rem;
  & > div {
    flex: 1 1 8rem;
    min-width: 0;
    display: grid;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.82rem;
  }
  .amount {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .actions {
    display: inline-flex;
    gap: 0.35rem;
  }
`;

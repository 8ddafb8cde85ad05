import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Pencil, Trash2 } from 'lucide-react';
import type { SchedulesPageQuery } from '../../__generated__/SchedulesPageQuery.graphql.ts';
import type { SchedulesPageDeleteMutation } from '../../__generated__/SchedulesPageDeleteMutation.graphql.ts';
import type { SchedulesPage_schedule$key } from '../../__generated__/SchedulesPage_schedule.graphql.ts';
import type { ScheduleDialog_viewer$key } from '../../__generated__/ScheduleDialog_viewer.graphql.ts';
import { useRefetchQuery, useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { formatMoney } from '../../lib/money.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CardList, Muted } from '../dashboard/card-parts.tsx';
import { SCHEDULE_KIND_LABELS, type ScheduleKind } from '../../../../shared/inputs/schedules.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { OccurrenceActions } from './OccurrenceActions.tsx';
import { describeFrequency } from './schedule-labels.ts';

const QUERY = graphql`
  query SchedulesPageQuery {
    viewer {
      schedules(first: 200) {
        totalCount
        edges {
          node {
            id
            ...SchedulesPage_schedule
          }
        }
      }
      upcomingOccurrences(days: 30) {
        date
        waiting
        schedule {
          id
          payee
          amount
          kind
          autoPost
        }
      }
      ...ScheduleDialog_viewer
    }
  }
`;

/**
 * Schedules (docs/product.md#schedules): Add Schedule, every schedule with its rule and next date,
 * and the occurrences of the next 30 days with Post / Skip. A change reloads the screen: the
 * dates to come and what a save posted are computed by the server.
 */
export default function SchedulesPage() {
  const { viewer } = useRouteQuery<SchedulesPageQuery>(QUERY, {});
  const reload = useRefetchQuery<SchedulesPageQuery>(QUERY, {});
  const { schedules, upcomingOccurrences } = viewer;
  return (
    <>
      <PageHeader
        title="Schedules"
        description="Bills, paychecks and transfers that come back: posted for you, or waiting for a click."
        actions={<ScheduleDialog viewer={viewer} onSaved={reload} />}
      />
      <Layout>
        <Card aria-label="Your schedules">
          <CardHeader>
            <h2>
              Your schedules <Badge $tone="primary">{schedules.totalCount}</Badge>
            </h2>
          </CardHeader>
          {schedules.edges.length === 0 ? (
            <EmptyState title="No schedules yet" text="Add rent, a paycheck or a monthly transfer to savings." />
          ) : (
            <CardList>
              {schedules.edges.map(({ node }) => (
                <ScheduleRow key={node.id} schedule={node} viewer={viewer} onChanged={reload} />
              ))}
            </CardList>
          )}
        </Card>
        <Card aria-label="Upcoming">
          <CardHeader>
            <h2>Next 30 days</h2>
          </CardHeader>
          {upcomingOccurrences.length === 0 ? (
            <Muted>Nothing scheduled in the next 30 days.</Muted>
          ) : (
            <CardList>
              {upcomingOccurrences.map((o) => (
                <li key={`${o.schedule.id}-${o.date}`} aria-label={`${o.schedule.payee} ${o.date}`}>
                  <Row>
                    <div>
                      <strong>{o.schedule.payee}</strong>
                      <small className={o.waiting ? 'waiting' : undefined}>
                        {formatShortDate(o.date)} ·{' '}
                        {o.waiting ? 'Waiting for you' : o.schedule.autoPost ? 'Posts automatically' : 'Ask first'}
                      </small>
                    </div>
                    <span className="amount">
                      {o.schedule.kind === 'paycheck' ? '+' : ''}
                      {formatMoney(o.schedule.amount)}
                    </span>
                    <span className="actions">
                      <OccurrenceActions id={o.schedule.id} date={o.date} payee={o.schedule.payee} onDone={reload} />
                    </span>
                  </Row>
                </li>
              ))}
            </CardList>
          )}
        </Card>
      </Layout>
    </>
  );
}

function ScheduleRow({
  schedule,
  viewer,
  onChanged,
}: {
  schedule: SchedulesPage_schedule$key;
  viewer: ScheduleDialog_viewer$key;
  onChanged(): void;
}) {
  const s = useFragment(
    graphql`
      fragment SchedulesPage_schedule on Schedule {
        id
        kind
        payee
        amount
        frequency
        interval
        dayOfMonth
        days
        nextDate
        autoPost
        account {
          name
        }
        toAccount {
          name
        }
        ...ScheduleDialog_schedule
      }
    `,
    schedule,
  );
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutationAction<SchedulesPageDeleteMutation>(graphql`
    mutation SchedulesPageDeleteMutation($id: ID!) {
      deleteSchedule(id: $id) {
        deletedId
      }
    }
  `);
  const where = s.kind === 'transfer' ? `${s.account.name} → ${s.toAccount?.name ?? ''}` : s.account.name;
  return (
    <li aria-label={s.payee}>
      <Row>
        <div>
          <strong>{s.payee}</strong>
          <small>
            {SCHEDULE_KIND_LABELS[s.kind as ScheduleKind]} ·{' '}
            {describeFrequency({ frequency: s.frequency, interval: s.interval, dayOfMonth: s.dayOfMonth, days: s.days })} · {where}
          </small>
          <small>{s.nextDate ? `Next: ${formatShortDate(s.nextDate)}` : 'Ended'}</small>
        </div>
        <span className="amount">{formatMoney(s.amount)}</span>
        <span className="actions">
          <Badge $tone={s.autoPost ? 'success' : 'warning'}>{s.autoPost ? 'Automatic' : 'Ask first'}</Badge>
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Edit ${s.payee}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
          </Button>
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${s.payee}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
          </Button>
        </span>
      </Row>
      {editing && <ScheduleDialog viewer={viewer} schedule={s} open onOpenChange={setEditing} onSaved={onChanged} />}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete schedule?"
          description={`"${s.payee}" will stop; what it already posted stays.`}
          busy={removing}
          onConfirm={() =>
            remove(
              { id: s.id },
              { success: SUCCESS.scheduleDeleted, failure: FAILURE.deleteSchedule, onDone: () => (setConfirming(false), onChanged()) },
            )
          }
        />
      )}
    </li>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 1rem;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** A schedule or an occurrence: its name and details, its amount, its buttons (wrapping on a phone). */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  padding: 0.7rem 0.25rem;
  & > div {
    flex: 1 1 12rem;
    min-width: 0;
    display: grid;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.82rem;
  }
  small.waiting {
    color: ${({ theme }) => theme.color.warning};
    font-weight: 600;
  }
  .amount {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .actions {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
  }
`;

import { startTransition, useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type { BudgetActivity_budget$key } from '../../__generated__/BudgetActivity_budget.graphql.ts';
import type { BudgetActivityEntry_entry$key } from '../../__generated__/BudgetActivityEntry_entry.graphql.ts';
import type { BudgetActivityPaginationQuery } from '../../__generated__/BudgetActivityPaginationQuery.graphql.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { Select } from '../../components/Form.tsx';
import { relativeTime } from '../../lib/dates.ts';
import { SettingsCard } from '../settings/SettingsCard.tsx';
import { ACTIVITY_KINDS, fieldChanges } from './activity-changes.ts';

const PAGE_SIZE = 20;

/**
 * Settings → Activity (docs/product.md#shared-budgets): who changed what in the budget and when,
 * newest first, before → after; paged, narrowed to one member or one kind of record.
 */
export function BudgetActivity({ budget: key }: { budget: BudgetActivity_budget$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    BudgetActivityPaginationQuery,
    BudgetActivity_budget$key
  >(
    graphql`
      fragment BudgetActivity_budget on Budget
      @refetchable(queryName: "BudgetActivityPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 20 }
        cursor: { type: "String" }
        memberId: { type: "ID" }
        entity: { type: "String" }
      ) {
        members {
          userId
          name
          you
        }
        activity(first: $count, after: $cursor, memberId: $memberId, entity: $entity) @connection(key: "BudgetActivity_activity") {
          edges {
            node {
              id
              ...BudgetActivityEntry_entry
            }
          }
        }
      }
    `,
    key,
  );
  const [filter, setFilter] = useState({ memberId: '', entity: '' });
  const narrow = (next: typeof filter) => {
    setFilter(next);
    startTransition(() => {
      refetch({ memberId: next.memberId || null, entity: next.entity || null, count: PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
    });
  };
  const entries = data.activity.edges;
  return (
    <SettingsCard title="Activity" description="Every change to this budget's records: who made it, when, and what it was before.">
      <Filters>
        <Select aria-label="Member" value={filter.memberId} onChange={(e) => narrow({ ...filter, memberId: e.target.value })}>
          <option value="">Everyone</option>
          {data.members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.you ? `${m.name} (you)` : m.name}
            </option>
          ))}
        </Select>
        <Select aria-label="Kind" value={filter.entity} onChange={(e) => narrow({ ...filter, entity: e.target.value })}>
          <option value="">Every kind</option>
          {ACTIVITY_KINDS.map((k) => (
            <option key={k.entity} value={k.entity}>
              {k.label}
            </option>
          ))}
        </Select>
      </Filters>
      {entries.length === 0 ? (
        <Empty>{filter.memberId || filter.entity ? 'Nothing matches.' : 'No changes yet.'}</Empty>
      ) : (
        <Log aria-label="Activity">
          {entries.map(({ node }) => (
            <Entry key={node.id} entry={node} />
          ))}
        </Log>
      )}
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
    </SettingsCard>
  );
}

function Entry({ entry: key }: { entry: BudgetActivityEntry_entry$key }) {
  const entry = useFragment(
    graphql`
      fragment BudgetActivityEntry_entry on BudgetActivity {
        at
        actor
        summary
        before
        after
      }
    `,
    key,
  );
  const changes = fieldChanges(entry.before, entry.after);
  // A change lists each field; an addition or deletion is its summary.
  const shown = entry.before != null && entry.after != null ? changes : [];
  return (
    <li>
      <Line>
        <span>
          <strong>{entry.actor}</strong> {entry.summary}
        </span>
        <time dateTime={entry.at} title={new Date(entry.at).toLocaleString()}>
          {relativeTime(entry.at)}
        </time>
      </Line>
      {shown.length > 0 && (
        <Changes>
          {shown.map((c) => (
            <li key={c.field}>
              {c.from === null ? (
                `${c.field} changed`
              ) : (
                <>
                  {c.field}: <del>{c.from}</del> → <ins>{c.to}</ins>
                </>
              )}
            </li>
          ))}
        </Changes>
      )}
    </li>
  );
}

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1rem;
  select {
    width: auto;
    min-width: 10rem;
  }
`;
const Empty = styled.p`
  margin-top: 1rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Log = styled.ol`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  > li {
    padding: 0.65rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;
const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.35rem;
  strong {
    font-weight: 650;
  }
  time {
    margin-left: auto;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;
const Changes = styled.ul`
  margin: 0.35rem 0 0;
  padding-left: 1.1rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
  del {
    text-decoration: line-through;
  }
  ins {
    text-decoration: none;
    color: ${({ theme }) => theme.color.text};
  }
`;

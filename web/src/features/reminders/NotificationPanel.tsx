import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import { CalendarClock, PieChart, Receipt, TrendingDown, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { NotificationPanelQuery } from '../../__generated__/NotificationPanelQuery.graphql.ts';
import type { NotificationPanel_viewer$key } from '../../__generated__/NotificationPanel_viewer.graphql.ts';
import type { NotificationPanelPaginationQuery } from '../../__generated__/NotificationPanelPaginationQuery.graphql.ts';
import type { NotificationPanelMarkReadMutation } from '../../__generated__/NotificationPanelMarkReadMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useRefetchOnChange } from '../../relay/route-query.ts';
import { Button } from '../../components/Button.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { BellButton } from './BellButton.tsx';
import { FAILURE } from '../../lib/messages.ts';
import { relativeTime } from '../../lib/dates.ts';

const PAGE_SIZE = 20;

/** What each kind looks like in the panel (docs/product.md#reminders); a kind added later shows the warning sign. */
const KIND_ICONS: Record<string, LucideIcon> = {
  bill_due: Receipt,
  schedule_due: CalendarClock,
  overspent: PieChart,
  forecast_below_zero: TrendingDown,
};

const QUERY = graphql`
  query NotificationPanelQuery {
    viewer {
      ...NotificationPanel_viewer
    }
  }
`;

/**
 * The bell's panel (docs/product.md#reminders): the unread count on the bell, the notifications
 * in a panel under it, newest first. It loads with the shell and is asked again whenever the
 * user's data changes (a reminder made by the server, one read in another tab); `since`, the
 * count of changes heard when the bell began loading it, counts those heard meanwhile.
 */
export default function NotificationPanel({ since }: { since: number }) {
  const { viewer } = useLazyLoadQuery<NotificationPanelQuery>(QUERY, {}, { fetchPolicy: 'store-and-network' });
  useRefetchOnChange<NotificationPanelQuery>(QUERY, {}, since);
  return <Panel viewer={viewer} />;
}

function Panel({ viewer }: { viewer: NotificationPanel_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<NotificationPanelPaginationQuery, NotificationPanel_viewer$key>(
    graphql`
      fragment NotificationPanel_viewer on User
      @refetchable(queryName: "NotificationPanelPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        notifications(first: $count, after: $cursor) @connection(key: "NotificationPanel_notifications") {
          __id
          unreadCount
          edges {
            node {
              id
              kind
              title
              link
              createdAt
              readAt
            }
          }
        }
      }
    `,
    viewer,
  );
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const [markRead, marking] = useMutationAction<NotificationPanelMarkReadMutation>(graphql`
    mutation NotificationPanelMarkReadMutation($input: MarkNotificationsReadInput) {
      markNotificationsRead(input: $input) {
        unreadCount
        notifications {
          id
          readAt
        }
      }
    }
  `);
  const { __id: connection, unreadCount, edges } = data.notifications;
  /** The new count on the connection; marking all also marks every loaded row (the payload names none). */
  const updater = (all: boolean) => (store: RecordSourceSelectorProxy<NotificationPanelMarkReadMutation['response']>) => {
    const list = store.get(connection);
    const count = store.getRootField('markNotificationsRead')?.getValue('unreadCount');
    if (!list || typeof count !== 'number') return;
    list.setValue(count, 'unreadCount');
    if (!all) return;
    const now = new Date().toISOString();
    for (const edge of list.getLinkedRecords('edges') ?? []) {
      const node = edge?.getLinkedRecord('node');
      if (node && node.getValue('readAt') == null) node.setValue(now, 'readAt');
    }
  };
  const openOne = (id: string, link: string | null, read: boolean) => {
    if (!read) markRead({ input: { ids: [id] } }, { failure: FAILURE.markNotificationsRead, updater: updater(false) });
    setOpen(false);
    if (link) navigate(link);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <BellButton unread={unreadCount} />
      </Popover.Trigger>
      <Popover.Portal>
        <Content align="end" sideOffset={6} collisionPadding={8} aria-label="Notifications">
          <Head>
            <h2>Notifications</h2>
            <Button
              type="button"
              $variant="ghost"
              $size="sm"
              disabled={marking || unreadCount === 0}
              onClick={() => markRead({ input: null }, { failure: FAILURE.markNotificationsRead, updater: updater(true) })}
            >
              Mark all read
            </Button>
          </Head>
          {edges.length === 0 ? (
            <Empty>No notifications yet. Bills and schedules due soon, overspent categories and low balances show here.</Empty>
          ) : (
            <Items>
              {edges.map(({ node }) => (
                <li key={node.id}>
                  <Item
                    type="button"
                    data-unread={node.readAt == null}
                    onClick={() => openOne(node.id, node.link ?? null, node.readAt != null)}
                  >
                    <Dot aria-hidden data-unread={node.readAt == null} />
                    <KindIcon as={KIND_ICONS[node.kind] ?? TriangleAlert} aria-hidden />
                    <span>
                      <Title>{node.title}</Title>
                      <When>
                        {node.readAt == null && <Hidden>Unread. </Hidden>}
                        {relativeTime(node.createdAt)}
                      </When>
                    </span>
                  </Item>
                </li>
              ))}
            </Items>
          )}
          <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
        </Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const Content = styled(Popover.Content)`
  z-index: 45;
  width: min(24rem, calc(100vw - 16px));
  max-height: min(32rem, calc(100vh - 5rem));
  overflow-y: auto;
  padding: 0.5rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.18);
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0.25rem 0.25rem 0.5rem 0.5rem;
  h2 {
    font-size: 1rem;
    font-weight: 700;
  }
`;
const Empty = styled.p`
  padding: 1rem 0.5rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Item = styled.button`
  display: flex;
  gap: 0.6rem;
  width: 100%;
  padding: 0.6rem 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  color: inherit;
  text-align: left;
  cursor: pointer;
  &[data-unread='true'] {
    background: ${({ theme }) => theme.color.primarySoft};
  }
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  & + & {
    margin-top: 0.15rem;
  }
`;
const Dot = styled.span`
  flex: none;
  width: 0.5rem;
  height: 0.5rem;
  margin-top: 0.4rem;
  border-radius: ${({ theme }) => theme.radius.full};
  &[data-unread='true'] {
    background: ${({ theme }) => theme.color.primary};
  }
`;
const KindIcon = styled(TriangleAlert)`
  flex: none;
  width: 1rem;
  height: 1rem;
  margin-top: 0.15rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Title = styled.span`
  display: block;
  font-size: 0.9rem;
`;
const When = styled.span`
  display: block;
  margin-top: 0.15rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.78rem;
`;
const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

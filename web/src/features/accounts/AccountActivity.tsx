import { Fragment, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Flag, Receipt } from 'lucide-react';
import styled from 'styled-components';
import type { AccountActivityStatusMutation } from '../../__generated__/AccountActivityStatusMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { FAILURE } from '../../lib/messages.ts';
import { formatMoney } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { StartingBalanceDialog } from './StartingBalanceDialog.tsx';
import type { AccountActivity_account$key, AccountActivity_account$data } from '../../__generated__/AccountActivity_account.graphql.ts';
import type { AccountActivityPaginationQuery } from '../../__generated__/AccountActivityPaginationQuery.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Button } from '../../components/Button.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { TransactionDialog } from '../transactions/TransactionDialog.tsx';
import { PaycheckDialog } from '../paycheck/PaycheckDialog.tsx';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { ActivityRow } from './ActivityRow.tsx';
import { activityRecord, DeleteActivityDialog } from './DeleteActivityDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';
import { useReconciledGuard } from './reconciled-guard.tsx';
import type { AccountOptions } from './use-account-options.ts';

const PAGE_SIZE = 50;
type Item = AccountActivity_account$data['activity']['edges'][number]['node'];

/**
 * An account's activity, newest first, a page at a time, each row with the balance after it.
 * A row opens its record's own edit dialog; `onChanged` follows any edit or delete (the running
 * balances are the server's to compute).
 */
export function AccountActivity({
  account,
  accounts,
  categories,
  onChanged,
}: {
  account: AccountActivity_account$key;
  accounts: AccountOptions;
  categories: readonly CategoryOption[];
  onChanged(): void;
}) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<AccountActivityPaginationQuery, AccountActivity_account$key>(
    graphql`
      fragment AccountActivity_account on Account
      @refetchable(queryName: "AccountActivityPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        id
        startingBalance
        startingDate
        recordsBeforeStart
        ...StartingBalanceDialog_account
        activity(first: $count, after: $cursor) @connection(key: "AccountActivity_activity") {
          edges {
            node {
              id
              status
              beforeStart
              ...ActivityRow_item
              record {
                __typename
                ... on Transaction {
                  id
                }
                ... on Paycheck {
                  id
                }
                ... on Transfer {
                  id
                }
                ...TransactionDialog_transaction @alias(as: "transaction")
                ...PaycheckDialog_paycheck @alias(as: "paycheck")
                ...TransferDialog_transfer @alias(as: "transfer")
              }
            }
          }
        }
      }
    `,
    account,
  );
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [guarded, askFirst] = useReconciledGuard();
  const [movingStart, setMovingStart] = useState(false);
  const [setStatus] = useMutationAction<AccountActivityStatusMutation>(graphql`
    mutation AccountActivityStatusMutation($input: SetActivityStatusInput!) {
      setActivityStatus(input: $input) {
        account {
          id
        }
      }
    }
  `);
  const toggle = (item: Item) =>
    setStatus(
      { input: { accountId: data.id, item: item.id, status: item.status === 'CLEARED' ? 'UNCLEARED' : 'CLEARED' } },
      { failure: FAILURE.setStatus, onDone: onChanged },
    );
  const { edges } = data.activity;
  // The starting balance is the first row of the account's own history: above the older records (if any) once they are loaded.
  const firstOlder = edges.findIndex((e) => e.node.beforeStart);
  const startAt = firstOlder >= 0 ? firstOlder : hasNext ? -1 : edges.length;
  const startRow = (
    // Not one of the records (role none): lists of rows count records only.
    <StartRow key="start" role="none">
      <Flag aria-hidden />
      <div className="main">
        <strong>Starting balance</strong>
        <small>{formatShortDate(data.startingDate)}</small>
      </div>
      <span>{formatMoney(data.startingBalance)}</span>
    </StartRow>
  );
  const close = () => setEditing(null);
  const record = editing?.record;
  const removing = deleting && activityRecord(deleting.record);
  return (
    <Card aria-label="Activity">
      <CardHeader>
        <h2>Activity</h2>
      </CardHeader>
      {data.recordsBeforeStart > 0 && (
        <Notice role="note">
          {plural(data.recordsBeforeStart, 'older record')} {data.recordsBeforeStart === 1 ? 'is' : 'are'} before this account's starting
          date and {data.recordsBeforeStart === 1 ? "doesn't" : "don't"} change its balance.
          <Button type="button" $variant="secondary" $size="sm" onClick={() => setMovingStart(true)}>
            Move starting date
          </Button>
        </Notice>
      )}
      {edges.length === 0 ? (
        <EmptyState
          icon={<Receipt aria-hidden />}
          title="No activity yet"
          text="Expenses paid from this account, paychecks paid into it and transfers show here."
        />
      ) : (
        <List>
          {edges.map(({ node }, i) => (
            <Fragment key={node.id}>
              {i === startAt && startRow}
              <ActivityRow
                item={node}
                onEdit={() => guarded(node.status === 'RECONCILED', 'edit', () => setEditing(node))}
                onDelete={() => guarded(node.status === 'RECONCILED', 'delete', () => setDeleting(node))}
                onToggleCleared={() => toggle(node)}
              />
            </Fragment>
          ))}
          {startAt === edges.length && startRow}
        </List>
      )}
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
      {record?.transaction && (
        <TransactionDialog
          categories={categories}
          accounts={accounts}
          list={null}
          transaction={record.transaction}
          open
          onOpenChange={close}
          onSaved={onChanged}
        />
      )}
      {record?.paycheck && (
        <PaycheckDialog paycheck={record.paycheck} accounts={accounts.accounts} open onOpenChange={close} onSaved={onChanged} />
      )}
      {record?.transfer && (
        <TransferDialog transfer={record.transfer} accounts={accounts.accounts} open onOpenChange={close} onSaved={onChanged} />
      )}
      {askFirst}
      {movingStart && <StartingBalanceDialog account={data} open onOpenChange={setMovingStart} onSaved={onChanged} />}
      {removing && <DeleteActivityDialog record={removing} onClose={() => setDeleting(null)} onDeleted={onChanged} />}
    </Card>
  );
}

const StartRow = styled.li`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.7rem 0.25rem;
  border-top: 1px dashed ${({ theme }) => theme.color.border};
  border-bottom: 1px dashed ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  svg {
    width: 1rem;
    height: 1rem;
    margin: 0 0.45rem;
  }
  .main {
    flex: 1;
  }
  strong {
    display: block;
    color: ${({ theme }) => theme.color.text};
  }
  span {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.color.text};
  }
`;
const Notice = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin: 0 0 0.75rem;
  padding: 0.65rem 0.85rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  font-size: 0.9rem;
`;

import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Receipt } from 'lucide-react';
import type { AccountActivity_account$key, AccountActivity_account$data } from '../../__generated__/AccountActivity_account.graphql.ts';
import type { AccountActivityPaginationQuery } from '../../__generated__/AccountActivityPaginationQuery.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { TransactionDialog } from '../transactions/TransactionDialog.tsx';
import { PaycheckDialog } from '../paycheck/PaycheckDialog.tsx';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { ActivityRow } from './ActivityRow.tsx';
import { activityRecord, DeleteActivityDialog } from './DeleteActivityDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';
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
        activity(first: $count, after: $cursor) @connection(key: "AccountActivity_activity") {
          edges {
            node {
              id
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
  const { edges } = data.activity;
  const close = () => setEditing(null);
  const record = editing?.record;
  const removing = deleting && activityRecord(deleting.record);
  return (
    <Card aria-label="Activity">
      <CardHeader>
        <h2>Activity</h2>
      </CardHeader>
      {edges.length === 0 ? (
        <EmptyState
          icon={<Receipt aria-hidden />}
          title="No activity yet"
          text="Expenses paid from this account, paychecks paid into it and transfers show here."
        />
      ) : (
        <List>
          {edges.map(({ node }) => (
            <ActivityRow key={node.id} item={node} onEdit={() => setEditing(node)} onDelete={() => setDeleting(node)} />
          ))}
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
      {removing && <DeleteActivityDialog record={removing} onClose={() => setDeleting(null)} onDeleted={onChanged} />}
    </Card>
  );
}

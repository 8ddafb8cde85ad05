import { lazy, startTransition, Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql, useRefetchableFragment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, Pencil, Star } from 'lucide-react';
import type { AccountPageQuery } from '../../__generated__/AccountPageQuery.graphql.ts';
import type { AccountPage_account$key } from '../../__generated__/AccountPage_account.graphql.ts';
import type { AccountPageRefetchQuery } from '../../__generated__/AccountPageRefetchQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { toGlobalId } from '../../lib/global-id.ts';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { useCategoryOptions } from '../budget/use-category-options.ts';
import { AccountActivity } from './AccountActivity.tsx';
import { AccountDialog } from './AccountDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';
import { accountType } from './account-types.ts';
import { useAccountOptions } from './use-account-options.ts';
import { ImportDialog } from '../imports/ImportDialog.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { ReconcileDialog } from './ReconcileDialog.tsx';

// The chart library loads with the chart (docs/product.md#forecast).
const ForecastChart = lazy(() => import('../schedules/ForecastChart.tsx'));

/**
 * One account (`/accounts/:id`, docs/product.md#account-ledgers): its balance, and its activity
 * newest first with the balance after each row. A change made here reloads the account, since
 * every running balance below the change moves with it.
 */
export default function AccountPage() {
  const { id = '' } = useParams();
  const { node, viewer } = useRouteQuery<AccountPageQuery>(
    graphql`
      query AccountPageQuery($id: ID!) {
        node(id: $id) {
          ...AccountPage_account @alias(as: "account")
        }
        viewer {
          ...useAccountOptions_viewer
          ...useCategoryOptions_viewer
        }
      }
    `,
    { id: toGlobalId('Account', id) },
  );
  const accounts = useAccountOptions(viewer);
  const categories = useCategoryOptions(viewer);
  // Another user's account, or none: the node is null, or not an account.
  if (!node?.account) return <NotFound />;
  return <AccountScreen account={node.account} accounts={accounts} categories={categories} />;
}

function AccountScreen({
  account,
  accounts,
  categories,
}: {
  account: AccountPage_account$key;
  accounts: ReturnType<typeof useAccountOptions>;
  categories: ReturnType<typeof useCategoryOptions>;
}) {
  const [a, refetch] = useRefetchableFragment<AccountPageRefetchQuery, AccountPage_account$key>(
    graphql`
      fragment AccountPage_account on Account @refetchable(queryName: "AccountPageRefetchQuery") {
        id
        name
        type
        balance
        isDefault
        notes
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
        ...AccountDialog_account
        ...AccountActivity_account
      }
    `,
    account,
  );
  const [editing, setEditing] = useState(false);
  const reload = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: 'network-only' });
    });
  const type = accountType(a.type);
  const owed = a.type === 'credit' && isNegative(a.balance);
  return (
    <>
      <Back to="/accounts">
        <ArrowLeft aria-hidden /> Accounts
      </Back>
      <PageHeader
        title={a.name}
        description={a.notes ?? undefined}
        actions={
          <>
            <ReconcileDialog accountId={a.id} onReconciled={reload} />
            <ImportDialog accountId={a.id} accounts={accounts} categories={categories} onImported={reload} />
            <TransferDialog from={a.id} accounts={accounts.accounts} onSaved={reload} />
            <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
          </>
        }
      />
      <Summary aria-label="Balance">
        <span className="icon">
          <type.icon aria-hidden />
        </span>
        <div>
          <div className="badges">
            <Badge $tone="primary">{type.label}</Badge>
            {a.isDefault && (
              <Badge $tone="warning">
                <Star aria-hidden /> Default
              </Badge>
            )}
          </div>
          <strong className={isNegative(a.balance) ? 'negative' : undefined}>{formatMoney(a.balance)}</strong>
          <small>{owed ? 'Owed on this card' : 'Current balance'}</small>
        </div>
      </Summary>
      <Card aria-label="Forecast" style={{ marginBottom: '1rem' }}>
        <h2 style={{ fontSize: '1rem', marginBottom: '0.25rem' }}>Forecast</h2>
        <p style={{ fontSize: '0.9rem', marginBottom: '0.5rem' }}>
          Lowest in the next 90 days: <strong>{formatMoney(a.forecast.lowest.balance)}</strong> on {formatShortDate(a.forecast.lowest.date)}
        </p>
        <Suspense fallback={<div style={{ height: 180 }} />}>
          <ForecastChart days={a.forecast.days} height={180} />
        </Suspense>
      </Card>
      <AccountActivity account={a} accounts={accounts} categories={categories} onChanged={reload} />
      {editing && <AccountDialog account={a} open onOpenChange={setEditing} />}
    </>
  );
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Account not found" />
      <Card>
        <EmptyState
          title="This account does not exist"
          text="It may have been deleted."
          action={
            <Button type="button" onClick={() => navigate('/accounts')}>
              Back to Accounts
            </Button>
          }
        />
      </Card>
    </>
  );
}

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  margin-bottom: 0.75rem;
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  font-size: 0.9rem;
  font-weight: 600;
  svg {
    width: 1rem;
    height: 1rem;
  }
  &:hover {
    color: ${({ theme }) => theme.color.primary};
  }
`;
const Summary = styled(Card)`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin-bottom: 1.25rem;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primarySoft}, ${({ theme }) => theme.color.surface});
  .icon {
    display: inline-flex;
    padding: 0.75rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.primary};
  }
  .icon svg {
    width: 1.5rem;
    height: 1.5rem;
  }
  .badges {
    display: flex;
    gap: 0.4rem;
    flex-wrap: wrap;
  }
  strong {
    display: block;
    margin-top: 0.35rem;
    font-size: 2rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  .negative {
    color: ${({ theme }) => theme.color.danger};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

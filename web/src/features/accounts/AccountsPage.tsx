import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Star, Trash2, Wallet } from 'lucide-react';
import type { AccountsPageQuery } from '../../__generated__/AccountsPageQuery.graphql.ts';
import type { AccountsPage_viewer$key } from '../../__generated__/AccountsPage_viewer.graphql.ts';
import type { AccountsPageDeleteMutation } from '../../__generated__/AccountsPageDeleteMutation.graphql.ts';
import type { AccountsPageSetDefaultMutation } from '../../__generated__/AccountsPageSetDefaultMutation.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, Grid } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AddAccountDialog } from './AddAccountDialog.tsx';
import { accountType } from './account-types.ts';

export default function AccountsPage() {
  const data = useRouteQuery<AccountsPageQuery>(
    graphql`
      query AccountsPageQuery {
        viewer {
          ...AccountsPage_viewer
        }
      }
    `,
    {},
  );
  const viewer = useFragment<AccountsPage_viewer$key>(
    graphql`
      fragment AccountsPage_viewer on User {
        totalBalance
        accounts(first: 100) {
          totalCount
          edges {
            node {
              id
              name
              type
              balance
              isDefault
              notes
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const [setDefault, settingDefault] = useMutationAction<AccountsPageSetDefaultMutation>(graphql`
    mutation AccountsPageSetDefaultMutation($id: ID!) {
      setDefaultAccount(id: $id) {
        viewer {
          ...AccountsPage_viewer
        }
      }
    }
  `);
  const [remove, removing] = useMutationAction<AccountsPageDeleteMutation>(graphql`
    mutation AccountsPageDeleteMutation($id: ID!) {
      deleteAccount(id: $id) {
        viewer {
          ...AccountsPage_viewer
        }
      }
    }
  `);
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const count = viewer.accounts.totalCount;
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Your bank accounts, cards, cash and investments."
        actions={count > 0 && <AddAccountDialog />}
      />
      <TotalCard aria-label="Total Balance">
        <span>Total Balance</span>
        <strong className={isNegative(viewer.totalBalance) ? 'negative' : undefined}>{formatMoney(viewer.totalBalance)}</strong>
        <small>
          Across {count} account{count === 1 ? '' : 's'}
        </small>
      </TotalCard>
      {count === 0 ? (
        <Card>
          <EmptyState
            icon={<Wallet aria-hidden />}
            title="No accounts yet"
            text="Add your bank accounts, cards and cash to see your total balance."
            action={<AddAccountDialog triggerLabel="Add First Account" />}
          />
        </Card>
      ) : (
        <Grid $min="260px">
          {viewer.accounts.edges.map(({ node }) => {
            const type = accountType(node.type);
            return (
              <AccountCard key={node.id} aria-label={node.name}>
                <Top>
                  <span className="icon">
                    <type.icon aria-hidden />
                  </span>
                  <div className="title">
                    <h2>
                      {node.name}
                      {node.isDefault && <Star className="star" aria-label="Default account" />}
                    </h2>
                    <Badge $tone="primary">{type.label}</Badge>
                  </div>
                  <Button
                    type="button"
                    $variant="ghost"
                    $size="sm"
                    aria-label={`Delete ${node.name}`}
                    onClick={() => setConfirming({ id: node.id, name: node.name })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </Top>
                <Balance className={isNegative(node.balance) ? 'negative' : undefined}>{formatMoney(node.balance)}</Balance>
                {node.notes && <Notes>{node.notes}</Notes>}
                {!node.isDefault && (
                  <Button
                    type="button"
                    $variant="secondary"
                    $size="sm"
                    disabled={settingDefault}
                    aria-label={`Set ${node.name} as default`}
                    onClick={() => setDefault({ id: node.id }, { success: SUCCESS.defaultUpdated, failure: FAILURE.setDefault })}
                  >
                    Set as Default
                  </Button>
                )}
              </AccountCard>
            );
          })}
        </Grid>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete account?"
        description={`"${confirming?.name}" will be removed. This cannot be undone.`}
        busy={removing}
        onConfirm={() =>
          confirming &&
          remove(
            { id: confirming.id },
            { success: SUCCESS.accountDeleted, failure: FAILURE.deleteAccount, onDone: () => setConfirming(null) },
          )
        }
      />
    </>
  );
}

const TotalCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  margin-bottom: 1.5rem;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primarySoft}, ${({ theme }) => theme.color.surface});
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
    font-size: 0.9rem;
  }
  strong {
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
const AccountCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  align-items: flex-start;
`;
const Top = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  width: 100%;
  .icon {
    display: inline-flex;
    padding: 0.55rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.primary};
  }
  .icon svg {
    width: 1.2rem;
    height: 1.2rem;
  }
  .title {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.3rem;
  }
  h2 {
    font-size: 1rem;
    display: flex;
    align-items: center;
    gap: 0.35rem;
    overflow-wrap: anywhere;
  }
  .star {
    width: 1rem;
    height: 1rem;
    color: #d99a00;
    fill: #f5b700;
    flex: none;
  }
`;
const Balance = styled.div`
  font-size: 1.5rem;
  font-weight: 750;
  font-variant-numeric: tabular-nums;
  &.negative {
    color: ${({ theme }) => theme.color.danger};
  }
`;
const Notes = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.88rem;
  overflow-wrap: anywhere;
`;

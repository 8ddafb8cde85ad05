import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { commitLocalUpdate, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { Pencil, Star, Trash2 } from 'lucide-react';
import type { AccountCard_account$key } from '../../__generated__/AccountCard_account.graphql.ts';
import type { AccountCardDeleteMutation } from '../../__generated__/AccountCardDeleteMutation.graphql.ts';
import type { AccountCardSetDefaultMutation } from '../../__generated__/AccountCardSetDefaultMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Card } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { editableRow, StretchedLink } from '../../components/EditButton.tsx';
import { fromGlobalId } from '../../lib/global-id.ts';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { accountType } from './account-types.ts';
import { AccountDialog } from './AccountDialog.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { wholeWords } from '../../components/text.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/**
 * One account of the Accounts screen's list `connection`: its balance; a click opens the account
 * (`/accounts/:id`, its activity); Edit, Set as Default, Delete.
 */
export function AccountCard({ account, connection }: { account: AccountCard_account$key; connection: string }) {
  const readOnly = useReadOnlyControl();
  const node = useFragment(
    graphql`
      fragment AccountCard_account on Account {
        id
        name
        type
        balance
        isDefault
        notes
        ...AccountDialog_account
      }
    `,
    account,
  );
  const environment = useRelayEnvironment();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [setDefault, settingDefault] = useMutationAction<AccountCardSetDefaultMutation>(graphql`
    mutation AccountCardSetDefaultMutation($id: ID!) {
      setDefaultAccount(id: $id) {
        account {
          ...AccountCard_account
        }
      }
    }
  `);
  const [remove, removing] = useMutationAction<AccountCardDeleteMutation>(graphql`
    mutation AccountCardDeleteMutation($id: ID!, $connections: [ID!]!) {
      deleteAccount(id: $id) {
        deletedId @deleteEdge(connections: $connections)
        viewer {
          totalBalance
          accounts(first: 0) {
            totalCount
          }
          # Deleting the default makes the oldest remaining account the default.
          oldest: accounts(first: 1) {
            edges {
              node {
                ...AccountCard_account
              }
            }
          }
        }
      }
    }
  `);
  // The payload names the new default only: the one it replaced, wherever it is in the list, loses the star here.
  const clearOtherDefaults = () =>
    commitLocalUpdate(environment, (store) =>
      store
        .get(connection)
        ?.getLinkedRecords('edges')
        ?.forEach((edge) => {
          const other = edge?.getLinkedRecord('node');
          if (other && other.getDataID() !== node.id) other.setValue(false, 'isDefault');
        }),
    );
  const type = accountType(node.type);
  return (
    <Frame aria-label={node.name}>
      <Top>
        <span className="icon">
          <type.icon aria-hidden />
        </span>
        <div className="title">
          <h2>
            <StretchedLink to={`/accounts/${fromGlobalId('Account', node.id)}`}>{node.name}</StretchedLink>
            {node.isDefault && <Star className="star" aria-label="Default account" />}
          </h2>
          <Badge $tone="primary">{type.label}</Badge>
        </div>
        <div className="actions">
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Edit ${node.name}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
          </Button>
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${node.name}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </Top>
      <Balance className={isNegative(node.balance) ? 'negative' : undefined}>{formatMoney(node.balance)}</Balance>
      {node.notes && <Notes>{node.notes}</Notes>}
      {!node.isDefault && (
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          disabled={settingDefault}
          {...readOnly}
          aria-label={`Set ${node.name} as default`}
          onClick={() =>
            setDefault({ id: node.id }, { success: SUCCESS.defaultUpdated, failure: FAILURE.setDefault, onDone: clearOtherDefaults })
          }
        >
          Set as Default
        </Button>
      )}
      {editing && <AccountDialog account={node} open onOpenChange={setEditing} />}
      {confirming && (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            account={{ id: node.id, name: node.name }}
            busy={removing}
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              remove(
                { id: node.id, connections: [connection] },
                { success: SUCCESS.accountDeleted, failure: FAILURE.deleteAccount, onDone: () => setConfirming(false) },
              )
            }
          />
        </Suspense>
      )}
    </Frame>
  );
}

const Frame = styled(Card)`
  ${editableRow}
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  align-items: flex-start;
  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
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
    ${wholeWords}
  }
  .actions {
    display: flex;
    flex: none;
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
  ${wholeWords}
`;

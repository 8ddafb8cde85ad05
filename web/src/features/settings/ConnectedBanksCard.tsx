import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { RefreshCw } from 'lucide-react';
import type { ConnectedBanksCard_viewer$key } from '../../__generated__/ConnectedBanksCard_viewer.graphql.ts';
import type { ConnectedBanksCard_connection$key } from '../../__generated__/ConnectedBanksCard_connection.graphql.ts';
import type { ConnectedBanksCardLinkMutation } from '../../__generated__/ConnectedBanksCardLinkMutation.graphql.ts';
import type { ConnectedBanksCardSyncMutation } from '../../__generated__/ConnectedBanksCardSyncMutation.graphql.ts';
import type { ConnectedBanksCardRemoveMutation } from '../../__generated__/ConnectedBanksCardRemoveMutation.graphql.ts';
import type { ConnectedBanksCardRefetchQuery } from '../../__generated__/ConnectedBanksCardRefetchQuery.graphql.ts';
import { useRefetchQuery } from '../../relay/route-query.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useToast } from '../../app/toasts.tsx';
import { Badge } from '../../components/Badge.tsx';
import { AddButton, Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { RecordSelect } from '../../components/RecordSelect.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { useAccountOptions, type AccountOption } from '../accounts/use-account-options.ts';
import '../accounts/account-balances.ts';
import { ConnectBankDialog } from './ConnectBankDialog.tsx';
import { relativeTime } from '../../lib/dates.ts';
import { RowText, SettingsCard } from './SettingsCard.tsx';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/** New accounts a bridge account can sync into, by type (the select's values are `new:<type>`). */
const NEW_ACCOUNT_TYPES = [
  ['checking', 'New checking account'],
  ['savings', 'New savings account'],
  ['credit', 'New credit card'],
] as const;

/**
 * Settings → Connected banks (docs/product.md#bank-sync): SimpleFIN Bridge connections, each with
 * the bridge's accounts, the account each syncs into (or a new one), the bank's balance against
 * the app's, Sync now, and what went wrong last with the time of the last good sync.
 */
export function ConnectedBanksCard({ viewer }: { viewer: ConnectedBanksCard_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment ConnectedBanksCard_viewer on User {
        bankConnections {
          id
          ...ConnectedBanksCard_connection
        }
        ...useAccountOptions_viewer
      }
    `,
    viewer,
  );
  const { accounts } = useAccountOptions(data);
  const [connecting, setConnecting] = useState(false);
  return (
    <SettingsCard
      title="Connected banks"
      description="Transactions arrive from your bank through SimpleFIN Bridge, every few hours or when you sync, and go through the same checks as an imported file."
      action={<AddButton onClick={() => setConnecting(true)}>Connect Bank</AddButton>}
    >
      {data.bankConnections.length === 0 ? (
        <Empty>No banks connected.</Empty>
      ) : (
        data.bankConnections.map((c) => <Connection key={c.id} connection={c} accounts={accounts} />)
      )}
      {connecting && <ConnectBankDialog onClose={() => setConnecting(false)} />}
    </SettingsCard>
  );
}

function Connection({ connection, accounts }: { connection: ConnectedBanksCard_connection$key; accounts: readonly AccountOption[] }) {
  const readOnly = useReadOnlyControl();
  const c = useFragment(
    graphql`
      fragment ConnectedBanksCard_connection on BankConnection {
        id
        name
        lastSyncedAt
        lastError
        lastErrorAt
        syncing
        accounts {
          remoteId
          name
          org
          balance
          currency
          balanceDifference
          account {
            id
          }
        }
      }
    `,
    connection,
  );
  const toast = useToast();
  // An error after the last good sync: the last sync failed (a good one with the bridge's message keeps both times equal).
  const failed = c.lastErrorAt != null && (c.lastSyncedAt == null || c.lastErrorAt > c.lastSyncedAt);
  const [removing, setRemoving] = useState(false);
  const [link, linking] = useMutationAction<ConnectedBanksCardLinkMutation>(graphql`
    mutation ConnectedBanksCardLinkMutation($input: LinkBankAccountsInput!) {
      linkBankAccounts(input: $input) {
        connection {
          ...ConnectedBanksCard_connection
        }
        viewer {
          ...useAccountOptions_viewer
          ...accountBalances_viewer
        }
      }
    }
  `);
  const [sync, syncing] = useMutationAction<ConnectedBanksCardSyncMutation>(graphql`
    mutation ConnectedBanksCardSyncMutation($input: SyncBankConnectionInput!) {
      syncBankConnection(input: $input) {
        imported
        matched
        pending
        connection {
          ...ConnectedBanksCard_connection
        }
        viewer {
          ...accountBalances_viewer
        }
      }
    }
  `);
  const [remove, removingNow] = useMutationAction<ConnectedBanksCardRemoveMutation>(graphql`
    mutation ConnectedBanksCardRemoveMutation($id: ID!) {
      deleteBankConnection(id: $id) {
        viewer {
          ...ConnectedBanksCard_viewer
        }
      }
    }
  `);
  // A failed sync answers an error, not the connection: the error it kept there is read again.
  const reread = useRefetchQuery<ConnectedBanksCardRefetchQuery>(graphql`
    query ConnectedBanksCardRefetchQuery {
      viewer {
        ...ConnectedBanksCard_viewer
      }
    }
  `);
  const changeLink = (remoteId: string, value: string) => {
    const created = value.startsWith('new:') ? value.slice(4) : null;
    link(
      {
        input: {
          id: c.id,
          links: [
            created
              ? { remoteId, createAccount: { type: created as (typeof NEW_ACCOUNT_TYPES)[number][0] } }
              : { remoteId, accountId: value || null },
          ],
        },
      },
      { success: SUCCESS.bankLinked, failure: FAILURE.linkBank },
    );
  };
  const syncNow = () =>
    sync(
      { input: { id: c.id } },
      {
        failure: FAILURE.syncBank,
        onDone: ({ syncBankConnection: r }) => {
          toast({
            title: r.imported === 0 ? 'Up to date: nothing new' : `Synced: ${r.imported} new`,
            description: [r.matched ? `${r.matched} matched records already here` : '', r.pending ? `${r.pending} still pending` : '']
              .filter(Boolean)
              .join(' · '),
          });
        },
        onFailed: reread,
      },
    );
  return (
    <Section aria-label={c.name}>
      <Head>
        <RowText>
          <strong>
            {c.name}
            {failed ? (
              <Badge $tone="danger">Sync failed</Badge>
            ) : c.lastError ? (
              <Badge $tone="warning">Message from the bridge</Badge>
            ) : c.lastSyncedAt ? (
              <Badge $tone="success">Connected</Badge>
            ) : null}
          </strong>
          <span>{c.lastSyncedAt ? `Last synced ${relativeTime(c.lastSyncedAt)}` : 'Not synced yet'}</span>
        </RowText>
        <Buttons>
          <Button type="button" $size="sm" onClick={syncNow} disabled={syncing || c.syncing} {...readOnly}>
            <RefreshCw aria-hidden /> {syncing || c.syncing ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button type="button" $variant="secondary" $size="sm" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        </Buttons>
      </Head>
      {c.lastError && (
        <ErrorLine role="alert">
          {c.lastError}
          {failed && <time dateTime={c.lastErrorAt!}> (failed {relativeTime(c.lastErrorAt!)})</time>}
        </ErrorLine>
      )}
      {c.accounts.length === 0 ? (
        <Empty>The bridge has listed no accounts yet: they come with the next sync.</Empty>
      ) : (
        <Accounts aria-label={`Accounts of ${c.name}`}>
          {c.accounts.map((a) => {
            const difference = a.balanceDifference;
            return (
              <li key={a.remoteId}>
                <RowText>
                  <strong>{a.name}</strong>
                  <span>
                    {a.org ? `${a.org} · ` : ''}Bank balance {formatMoney(a.balance)}
                    {a.currency !== 'USD' ? ` ${a.currency}` : ''}
                  </span>
                  {difference != null &&
                    (/^-?0\.00$/.test(difference) ? (
                      <Badge $tone="success">Balance matches</Badge>
                    ) : (
                      <Badge $tone="warning">Differs by {formatMoney(difference)} from the bank</Badge>
                    ))}
                </RowText>
                <LinkSelect
                  aria-label={`Sync ${a.name} into`}
                  records={accounts}
                  value={a.account?.id ?? ''}
                  disabled={linking}
                  {...readOnly}
                  onChange={(e) => changeLink(a.remoteId, e.target.value)}
                >
                  <option value="">Not synced</option>
                  {NEW_ACCOUNT_TYPES.map(([type, label]) => (
                    <option key={type} value={`new:${type}`}>
                      {label}
                    </option>
                  ))}
                </LinkSelect>
              </li>
            );
          })}
        </Accounts>
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(false)}
          title="Remove connection?"
          description={`"${c.name}" stops syncing. The transactions it brought in stay.`}
          confirmLabel="Remove"
          busy={removingNow}
          onConfirm={() =>
            remove({ id: c.id }, { success: SUCCESS.bankRemoved, failure: FAILURE.removeBank, onDone: () => setRemoving(false) })
          }
        />
      )}
    </Section>
  );
}

const Empty = styled.p`
  margin-top: 1rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Section = styled.section`
  margin-top: 1rem;
  padding-top: 1rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
const Buttons = styled.div`
  display: flex;
  gap: 0.5rem;
`;
const ErrorLine = styled.p`
  margin-top: 0.5rem;
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;
const Accounts = styled.ul`
  list-style: none;
  margin: 0.75rem 0 0;
  padding: 0;
  > li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 0.6rem 0;
  }
  > li > div > ${Badge} {
    align-self: flex-start;
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    > li {
      flex-direction: column;
      align-items: stretch;
    }
  }
`;
const LinkSelect = styled(RecordSelect)`
  max-width: 16rem;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    max-width: none;
  }
`;

import { useId, useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Copy } from 'lucide-react';
import type { ApiTokensCard_viewer$key } from '../../__generated__/ApiTokensCard_viewer.graphql.ts';
import type { ApiTokensCardRevokeMutation } from '../../__generated__/ApiTokensCardRevokeMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { SecretBox, useCopy } from '../../components/SecretBox.tsx';
import { Badge } from '../../components/Badge.tsx';
import { AddButton, Button } from '../../components/Button.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { RowText, Rows, SettingsCard } from './SettingsCard.tsx';
import { relativeTime } from '../../lib/dates.ts';

/** API tokens for scripts: listed with their access, budget and dates, created (shown once) and revoked. */
export function ApiTokensCard({ viewer }: { viewer: ApiTokensCard_viewer$key }) {
  const { apiTokens } = useFragment(
    graphql`
      fragment ApiTokensCard_viewer on User {
        apiTokens {
          id
          name
          access
          budget {
            name
          }
          createdAt
          lastUsedAt
          expiresAt
        }
      }
    `,
    viewer,
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const [revoke, revokingNow] = useMutationAction<ApiTokensCardRevokeMutation>(graphql`
    mutation ApiTokensCardRevokeMutation($id: ID!) {
      revokeApiToken(id: $id) {
        viewer {
          ...ApiTokensCard_viewer
        }
      }
    }
  `);
  const [now] = useState(() => Date.now());
  return (
    <SettingsCard
      title="API tokens"
      description={
        <>
          For scripts and other apps: send a token as <code>Authorization: Bearer &lt;token&gt;</code> to <code>/api</code> or{' '}
          <code>/graphql</code>. A read token cannot change anything.
        </>
      }
      action={<AddButton onClick={() => setCreating(true)}>Create Token</AddButton>}
    >
      {apiTokens.length === 0 ? (
        <Empty>No tokens yet.</Empty>
      ) : (
        <Rows aria-label="API tokens">
          {apiTokens.map((k) => {
            const expired = k.expiresAt != null && new Date(k.expiresAt).getTime() <= now;
            return (
              <li key={k.id}>
                <RowText>
                  <strong>
                    {k.name}
                    <Badge $tone={k.access === 'write' ? 'warning' : 'primary'}>{k.access === 'write' ? 'Read & write' : 'Read'}</Badge>
                    {expired && <Badge $tone="danger">Expired</Badge>}
                  </strong>
                  <span>
                    {k.budget && `Acts on ${k.budget.name} · `}Created {relativeTime(k.createdAt)} ·{' '}
                    {k.lastUsedAt ? `last used ${relativeTime(k.lastUsedAt)}` : 'never used'} ·{' '}
                    {k.expiresAt ? `${expired ? 'expired' : 'expires'} ${relativeTime(k.expiresAt)}` : 'never expires'}
                  </span>
                </RowText>
                <Button
                  type="button"
                  $variant="secondary"
                  $size="sm"
                  aria-label={`Revoke ${k.name}`}
                  onClick={() => setRevoking({ id: k.id, name: k.name })}
                >
                  Revoke
                </Button>
              </li>
            );
          })}
        </Rows>
      )}
      {creating && <CreateTokenDialog onClose={() => setCreating(false)} onCreated={(token) => (setCreating(false), setCreated(token))} />}
      {created && <NewTokenDialog token={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRevoking(null)}
          title="Revoke token?"
          description={`"${revoking.name}" stops working at once. Scripts that use it will be refused.`}
          confirmLabel="Revoke"
          busy={revokingNow}
          onConfirm={() =>
            revoke({ id: revoking.id }, { success: SUCCESS.tokenRevoked, failure: FAILURE.revokeToken, onDone: () => setRevoking(null) })
          }
        />
      )}
    </SettingsCard>
  );
}

/** The new token, shown this once, and a command that tries it, each whole and with its own copy button. */
function NewTokenDialog({ token, onClose }: { token: string; onClose(): void }) {
  const copy = useCopy();
  const command = `curl -H "Authorization: Bearer ${token}" ${window.location.origin}/api/transactions`;
  const exampleId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Copy your new token"
      description="It is shown only now: Budget keeps only a fingerprint of it. Treat it like a password."
    >
      <SecretBox aria-label="New token">{token}</SecretBox>
      <CopyRow>
        <Button type="button" $variant="secondary" $size="sm" onClick={() => copy(token, 'Token copied')}>
          <Copy aria-hidden /> Copy token
        </Button>
      </CopyRow>
      <ExampleLabel id={exampleId}>Try it from a terminal:</ExampleLabel>
      <Example aria-labelledby={exampleId}>{command}</Example>
      <CopyRow>
        <Button type="button" $variant="secondary" $size="sm" onClick={() => copy(command, 'Command copied')}>
          <Copy aria-hidden /> Copy command
        </Button>
      </CopyRow>
      <Actions>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </Actions>
    </Dialog>
  );
}

const Empty = styled.p`
  margin-top: 1rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
const ExampleLabel = styled.p`
  margin-top: 1rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;
/** The whole command, wrapped at any character (a token has no spaces): nothing is cut off, on a phone too. */
const Example = styled.pre`
  margin: 0.35rem 0 0;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.8rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  user-select: all;
`;
const CopyRow = styled.div`
  display: flex;
  margin-top: 0.5rem;
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1rem;
`;

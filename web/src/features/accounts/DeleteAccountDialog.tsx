import { graphql, useLazyLoadQuery } from 'react-relay';
import type { DeleteAccountDialogQuery } from '../../__generated__/DeleteAccountDialogQuery.graphql.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { plural } from '../../lib/plural.ts';

/**
 * "Delete account?" saying what happens to what it holds (docs/product.md#account-ledgers): its
 * transactions and paychecks stay, without an account; its transfers stay in the other accounts,
 * whose balances do not change. The counts are read fresh when it opens.
 */
export function DeleteAccountDialog({
  account,
  busy,
  onClose,
  onConfirm,
}: {
  account: { id: string; name: string };
  busy: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const { node } = useLazyLoadQuery<DeleteAccountDialogQuery>(
    graphql`
      query DeleteAccountDialogQuery($id: ID!) {
        node(id: $id) {
          ... on Account {
            activityCounts {
              transactions
              paychecks
              transfers
            }
          }
        }
      }
    `,
    { id: account.id },
    { fetchPolicy: 'network-only' },
  );
  const c = node?.activityCounts;
  const kept =
    c && [c.transactions && plural(c.transactions, 'transaction'), c.paychecks && plural(c.paychecks, 'paycheck')].filter(Boolean);
  // "Its 1 transaction stays", "Its 2 transactions stay", "Its 1 transaction and 1 paycheck stay".
  const stay = c && c.transactions + c.paychecks === 1 ? 'stays' : 'stay';
  const parts = [
    `"${account.name}" will be removed.`,
    kept?.length ? `Its ${kept.join(' and ')} ${stay} in your budget and reports, without an account.` : '',
    c?.transfers
      ? `Its ${plural(c.transfers, 'transfer')} ${c.transfers === 1 ? 'stays' : 'stay'} in your other accounts, shown as to or from a deleted account; their balances do not change.`
      : '',
    'This cannot be undone.',
  ];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete account?"
      description={parts.filter(Boolean).join(' ')}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

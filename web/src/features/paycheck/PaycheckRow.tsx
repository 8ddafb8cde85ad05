import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Trash2 } from 'lucide-react';
import type { PaycheckRow_paycheck$key } from '../../__generated__/PaycheckRow_paycheck.graphql.ts';
import type { PaycheckRowDeleteMutation } from '../../__generated__/PaycheckRowDeleteMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EditButton, editableRow } from '../../components/EditButton.tsx';
import { ListRow } from '../../components/TransactionRow.tsx';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { PaycheckDialog } from './PaycheckDialog.tsx';
import './paycheck-totals.ts';
import { AccountBadge, PayeeBadge } from '../../components/Badge.tsx';
import type { AccountOption } from '../accounts/use-account-options.ts';

/** One paycheck of the Recent Paychecks list `connection`: Edit (click it) and Delete. */
export function PaycheckRow({
  paycheck,
  connection,
  accounts,
}: {
  paycheck: PaycheckRow_paycheck$key;
  connection: string;
  accounts: readonly AccountOption[];
}) {
  const node = useFragment(
    graphql`
      fragment PaycheckRow_paycheck on Paycheck {
        id
        amount
        date
        notes
        account {
          name
        }
        payee {
          name
        }
        ...PaycheckDialog_paycheck
      }
    `,
    paycheck,
  );
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutationAction<PaycheckRowDeleteMutation>(graphql`
    mutation PaycheckRowDeleteMutation($id: ID!, $connections: [ID!]!) {
      deletePaycheck(id: $id) {
        deletedId @deleteEdge(connections: $connections)
        viewer {
          ...paycheckTotals_viewer
        }
      }
    }
  `);
  const label = `${formatMoney(node.amount)} paycheck of ${formatLongDate(node.date)}`;
  return (
    <Item>
      <ListRow
        title={formatLongDate(node.date)}
        details={
          (node.notes || node.account || node.payee) && (
            <>
              {node.payee && <PayeeBadge name={node.payee.name} />}
              {node.account && <AccountBadge name={node.account.name} />}
              {node.notes}
            </>
          )
        }
        amount={formatMoney(node.amount)}
        actions={
          <>
            <EditButton name={label} onClick={() => setEditing(true)} />
            <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${label}`} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
            </Button>
          </>
        }
      />
      {editing && <PaycheckDialog paycheck={node} accounts={accounts} open onOpenChange={setEditing} />}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete paycheck?"
          description="This paycheck will be removed from your income."
          busy={removing}
          onConfirm={() =>
            remove(
              { id: node.id, connections: [connection] },
              { success: SUCCESS.paycheckDeleted, failure: FAILURE.deletePaycheck, onDone: () => setConfirming(false) },
            )
          }
        />
      )}
    </Item>
  );
}

const Item = styled.li`
  ${editableRow}
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;

import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CheckCircle2, Circle, Lock, Trash2 } from 'lucide-react';
import type { ActivityRow_item$key } from '../../__generated__/ActivityRow_item.graphql.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { EditButton, editableRow } from '../../components/EditButton.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { activityKind } from './activity-kinds.ts';
import { wholeWords } from '../../components/text.ts';

/**
 * A row of an account's activity: what it was, when, its change to the balance (+ money in,
 * − money out) and the balance right after it. Edit (click it) and Delete name it by its
 * description and date.
 */
export function ActivityRow({
  item,
  onEdit,
  onDelete,
  onToggleCleared,
}: {
  item: ActivityRow_item$key;
  onEdit(): void;
  onDelete(): void;
  onToggleCleared(): void;
}) {
  const i = useFragment(
    graphql`
      fragment ActivityRow_item on AccountActivityItem {
        kind
        amount
        beforeStart
        status
        balanceAfter
        date
        description
        notes
      }
    `,
    item,
  );
  const kind = activityKind(i.kind);
  const name = `${i.description} of ${formatShortDate(i.date)}`;
  const out = i.kind === 'EXPENSE' || i.kind === 'TRANSFER_OUT';
  const signed = out ? `-${formatMoney(i.amount)}` : `+${formatMoney(i.amount)}`;
  return (
    <Item className={i.beforeStart ? 'before-start' : undefined}>
      <StatusButton status={i.status} name={name} onClick={onToggleCleared} />
      <span className={`icon ${out ? 'out' : 'in'}`}>
        <kind.icon aria-hidden />
      </span>
      <div className="main">
        <strong>{i.description}</strong>
        <div className="details">
          {formatShortDate(i.date)}
          <Badge>{kind.label}</Badge>
          {i.beforeStart && <Badge $tone="warning">Before starting date</Badge>}
          {i.notes && <span className="notes">{i.notes}</span>}
        </div>
      </div>
      <div className="figures">
        <span className={out ? 'change' : 'change in'}>{signed}</span>
        {i.beforeStart ? (
          <small>Not counted</small>
        ) : (
          <small aria-label={`Balance after: ${formatMoney(i.balanceAfter)}`}>{formatMoney(i.balanceAfter)}</small>
        )}
      </div>
      <EditButton name={name} onClick={onEdit} />
      <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 aria-hidden />
      </Button>
    </Item>
  );
}

/** Uncleared ○ and cleared ✓ toggle with a click; reconciled 🔒 is changed only by editing the record. */
function StatusButton({ status, name, onClick }: { status: string; name: string; onClick(): void }) {
  if (status === 'RECONCILED')
    return (
      <span className="status reconciled" title="Reconciled" aria-label={`${name}: reconciled`}>
        <Lock aria-hidden />
      </span>
    );
  const cleared = status === 'CLEARED';
  return (
    <button
      type="button"
      className={`status ${cleared ? 'cleared' : ''}`}
      title={cleared ? 'Cleared' : 'Uncleared'}
      aria-pressed={cleared}
      aria-label={`Cleared: ${name}`}
      onClick={onClick}
    >
      {cleared ? <CheckCircle2 aria-hidden /> : <Circle aria-hidden />}
    </button>
  );
}

const Item = styled.li`
  &.before-start {
    opacity: 0.6;
  }
  .status {
    display: inline-flex;
    flex: none;
    padding: 0.2rem;
    border: 0;
    border-radius: 999px;
    background: none;
    color: ${({ theme }) => theme.color.textMuted};
    cursor: pointer;
  }
  .status svg {
    width: 1.1rem;
    height: 1.1rem;
  }
  .status.cleared {
    color: ${({ theme }) => theme.color.success};
  }
  .status.reconciled {
    color: ${({ theme }) => theme.color.primary};
    cursor: default;
  }
  ${editableRow}
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.7rem 0.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  .icon {
    display: inline-flex;
    flex: none;
    padding: 0.45rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.textMuted};
  }
  .icon.in {
    background: ${({ theme }) => theme.color.successSoft};
    color: ${({ theme }) => theme.color.success};
  }
  .icon svg {
    width: 1rem;
    height: 1rem;
  }
  .main {
    flex: 1;
    min-width: 0;
  }
  strong {
    display: block;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .details {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin-top: 0.15rem;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.84rem;
  }
  .notes {
    ${wholeWords}
  }
  .figures {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .change {
    font-weight: 650;
  }
  .change.in {
    color: ${({ theme }) => theme.color.success};
  }
  .figures small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.8rem;
  }
  /* On a phone the text gets the room: no kind icon (the badge says it), and a long description wraps at its spaces. */
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    gap: 0.4rem;
    .icon {
      display: none;
    }
    strong {
      white-space: normal;
      overflow-wrap: break-word;
    }
  }
`;

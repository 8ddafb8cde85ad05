import styled, { css } from 'styled-components';
import { useId, useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ChevronDown, Trash2 } from 'lucide-react';
import type { TransactionRow_transaction$key } from '../__generated__/TransactionRow_transaction.graphql.ts';
import { formatShortDate } from '../lib/dates.ts';
import { formatMoney, formatSpent } from '../lib/money.ts';
import { AccountBadge, Badge, CategoryBadge, PayeeBadge } from './Badge.tsx';
import { Button } from './Button.tsx';
import { EditButton, editableRow } from './EditButton.tsx';
import { skipWhileOffscreen } from './offscreen.ts';
import { wholeWords } from './text.ts';
import type { ListPlace } from './list-place.ts';
import { RecordAuthors } from './RecordAuthors.tsx';

/**
 * One line of a list: a title with details under it, and an amount (plus actions) on the right;
 * on a phone, the amount and actions go under the title when they would leave it less than 12rem.
 */
export function ListRow({
  title,
  details,
  amount,
  positive = false,
  actions,
  leading,
}: {
  title: string;
  details?: ReactNode;
  amount?: string;
  /** Money in (a refund): the amount in green. */
  positive?: boolean;
  actions?: ReactNode;
  /** A control before the title (a row's selection checkbox). */
  leading?: ReactNode;
}) {
  return (
    <Row>
      {leading}
      <Main>
        <strong>{title}</strong>
        {details && <Details>{details}</Details>}
      </Main>
      {(amount !== undefined || actions) && (
        <End>
          {amount !== undefined && <Amount $positive={positive}>{amount}</Amount>}
          {actions}
        </End>
      )}
    </Row>
  );
}

/**
 * A transaction as the lists show it, an item of a `List`: description, short date, category,
 * amount (an expense's negative, a refund's positive and green: docs/product.md#refunds-and-splits).
 * A split one shows "Split (n)" instead of a category, which opens its lines under the row. In a
 * shared budget it says who added and changed it. Given `onEdit` and `onDelete`, the row opens for editing and has a delete
 * button; given `onSelect`, a checkbox chooses it for a bulk change (shift: the range up to it).
 * All are named by the description and the date, as descriptions repeat. In a `WindowedList`, `place` is the row's place there.
 */
export function TransactionRow({
  transaction,
  onEdit,
  onDelete,
  selected,
  onSelect,
  place,
}: {
  transaction: TransactionRow_transaction$key;
  place?: ListPlace;
  onEdit?(): void;
  onDelete?(transaction: { id: string; description: string }): void;
  selected?: boolean;
  onSelect?(range: boolean): void;
}) {
  const t = useFragment(
    graphql`
      fragment TransactionRow_transaction on Transaction {
        id
        description
        date
        amount
        category {
          name
        }
        account {
          name
        }
        kind
        payee {
          name
        }
        pending
        addedBy
        changedBy
        splits {
          id
          amount
          notes
          category {
            name
          }
        }
      }
    `,
    transaction,
  );
  const name = `${t.description} of ${formatShortDate(t.date)}`;
  const [linesShown, showLines] = useState(false);
  const linesId = useId();
  const refund = t.kind === 'REFUND';
  return (
    <Item $editable={onEdit !== undefined} $selected={Boolean(selected)} {...place}>
      <ListRow
        leading={
          onSelect && (
            <Check
              type="checkbox"
              aria-label={`Select ${name}`}
              checked={Boolean(selected)}
              onChange={() => undefined}
              onClick={(e) => onSelect(e.shiftKey)}
            />
          )
        }
        title={t.description}
        details={
          <>
            {formatShortDate(t.date)}
            {t.splits.length > 0 ? (
              <SplitToggle
                type="button"
                aria-expanded={linesShown}
                aria-controls={linesId}
                aria-label={`Split (${t.splits.length}): ${linesShown ? 'hide' : 'show'} the lines of ${name}`}
                onClick={() => showLines(!linesShown)}
              >
                <Badge $tone="primary">
                  Split ({t.splits.length}) <ChevronDown aria-hidden />
                </Badge>
              </SplitToggle>
            ) : (
              <CategoryBadge category={t.category && { name: t.category.name }} />
            )}
            {refund && <Badge $tone="success">Refund</Badge>}
            {t.payee && <PayeeBadge name={t.payee.name} />}
            {/* Brought in by a bank connection before the bank posted it (docs/product.md#bank-sync). */}
            {t.pending && <Badge $tone="warning">Pending</Badge>}
            {t.account && <AccountBadge name={t.account.name} />}
            <RecordAuthors addedBy={t.addedBy} changedBy={t.changedBy} />
          </>
        }
        amount={refund ? `+${formatMoney(t.amount)}` : formatSpent(t.amount)}
        positive={refund}
        actions={
          <>
            {onEdit && <EditButton name={name} onClick={onEdit} />}
            {onDelete && (
              <Button
                type="button"
                $variant="ghost"
                $size="sm"
                aria-label={`Delete ${name}`}
                onClick={() => onDelete({ id: t.id, description: t.description })}
              >
                <Trash2 aria-hidden />
              </Button>
            )}
          </>
        }
      />
      {linesShown && (
        <Lines id={linesId} aria-label={`Lines of ${name}`}>
          {t.splits.map((line) => (
            <li key={line.id}>
              <CategoryBadge category={line.category && { name: line.category.name }} />
              {line.notes && <span className="note">{line.notes}</span>}
              <span className="amount">{refund ? `+${formatMoney(line.amount)}` : formatSpent(line.amount)}</span>
            </li>
          ))}
        </Lines>
      )}
    </Item>
  );
}

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;
const Item = styled.li<{ $editable: boolean; $selected: boolean }>`
  ${skipWhileOffscreen('66px')}
  ${({ $editable, theme }) =>
    $editable &&
    css`
      ${editableRow}
      border-radius: ${theme.radius.md};
      &:hover {
        background: ${theme.color.surfaceMuted};
      }
    `}
  ${({ $selected, theme }) =>
    $selected &&
    css`
      background: ${theme.color.primarySoft};
    `}
`;
const Check = styled.input`
  flex: none;
  width: 1.1rem;
  height: 1.1rem;
  margin: 0 0.15rem;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: pointer;
`;
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem 0.75rem;
  padding: 0.75rem 0.25rem;
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    flex-wrap: wrap;
  }
`;
const Main = styled.div`
  flex: 1 1 12rem;
  min-width: 0;
  strong {
    display: block;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* On a phone a long description wraps (two lines at most) rather than losing its end. */
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    strong {
      white-space: normal;
      ${wholeWords}
      display: -webkit-box;
      -webkit-line-clamp: 2;
      -webkit-box-orient: vertical;
    }
  }
`;
const Details = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.15rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.84rem;
`;
const End = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-left: auto;
`;
const Amount = styled.span<{ $positive: boolean }>`
  font-weight: 650;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${({ $positive, theme }) => ($positive ? theme.color.success : 'inherit')};
`;
const SplitToggle = styled.button`
  border: 0;
  padding: 0;
  background: none;
  cursor: pointer;
  svg {
    transition: transform 120ms ease;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;
/** A split transaction's lines, under its row, indented to its title. */
const Lines = styled.ul`
  list-style: none;
  margin: -0.35rem 0 0;
  padding: 0 0.25rem 0.75rem 2rem;
  display: grid;
  gap: 0.35rem;
  font-size: 0.85rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-width: 0;
  }
  .note {
    color: ${({ theme }) => theme.color.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .amount {
    margin-left: auto;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

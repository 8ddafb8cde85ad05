import styled from 'styled-components';
import type { ReactNode } from 'react';
import { formatShortDate } from '../lib/dates.ts';
import { formatSpent } from '../lib/money.ts';
import { CategoryBadge } from './Badge.tsx';

/** One line of a list: a title with details under it, and an amount (plus actions) on the right. */
export function ListRow({ title, details, amount, actions }: { title: string; details?: ReactNode; amount?: string; actions?: ReactNode }) {
  return (
    <Row>
      <Main>
        <strong>{title}</strong>
        {details && <Details>{details}</Details>}
      </Main>
      {amount !== undefined && <Amount>{amount}</Amount>}
      {actions}
    </Row>
  );
}

/** A transaction as the lists show it: description, short date, category, negative amount. */
export function TransactionLine({
  description,
  date,
  amount,
  category,
  actions,
}: {
  description: string;
  date: string;
  amount: string;
  category?: { name: string } | null;
  actions?: ReactNode;
}) {
  return (
    <ListRow
      title={description}
      details={
        <>
          {formatShortDate(date)}
          <CategoryBadge category={category} />
        </>
      }
      amount={formatSpent(amount)}
      actions={actions}
    />
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
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem 0.25rem;
  min-width: 0;
`;
const Main = styled.div`
  flex: 1;
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
      overflow-wrap: anywhere;
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
const Amount = styled.span`
  font-weight: 650;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

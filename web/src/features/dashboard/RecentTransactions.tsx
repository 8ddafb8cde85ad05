import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { ArrowRight, Plus, Receipt } from 'lucide-react';
import type { RecentTransactions_dashboard$key } from '../../__generated__/RecentTransactions_dashboard.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { List, TransactionRow } from '../../components/TransactionRow.tsx';
import { ViewAll } from './card-parts.tsx';

/** The Dashboard's Recent Transactions card: the latest few, or the way to add the first. */
export function RecentTransactions({ dashboard }: { dashboard: RecentTransactions_dashboard$key }) {
  const { recentTransactions } = useFragment(
    graphql`
      fragment RecentTransactions_dashboard on Dashboard {
        recentTransactions {
          id
          ...TransactionRow_transaction
        }
      }
    `,
    dashboard,
  );
  return (
    <Card>
      <CardHeader>
        <h2>Recent Transactions</h2>
        <ViewAll to="/transactions">
          View All <ArrowRight aria-hidden />
        </ViewAll>
      </CardHeader>
      {recentTransactions.length === 0 ? (
        <EmptyState
          icon={<Receipt aria-hidden />}
          title="No transactions yet"
          text="Start tracking your expenses to see them here"
          action={
            <AddLink to="/transactions">
              <Plus aria-hidden /> Add Transaction
            </AddLink>
          }
        />
      ) : (
        <List>
          {recentTransactions.map((t) => (
            <TransactionRow key={t.id} transaction={t} />
          ))}
        </List>
      )}
    </Card>
  );
}

const AddLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.55rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 600;
  text-decoration: none;
  svg {
    width: 1rem;
    height: 1rem;
  }
`;

import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { UpcomingBills_viewer$key } from '../../__generated__/UpcomingBills_viewer.graphql.ts';
import { Badge } from '../../components/Badge.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { formatMoney } from '../../lib/money.ts';
import { dueLabel } from './bill-labels.ts';
import { wholeWords } from '../../components/text.ts';

/**
 * The first 5 bills due (docs/product.md#recurring-bills) and how many there are. Every bill
 * mutation selects this fragment in its payload: adds, edits, payments and deletes all move it.
 */
export function UpcomingBills({ viewer }: { viewer: UpcomingBills_viewer$key }) {
  const { upcomingBills } = useFragment(
    graphql`
      fragment UpcomingBills_viewer on User {
        upcomingBills(first: 5) {
          totalCount
          edges {
            node {
              id
              name
              amount
              daysUntilDue
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <Card aria-label="Upcoming Bills">
      <CardHeader>
        <h2>Upcoming Bills</h2>
        <Badge $tone="primary">{upcomingBills.totalCount}</Badge>
      </CardHeader>
      {upcomingBills.edges.length === 0 ? (
        <Muted>Nothing due in the next 30 days.</Muted>
      ) : (
        <List>
          {upcomingBills.edges.map(({ node }) => (
            <li key={node.id}>
              <Upcoming>
                <div>
                  <strong>{node.name}</strong>
                  <small className={node.daysUntilDue < 0 ? 'overdue' : undefined}>{dueLabel(node.daysUntilDue)}</small>
                </div>
                <span>{formatMoney(node.amount)}</span>
              </Upcoming>
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
const Upcoming = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 0.65rem 0.25rem;
  gap: 1rem;
  strong {
    display: block;
    ${wholeWords}
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  small.overdue {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
  span {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;

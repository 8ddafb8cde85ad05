import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { ArrowRight } from 'lucide-react';
import type { GoalsCard_viewer$key } from '../../__generated__/GoalsCard_viewer.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Progress } from '../../components/Progress.tsx';
import { formatMoney } from '../../lib/money.ts';
import { CardList, Muted, progressRow, ViewAll } from './card-parts.tsx';

/** Savings goals: the active goals' progress, current of target (docs/product.md#dashboard). */
export function GoalsCard({ viewer }: { viewer: GoalsCard_viewer$key }) {
  const { activeGoals: savingsGoals } = useFragment(
    graphql`
      fragment GoalsCard_viewer on User {
        activeGoals: savingsGoals(completed: false, first: 5) {
          totalCount
          edges {
            node {
              id
              name
              currentAmount
              targetAmount
              progressPercent
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <Card aria-label="Savings goals">
      <CardHeader>
        <h2>Savings goals</h2>
        <ViewAll to="/goals">
          Goals <ArrowRight aria-hidden />
        </ViewAll>
      </CardHeader>
      {savingsGoals.edges.length === 0 ? (
        <Muted>No active goals.</Muted>
      ) : (
        <CardList>
          {savingsGoals.edges.map(({ node }) => (
            <li key={node.id} aria-label={node.name}>
              <Goal>
                <span className="line">
                  <strong>{node.name}</strong>
                  <span>
                    {formatMoney(node.currentAmount)} <small>of {formatMoney(node.targetAmount)}</small>
                  </span>
                </span>
                <Progress value={Number(node.progressPercent)} tone="success" label={`${node.name} progress`} />
              </Goal>
            </li>
          ))}
          {savingsGoals.totalCount > savingsGoals.edges.length && (
            <li>
              <Muted className="more">and {savingsGoals.totalCount - savingsGoals.edges.length} more</Muted>
            </li>
          )}
        </CardList>
      )}
    </Card>
  );
}

const Goal = styled.div`
  ${progressRow}
`;

import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import type { BudgetProgressCard_month$key } from '../../__generated__/BudgetProgressCard_month.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Progress } from '../../components/Progress.tsx';
import { formatMoney, isNegative, toCents } from '../../lib/money.ts';
import { envelopeFill, envelopeTone } from '../budget/envelope-tone.ts';
import { CardList, Muted, progressRow, ViewAll } from './card-parts.tsx';

/**
 * Budget progress: the five categories closest to or over what they have this month (docs/product.md#dashboard):
 * spent of assigned, the bar (spent of what it had: what came from last month and what was assigned), and
 * what is available, in red when overspent.
 */
export function BudgetProgressCard({ month }: { month: BudgetProgressCard_month$key }) {
  const { tightestCategories } = useFragment(
    graphql`
      fragment BudgetProgressCard_month on BudgetMonth {
        tightestCategories(first: 5) {
          categoryId
          name
          assigned
          carried
          available
          spent
          percentUsed
          status
        }
      }
    `,
    month,
  );
  return (
    <Card aria-label="Budget progress">
      <CardHeader>
        <h2>Budget progress</h2>
        <ViewAll to="/budget">
          Budget <ArrowRight aria-hidden />
        </ViewAll>
      </CardHeader>
      {tightestCategories.length === 0 ? (
        <Muted>No categories yet: set up your budget to follow it here.</Muted>
      ) : (
        <CardList>
          {tightestCategories.map((c) => (
            <li key={c.categoryId} aria-label={c.name} data-status={c.status}>
              <Item to="/budget">
                <span className="line">
                  <strong>{c.name}</strong>
                  <span>
                    {formatMoney(c.spent)} <small>of {formatMoney(c.assigned)}</small>
                  </span>
                </span>
                <Progress
                  value={envelopeFill(c.percentUsed, c.status)}
                  tone={envelopeTone(c.status)}
                  label={`${c.name} spent of envelope`}
                />
                <Available data-negative={isNegative(c.available)}>
                  {isNegative(c.available) ? `${formatMoney(c.available.slice(1))} overspent` : `${formatMoney(c.available)} available`}
                  {toCents(c.carried) !== 0n && ` · ${formatMoney(c.carried)} from last month`}
                </Available>
              </Item>
            </li>
          ))}
        </CardList>
      )}
    </Card>
  );
}

const Item = styled(Link)`
  ${progressRow}
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  &:hover strong {
    color: ${({ theme }) => theme.color.primary};
  }
`;
const Available = styled.small`
  &[data-negative='true'] {
    color: ${({ theme }) => theme.color.danger};
  }
`;

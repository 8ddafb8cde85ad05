import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Landmark } from 'lucide-react';
import type { NetWorthCard_viewer$key } from '../../__generated__/NetWorthCard_viewer.graphql.ts';
import { Card } from '../../components/Card.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { NetWorthHistory } from '../reports/NetWorthHistory.tsx';

/**
 * Net worth: the sum of all account balances, its change over 1, 6 and 12 months and the last
 * year's month ends as a chart; shown only once the user has an account (docs/product.md#dashboard).
 */
export function NetWorthCard({ viewer }: { viewer: NetWorthCard_viewer$key }) {
  const { netWorth, accounts, netWorthHistory } = useFragment(
    graphql`
      fragment NetWorthCard_viewer on User {
        netWorth
        accounts(first: 0) {
          totalCount
        }
        netWorthHistory(months: 13) {
          ...NetWorthHistory_months
        }
      }
    `,
    viewer,
  );
  if (accounts.totalCount === 0) return null;
  return (
    <Wide aria-label="Net worth">
      <Top>
        <div>
          <span>Net worth</span>
          <strong className={isNegative(netWorth) ? 'negative' : undefined}>{formatMoney(netWorth)}</strong>
          <small>Across {plural(accounts.totalCount, 'account')}</small>
        </div>
        <Landmark aria-hidden />
      </Top>
      <NetWorthHistory months={netWorthHistory} height={160} />
    </Wide>
  );
}

const Wide = styled(Card)`
  grid-column: 1 / -1;
`;
const Top = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.color.textMuted};
  span {
    display: block;
    font-size: 0.88rem;
    font-weight: 600;
  }
  strong {
    display: block;
    margin-top: 0.35rem;
    font-size: 1.65rem;
    font-weight: 750;
    color: ${({ theme }) => theme.color.text};
    font-variant-numeric: tabular-nums;
  }
  strong.negative {
    color: ${({ theme }) => theme.color.danger};
  }
  small {
    font-size: 0.82rem;
  }
  > svg {
    width: 1.1rem;
    height: 1.1rem;
  }
`;

import { graphql, useFragment } from 'react-relay';
import { Landmark } from 'lucide-react';
import type { NetWorthCard_viewer$key } from '../../__generated__/NetWorthCard_viewer.graphql.ts';
import { StatCard } from '../../components/Card.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';

/** Net worth: the sum of all account balances; shown only once the user has an account (docs/product.md#dashboard). */
export function NetWorthCard({ viewer }: { viewer: NetWorthCard_viewer$key }) {
  const { netWorth, accounts } = useFragment(
    graphql`
      fragment NetWorthCard_viewer on User {
        netWorth
        accounts(first: 0) {
          totalCount
        }
      }
    `,
    viewer,
  );
  if (accounts.totalCount === 0) return null;
  return (
    <StatCard
      label="Net worth"
      value={formatMoney(netWorth)}
      hint={`Across ${plural(accounts.totalCount, 'account')}`}
      icon={<Landmark aria-hidden />}
      tone={isNegative(netWorth) ? 'danger' : undefined}
    />
  );
}

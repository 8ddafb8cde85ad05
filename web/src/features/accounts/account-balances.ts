/* eslint-disable relay/unused-fields -- a payload's reselection: the account cards, selects and net worth read them from the store, not this module */
import { graphql } from 'react-relay';

/**
 * What a change that moves money reselects on its payload's `viewer`, so every account on screen
 * (cards, selects' running balances, the Dashboard's net worth) shows its new balance without a
 * refetch: `...accountBalances_viewer`. A file that spreads it imports this module, as Relay's
 * lint asks of every spread.
 */
export const accountBalances = graphql`
  fragment accountBalances_viewer on User {
    netWorth
    allAccounts {
      id
      balance
    }
  }
`;

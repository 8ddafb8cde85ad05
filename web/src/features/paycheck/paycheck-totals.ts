/* eslint-disable relay/unused-fields -- a payload's reselection: the Budget screen and the account cards read them from the store, not this module */
import { graphql } from 'react-relay';
import '../accounts/account-balances.ts';

/**
 * What every paycheck change (add, edit, delete) reselects on its payload's `viewer`: the Budget
 * screen's income, and the balances of the accounts it is paid into (`...paycheckTotals_viewer`).
 */
export const paycheckTotals = graphql`
  fragment paycheckTotals_viewer on User {
    budgetSummary {
      totalIncome
    }
    ...accountBalances_viewer
  }
`;

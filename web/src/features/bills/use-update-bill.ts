import { graphql } from 'react-relay';
import type { useUpdateBillMutation } from '../../__generated__/useUpdateBillMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';

/**
 * updateRecurringBill, for Edit Bill and Pause / Resume. The bill comes back with its row's
 * fragment, so the row updates in place; when its active flag changed, it leaves one list
 * (`$from`, see `listMove`) and joins the other (`$to`), and the tab counts and the upcoming card
 * follow from the payload's `viewer`. No list is refetched.
 */
export function useUpdateBill() {
  return useMutationAction<useUpdateBillMutation>(graphql`
    mutation useUpdateBillMutation($input: UpdateRecurringBillInput!, $from: [ID!]!, $to: [ID!]!) {
      updateRecurringBill(input: $input) {
        recurringBill @prependNode(connections: $to, edgeTypeName: "UserRecurringBillsConnectionEdge") {
          id @deleteEdge(connections: $from)
          ...BillRow_bill
        }
        viewer {
          ...UpcomingBills_viewer
          ...BillTabs_counts
        }
      }
    }
  `);
}

import { graphql } from 'react-relay';
import type { useUpdateBillMutation } from '../../__generated__/useUpdateBillMutation.graphql.ts';
import { useMutationAction, type ActionOptions } from '../../app/use-mutation-action.ts';
import { placeBill } from './bill-lists.ts';

/**
 * updateRecurringBill, for Edit Bill and Pause / Resume. The bill comes back with its row's
 * fragment, so the row updates in place, and takes its place in its list (`placeBill`: a new due
 * date re-sorts it; a changed active flag moves it to the other list); the tab counts and the
 * upcoming card follow from the payload's `viewer`. No list is refetched.
 */
export function useUpdateBill() {
  const [update, updating] = useMutationAction<useUpdateBillMutation>(graphql`
    mutation useUpdateBillMutation($input: UpdateRecurringBillInput!) {
      updateRecurringBill(input: $input) {
        recurringBill {
          id
          ...BillRow_bill
        }
        viewer {
          ...UpcomingBills_viewer
          ...BillTabs_counts
        }
      }
    }
  `);
  const run = (variables: useUpdateBillMutation['variables'], options: ActionOptions<useUpdateBillMutation['response']>) =>
    update(variables, { ...options, updater: (store, data) => placeBill(store, data?.updateRecurringBill.recurringBill.id) });
  return [run, updating] as const;
}

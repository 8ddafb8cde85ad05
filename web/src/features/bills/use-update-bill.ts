import { graphql } from 'react-relay';
import type { SelectorStoreUpdater } from 'relay-runtime';
import type { useUpdateBillMutation } from '../../__generated__/useUpdateBillMutation.graphql.ts';
import { useMutationAction, type ActionOptions } from '../../app/use-mutation-action.ts';
import { placeBill } from './bill-lists.ts';

/**
 * updateRecurringBill, for Edit Bill and Pause / Resume. The bill comes back with its row's
 * fragment, so the row updates in place, and takes its place in its list (`placeUpdatedBill`: a
 * new due date re-sorts it; a changed active flag moves it to the other list); the tab counts and
 * the upcoming card follow from the payload's `viewer`. No list is refetched.
 */
export const updateBill = graphql`
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
`;

const placeUpdatedBill: SelectorStoreUpdater<useUpdateBillMutation['response']> = (store, data) =>
  placeBill(store, data?.updateRecurringBill.recurringBill.id);

/** updateRecurringBill as a button's action (Pause / Resume). */
export function useUpdateBill() {
  const [update, updating] = useMutationAction<useUpdateBillMutation>(updateBill);
  const run = (variables: useUpdateBillMutation['variables'], options: ActionOptions<useUpdateBillMutation['response']>) =>
    update(variables, { ...options, updater: placeUpdatedBill });
  return [run, updating] as const;
}

import { ConnectionHandler } from 'relay-runtime';

/** The store ids of the Active and Inactive lists (the connections of BillList.tsx). */
export interface BillLists {
  active: string;
  inactive: string;
}

export function billLists(viewerId: string): BillLists {
  return {
    active: ConnectionHandler.getConnectionID(viewerId, 'BillList_activeBills', { active: true }),
    inactive: ConnectionHandler.getConnectionID(viewerId, 'BillList_inactiveBills', { active: false }),
  };
}

export function listOf(lists: BillLists, isActive: boolean) {
  return isActive ? lists.active : lists.inactive;
}

/**
 * The lists a bill leaves (`from`, for `@deleteEdge`) and joins (`to`, for `@prependNode`) when
 * its active flag changes; none when it stays.
 */
export function listMove(lists: BillLists, wasActive: boolean, isActive: boolean) {
  return wasActive === isActive ? { from: [], to: [] } : { from: [listOf(lists, wasActive)], to: [listOf(lists, isActive)] };
}

/** The store id of a bill's payment history (the `BillPayments_payments` connection). */
export function paymentsOf(billId: string) {
  return ConnectionHandler.getConnectionID(billId, 'BillPayments_payments');
}

import { ConnectionHandler, type RecordSourceProxy } from 'relay-runtime';
import { placeInList, viewerList, type ListOrder } from '../../relay/list-order.ts';

/** The Active and Inactive lists of the Bills screen (BillList.tsx's connections), by the active flag they hold. */
const BILL_LISTS = [
  { key: 'BillList_activeBills', active: true },
  { key: 'BillList_inactiveBills', active: false },
] as const;

/** The bills lists' order (docs/product.md#recurring-bills): soonest due first, then by name. */
const BILL_ORDER: ListOrder = {
  by: [
    ['nextDueDate', 'asc'],
    ['name', 'asc'],
  ],
  ties: 'last',
};

/** A bill's payment history's order: newest paid first. */
const PAYMENT_ORDER: ListOrder = { by: [['paidDate', 'desc']], ties: 'first' };

/**
 * Puts a bill added or changed (its payload in the store) at its place in the list its active flag
 * says, and out of the other, wherever those lists are loaded: a new bill, an edited due date, a
 * Mark Paid that moved it on, a Pause or a Resume. No list is refetched; the tab counts come with
 * the payloads. `deleted`: takes it out of both.
 */
export function placeBill(store: RecordSourceProxy, id: string | undefined, deleted = false) {
  const bill = id ? store.get(id) : null;
  for (const { key, active } of BILL_LISTS) {
    const list = viewerList(store, key, { active });
    if (!list || !id) continue;
    if (!deleted && bill?.getValue('isActive') === active) placeInList(store, list, id, BILL_ORDER, 'UserRecurringBillsConnectionEdge');
    else ConnectionHandler.deleteNode(list, id);
  }
}

/** Puts a payment just recorded at its place in its bill's history (the `BillPayments_payments` connection), when loaded. */
export function placePayment(store: RecordSourceProxy, billId: string, paymentId: string | undefined) {
  const history = store.get(paymentsOf(billId));
  if (paymentId) placeInList(store, history, paymentId, PAYMENT_ORDER, 'RecurringBillPaymentsConnectionEdge');
}

/** The store id of a bill's payment history (the `BillPayments_payments` connection). */
export function paymentsOf(billId: string) {
  return ConnectionHandler.getConnectionID(billId, 'BillPayments_payments');
}

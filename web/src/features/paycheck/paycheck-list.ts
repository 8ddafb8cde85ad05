import type { RecordSourceProxy } from 'relay-runtime';
import { placeInList, viewerList, type ListOrder } from '../../relay/list-order.ts';

/** Recent Paychecks' order (the `PaycheckPage_paychecks` connection): newest day first, then newest added. */
const PAYCHECK_ORDER: ListOrder = { by: [['date', 'desc']], ties: 'first' };

/** Puts a paycheck added or changed at its place in Recent Paychecks, when that list is loaded. */
export function placePaycheck(store: RecordSourceProxy, id: string | undefined) {
  if (id) placeInList(store, viewerList(store, 'PaycheckPage_paychecks'), id, PAYCHECK_ORDER, 'UserPaychecksConnectionEdge');
}

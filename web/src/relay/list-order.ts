import { ConnectionHandler, type RecordProxy, type RecordSourceProxy } from 'relay-runtime';

/**
 * How the server sorts a list: by these fields of its records, each ascending or descending, then
 * by when they were added. `ties`: where a record just added or moved goes among those it ties
 * with, which is where the list keeps its newest ("first" in a newest-first list).
 */
export interface ListOrder {
  by: readonly (readonly [field: string, direction: 'asc' | 'desc'])[];
  ties: 'first' | 'last';
}

/** Negative when `a` comes before `b` in `order`, positive after, 0 when they tie. */
function compare(a: RecordProxy, b: RecordProxy, order: ListOrder) {
  for (const [field, direction] of order.by) {
    const [x, y] = [String(a.getValue(field) ?? ''), String(b.getValue(field) ?? '')];
    if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
  }
  return 0;
}

/**
 * Puts a record (already in the store, from a mutation's payload) at its place in a list (a
 * connection) among the edges loaded: added where it sorts, or moved there when a change (a new
 * date, a bill paid) put it out of order; left alone where it still belongs. A record that sorts
 * after every loaded edge while more pages remain is not shown: it comes with "Load more" (it
 * leaves the list if it was in it). A list not in the store is left alone.
 */
export function placeInList(
  store: RecordSourceProxy,
  list: RecordProxy | null | undefined,
  recordId: string,
  order: ListOrder,
  edgeType: string,
) {
  const record = store.get(recordId);
  if (!list || !record) return;
  const nodeOf = (edge: RecordProxy) => edge.getLinkedRecord('node')!;
  const edges = (list.getLinkedRecords('edges') ?? []).filter((edge): edge is RecordProxy => edge?.getLinkedRecord('node') != null);
  const at = edges.findIndex((edge) => nodeOf(edge).getDataID() === recordId);
  const sorted = (before?: RecordProxy, after?: RecordProxy) =>
    (!before || compare(nodeOf(before), record, order) <= 0) && (!after || compare(record, nodeOf(after), order) <= 0);
  if (at >= 0 && sorted(edges[at - 1], edges[at + 1])) return;
  const others = edges.filter((_, i) => i !== at);
  const position = others.findIndex((edge) => {
    const c = compare(record, nodeOf(edge), order);
    return c < 0 || (c === 0 && order.ties === 'first');
  });
  const more = list.getLinkedRecord('pageInfo')?.getValue('hasNextPage') === true;
  const edge = at >= 0 ? edges[at]! : ConnectionHandler.createEdge(store, list, record, edgeType);
  const placed = position >= 0 ? [...others.slice(0, position), edge, ...others.slice(position)] : more ? others : [...others, edge];
  list.setLinkedRecords(placed, 'edges');
}

/** A list of the signed-in user's (a connection on `viewer`), by its `@connection` key and filters. */
export function viewerList(store: RecordSourceProxy, key: string, filters?: Record<string, unknown>) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  return viewer ? ConnectionHandler.getConnection(viewer, key, filters) : null;
}

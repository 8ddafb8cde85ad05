import type { RecordSourceSelectorProxy } from 'relay-runtime';

/** Drops the record `id` from a plural field of the budget (an invitation revoked), in the store. */
export function dropFromBudgetList(store: RecordSourceSelectorProxy, budgetId: string, field: 'invitations', id: string) {
  const budget = store.get(budgetId);
  const list = budget?.getLinkedRecords(field);
  if (!budget || !list) return;
  budget.setLinkedRecords(
    list.filter((r) => r && r.getDataID() !== id),
    field,
  );
}

/** Adds the payload's record under `root` (a new invitation) at the end of a plural field of the budget, in the store. */
export function appendToBudgetList(store: RecordSourceSelectorProxy, budgetId: string, field: 'invitations', root: string, child: string) {
  const budget = store.get(budgetId);
  const record = store.getRootField(root)?.getLinkedRecord(child);
  const list = budget?.getLinkedRecords(field);
  if (!budget || !record || !list) return;
  budget.setLinkedRecords([...list, record], field);
}

import { useCallback } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { commitLocalUpdate, ConnectionHandler, type RecordSourceProxy } from 'relay-runtime';
import { placeInList, viewerList, type ListOrder } from '../../relay/list-order.ts';

/** The two lists of the Goals screen: the viewer's `savingsGoals` connections, by their `@connection` keys. */
export const GOAL_LISTS = [
  { key: 'GoalList_active', completed: false },
  { key: 'GoalList_completed', completed: true },
] as const;

/** The goal lists' order (the server's): the order goals were created in. */
const GOAL_ORDER: ListOrder = { by: [['createdAt', 'asc']], ties: 'last' };

/** A goal's contributions' order: newest day first, then newest added. */
const CONTRIBUTION_ORDER: ListOrder = { by: [['contributionDate', 'desc']], ties: 'first' };

/**
 * Puts a goal in the list its completion says (docs/product.md#savings-goals: completed once the
 * current amount reaches the target), at its place there (`placeInList`), or in none once it is
 * deleted, and keeps each list's count. The server decides completion; its payload has already
 * updated the goal's record, so only the goal that changed moves (a refetch would reload every
 * card and drop the pages loaded with "Load more").
 */
function syncGoalLists(store: RecordSourceProxy, goalId: string, deleted: boolean) {
  const goal = deleted ? null : store.get(goalId);
  for (const { key, completed } of GOAL_LISTS) {
    const list = viewerList(store, key, { completed });
    if (!list) continue;
    const listed = (list.getLinkedRecords('edges') ?? []).some((edge) => edge?.getLinkedRecord('node')?.getDataID() === goalId);
    const belongs = goal != null && goal.getValue('isCompleted') === completed;
    if (listed !== belongs) list.setValue((list.getValue('totalCount') as number) + (belongs ? 1 : -1), 'totalCount');
    if (belongs) placeInList(store, list, goalId, GOAL_ORDER, 'UserSavingsGoalsConnectionEdge');
    else ConnectionHandler.deleteNode(list, goalId);
  }
}

/** The `@connection` key of a goal's contributions (GoalContributionsDialog.tsx). */
export const CONTRIBUTIONS_KEY = 'GoalContributions_contributions';

/** Puts a contribution just added at its place in its goal's contributions, when they are loaded. */
export function placeContribution(store: RecordSourceProxy, goalId: string, id: string | undefined) {
  const list = store.get(ConnectionHandler.getConnectionID(goalId, CONTRIBUTIONS_KEY));
  if (id) placeInList(store, list, id, CONTRIBUTION_ORDER, 'SavingsGoalContributionsConnectionEdge');
}

/**
 * After a mutation that created, changed or deleted a goal (its payload already in the store):
 * `sync(goalId)` moves the goal to its list, `sync(goalId, true)` takes a deleted goal out.
 */
export function useSyncGoalLists() {
  const environment = useRelayEnvironment();
  return useCallback(
    (goalId: string, deleted = false) => commitLocalUpdate(environment, (store) => syncGoalLists(store, goalId, deleted)),
    [environment],
  );
}

import { useCallback } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { commitLocalUpdate, ConnectionHandler, type RecordProxy, type RecordSourceProxy } from 'relay-runtime';

/** The two lists of the Goals screen: the viewer's `savingsGoals` connections, by their `@connection` keys. */
export const GOAL_LISTS = [
  { key: 'GoalList_active', completed: false },
  { key: 'GoalList_completed', completed: true },
] as const;

/**
 * Puts a goal in the list its completion says (docs/product.md#savings-goals: completed once the
 * current amount reaches the target), or in none once it is deleted, and keeps each list's
 * count. The server decides completion; its payload has already updated the goal's record, so
 * only the goal that changed moves (a refetch would reload every card and drop the pages loaded
 * with "Load more"). The lists keep the server's order, creation first: a goal that joins a list
 * goes before the first later-created goal, or at the end when the whole list is loaded (else it
 * comes with "Load more").
 */
function syncGoalLists(store: RecordSourceProxy, goalId: string, deleted: boolean) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  const goal = deleted ? null : store.get(goalId);
  for (const { key, completed } of GOAL_LISTS) {
    const list = viewer && ConnectionHandler.getConnection(viewer, key, { completed });
    if (!list) continue;
    const edges = list.getLinkedRecords('edges') ?? [];
    const listed = edges.some((edge) => edge?.getLinkedRecord('node')?.getDataID() === goalId);
    const belongs = goal != null && goal.getValue('isCompleted') === completed;
    if (listed === belongs) continue;
    list.setValue((list.getValue('totalCount') as number) + (belongs ? 1 : -1), 'totalCount');
    if (!goal || !belongs) {
      ConnectionHandler.deleteNode(list, goalId);
      continue;
    }
    const createdAt = String(goal.getValue('createdAt'));
    const at = edges.findIndex((edge) => String(edge?.getLinkedRecord('node')?.getValue('createdAt')) > createdAt);
    if (at < 0 && list.getLinkedRecord('pageInfo')?.getValue('hasNextPage')) continue;
    const edge = ConnectionHandler.createEdge(store, list, goal, 'UserSavingsGoalsConnectionEdge');
    const position = at < 0 ? edges.length : at;
    list.setLinkedRecords([...edges.slice(0, position), edge, ...edges.slice(position)] as RecordProxy[], 'edges');
  }
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

/** What the list's filters send: nothing (all), or the conditions chosen (every one must hold). */
export type Filter = { categoryId?: string; uncategorized?: boolean; accountId?: string } | null;

/** The filters' values ("all", "none" or a category id; "all" or an account id) as the list's filter. */
export function filterFor(category: string, account = 'all'): Filter {
  const filter = {
    ...(category === 'none' ? { uncategorized: true } : category !== 'all' ? { categoryId: category } : {}),
    ...(account !== 'all' ? { accountId: account } : {}),
  };
  return Object.keys(filter).length ? filter : null;
}

/** Whether a transaction of `categoryId` paid from `accountId` belongs in the list shown under `filter`. */
export function inFilter(filter: Filter, t: { categoryId: string | null; accountId: string | null }) {
  if (!filter) return true;
  if (filter.uncategorized ? t.categoryId !== null : filter.categoryId !== undefined && filter.categoryId !== t.categoryId) return false;
  return filter.accountId === undefined || filter.accountId === t.accountId;
}

/**
 * The list on screen, which an add or an edit updates in place: its connection (to add the new
 * row to, or drop an edited row that left the filter from) and the filter its count follows.
 */
export interface ShownList {
  connectionId: string;
  filter: Filter;
}

/** What Filter by Category sends: nothing (all), the uncategorized ones, or one category's. */
export type Filter = { categoryId?: string; uncategorized?: boolean } | null;

/** The select's value ("all", "none" or a category id) as the list's filter. */
export const filterFor = (value: string): Filter =>
  value === 'all' ? null : value === 'none' ? { uncategorized: true } : { categoryId: value };

/** Whether a transaction of `categoryId` belongs in the list shown under `filter`. */
export function inFilter(filter: Filter, categoryId: string | null) {
  if (!filter) return true;
  return filter.uncategorized ? categoryId === null : filter.categoryId === categoryId;
}

/**
 * The list on screen, which an add or an edit updates in place: its connection (to add the new
 * row to, or drop an edited row that left the filter from) and the filter its count follows.
 */
export interface ShownList {
  connectionId: string;
  filter: Filter;
}

import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigation, useSearchParams } from 'react-router-dom';
import { readFilters, searchOf, type FilterValues } from './transaction-filter.ts';

/**
 * The Transactions screen's filters, which live in the URL: those of the list shown (`listed`),
 * those last asked for (`wanted`: what the filters show), and `change` to set some of them. A
 * change builds on the filters last asked for, not on the URL: the URL changes only once the new
 * list is here, so a change made meanwhile (a category picked before typing pauses, typing while
 * a category loads) would otherwise start again from the old URL and drop the one before it.
 */
export function useFilterUrl() {
  const [search, setSearch] = useSearchParams();
  const pending = useNavigation().location;
  const wanted = pending?.pathname === '/transactions' ? new URLSearchParams(pending.search) : search;
  const last = useRef(wanted);
  useLayoutEffect(() => {
    last.current = wanted;
  });
  const change = useCallback(
    (fields: Partial<FilterValues>) => {
      const next = searchOf({ ...readFilters(last.current).values, ...fields });
      last.current = next;
      setSearch(next, { replace: true });
    },
    [setSearch],
  );
  return { listed: readFilters(search), wanted: readFilters(wanted), change };
}

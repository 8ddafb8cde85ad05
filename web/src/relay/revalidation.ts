import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';

/**
 * Whether two URLs differ only in the query parameters `params` (and do differ in them): the same
 * screen with, say, another tab, whose data does not depend on it.
 */
export function differsOnlyIn(a: URL, b: URL, params: readonly string[]): boolean {
  if (a.pathname !== b.pathname || a.search === b.search) return false;
  const rest = (u: URL) => {
    const search = new URLSearchParams(u.search);
    for (const p of params) search.delete(p);
    search.sort();
    return search.toString();
  };
  return rest(a) === rest(b);
}

/**
 * A route's `shouldRevalidate` that keeps its loaded query when only `params` change: moving
 * between the Budget screen's tabs (`?tab=`) neither reloads the screen's query nor waits for it.
 */
export function keepDataWhenOnly(params: readonly string[]) {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
    defaultShouldRevalidate && !differsOnlyIn(currentUrl, nextUrl, params);
}

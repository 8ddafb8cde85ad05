import { startTransition, useEffect, useState } from 'react';

/**
 * A long list's first `first` items at once, and all of them from the next frame on: the screen
 * is drawn with what fills the viewport, and the rest renders right after, in a transition that a
 * click or a key press goes before (docs/performance.md#what-a-click-draws-reports-and-budget).
 */
export function useProgressive<T>(items: readonly T[], first = 12): readonly T[] {
  const [all, setAll] = useState(items.length <= first);
  useEffect(() => {
    if (all) return;
    const frame = requestAnimationFrame(() => startTransition(() => setAll(true)));
    return () => cancelAnimationFrame(frame);
  }, [all]);
  return all ? items : items.slice(0, first);
}

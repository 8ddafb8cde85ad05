import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true from the next frame on: what is off screen at first renders
 * right after the screen is drawn, in a transition that a click or a key press goes before
 * (docs/performance.md#what-a-click-draws-reports-and-budget). `wait` false: true at once.
 */
export function useAfterFirstFrame(wait = true): boolean {
  const [done, setDone] = useState(!wait);
  useEffect(() => {
    if (done) return;
    const frame = requestAnimationFrame(() => startTransition(() => setDone(true)));
    return () => cancelAnimationFrame(frame);
  }, [done]);
  return done;
}

/**
 * A long list's first `first` items at once, and all of them from the next frame on: the screen
 * is drawn with what fills the viewport, and the rest renders right after.
 */
export function useProgressive<T>(items: readonly T[], first = 12): readonly T[] {
  const all = useAfterFirstFrame(items.length > first);
  return all ? items : items.slice(0, first);
}

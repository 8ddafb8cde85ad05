import { useState } from 'react';

/**
 * Rows chosen for a bulk change (docs/product.md#transactions): a click toggles one, a shift-click
 * sets the whole range from the last one clicked to it, and "select all" takes every row the
 * filter matches, loaded or not. `scope` (the filter) changing starts over.
 */
export function useSelection(ids: readonly string[], scope: string) {
  const [state, setState] = useState({ scope, chosen: new Set<string>(), all: false, anchor: -1 });
  const current = state.scope === scope ? state : { scope, chosen: new Set<string>(), all: false, anchor: -1 };
  if (current !== state) setState(current);
  const toggle = (index: number, range: boolean) => {
    const id = ids[index]!;
    const on = !current.chosen.has(id);
    const chosen = new Set(current.chosen);
    const [from, to] = range && current.anchor >= 0 ? [Math.min(current.anchor, index), Math.max(current.anchor, index)] : [index, index];
    for (const i of ids.slice(from, to + 1))
      if (on) chosen.add(i);
      else chosen.delete(i);
    setState({ scope, chosen, all: false, anchor: index });
  };
  return {
    /** The ids chosen one by one (every row, when `all`). */
    chosen: current.chosen,
    /** Every row the filter matches is chosen, not only those on screen. */
    all: current.all,
    isChosen: (id: string) => current.all || current.chosen.has(id),
    toggle,
    chooseAll: () => setState({ ...current, all: true }),
    clear: () => setState({ scope, chosen: new Set(), all: false, anchor: -1 }),
  };
}

export type Selection = ReturnType<typeof useSelection>;

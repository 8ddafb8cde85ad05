import { chosenBudgetId } from './budget-selection.ts';

/**
 * The change marks of the answers this tab shows (the server's X-Change-Mark, api/graphql/change-marks.ts):
 * the budget's change mark when the server began reading each. The live-updates stream opens
 * with the earliest (`changes(since:)`) and the server starts it with an event if the budget
 * changed since; an answer read before a change the stream was not asked about (its mark below the
 * one the stream opened with) is reported here instead. Marks are decimal integers, compared as numbers.
 */
let earliest: string | null = null;
let opened: { mark: string; stale(): void } | null = null;
const waiting = new Set<(mark: string) => void>();

const below = (a: string, b: string) => Number(a) < Number(b);

/** An answer for `budget` (null: personal) came with `mark`; one of another budget than the tab's now is ignored. */
export function noteChangeMark(budget: string | null, mark: string | null) {
  if (!mark || budget !== chosenBudgetId()) return;
  if (earliest === null || below(mark, earliest)) earliest = mark;
  // Once per lower mark: processes whose marks differ a little must not have every answer refetched.
  if (opened && below(mark, opened.mark)) {
    opened.mark = mark;
    opened.stale();
  }
  waiting.forEach((resolve) => resolve(earliest!));
  waiting.clear();
}

/** Another budget's screens begin (a new environment): nothing read so far is shown any more. */
export function forgetChangeMarks() {
  earliest = null;
  opened = null;
}

/**
 * The earliest mark of what is shown, once there is one: a stream opened before anything was read
 * could not tell what an answer still on its way missed.
 */
export function shownSince(signal: AbortSignal): Promise<string> {
  if (earliest !== null) return Promise.resolve(earliest);
  return new Promise((resolve) => {
    waiting.add(resolve);
    signal.addEventListener('abort', () => waiting.delete(resolve), { once: true });
  });
}

/** The stream opened with `mark`: an answer read before it (a lower mark) calls `stale`. */
export function streamOpenedWith(mark: string, stale: () => void) {
  opened = { mark, stale };
}

import { knownUser } from '../app/current-user.ts';

/**
 * The budget this tab works in (docs/product.md#shared-budgets): kept per tab (sessionStorage), so
 * two tabs can show two budgets, and remembered for the next new tab (localStorage). A choice says
 * whose it is: another person signing in on this browser starts on their own personal budget.
 * None chosen means the user's personal budget, the one the server acts on when a request names
 * none. Every request names the chosen one: GraphQL and its subscription by the `X-Budget-Id`
 * header, downloads by `?budgetId=` too. No React and no Relay here: the boot script's requests
 * name the budget too.
 */
const KEY = 'budget';
/** The tab's value for "the personal budget". */
const PERSONAL = 'personal';
/** What the server answers for a budget the user is not (or no longer) a member of. */
export const BUDGET_NOT_FOUND = 'Budget not found';

interface Choice {
  user: string;
  budget: string;
}

function parse(raw: string | null): Choice | null {
  if (!raw || raw === PERSONAL) return null;
  try {
    const value = JSON.parse(raw) as Partial<Choice> | null;
    return typeof value?.user === 'string' && typeof value.budget === 'string' ? { user: value.user, budget: value.budget } : null;
  } catch {
    return null;
  }
}

/**
 * The tab's choice. A new tab takes the one remembered last and keeps it as its own, so a choice
 * made later in another tab never moves this one.
 */
function tabChoice(): Choice | null {
  try {
    let raw = sessionStorage.getItem(KEY);
    if (raw === null) {
      raw = localStorage.getItem(KEY) ?? PERSONAL;
      sessionStorage.setItem(KEY, raw);
    }
    return parse(raw);
  } catch {
    return null; // storage blocked: the personal budget
  }
}

/**
 * The raw id of the budget this tab works in, or null for the user's personal budget (also when
 * the choice is another person's). `user`: the signed-in user's id, when known.
 */
export function chosenBudgetId(user: string | undefined = knownUser()?.id): string | null {
  const choice = tabChoice();
  if (!choice || choice.budget === choice.user) return null;
  if (user !== undefined && choice.user !== user) return null;
  return choice.budget;
}

/** Makes `budget` (a raw id; the user's own id for the personal budget) this tab's, and the next new tab's. */
export function chooseBudget(user: string, budget: string) {
  const raw = budget === user ? PERSONAL : JSON.stringify({ user, budget } satisfies Choice);
  try {
    sessionStorage.setItem(KEY, raw);
    localStorage.setItem(KEY, raw);
  } catch {
    // storage blocked: the choice lasts as long as nothing asks for it again
  }
}

/** The headers naming the tab's budget: none for the personal budget. */
export function budgetHeaders(): Record<string, string> {
  const budget = chosenBudgetId();
  return budget === null ? {} : { 'x-budget-id': budget };
}

/** A download's path naming the tab's budget (`?budgetId=`), as a link the browser follows would. */
export function withBudget(path: string) {
  const budget = chosenBudgetId();
  if (budget === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}budgetId=${encodeURIComponent(budget)}`;
}

/** Whether a GraphQL answer says the budget the request named is not one of the user's (any more). */
export function isBudgetGone(status: number, body: { message?: string; errors?: { message?: string; extensions?: { code?: string } }[] }) {
  if (status === 404 && body.message === BUDGET_NOT_FOUND) return true;
  return body.errors?.some((e) => e.extensions?.code === 'NOT_FOUND' && e.message === BUDGET_NOT_FOUND) ?? false;
}

const vanishedListeners = new Set<(budget: string) => void>();
/** A budget found gone before anyone listened (the page's first requests, before the app rendered). */
let unheard: string | null = null;

/**
 * Calls `listener` when the tab's budget turned out to be gone (the app then shows the personal
 * budget and says so), at once for one found gone before it listened.
 */
export function onBudgetVanished(listener: (budget: string) => void) {
  vanishedListeners.add(listener);
  if (unheard !== null) {
    const budget = unheard;
    unheard = null;
    queueMicrotask(() => listener(budget));
  }
  return () => void vanishedListeners.delete(listener);
}

/**
 * The tab's budget `budget` is gone (the user was removed from it, or it was deleted): the tab and
 * the next new tab go back to the personal budget, and the listeners hear of it once, however
 * many requests found out.
 */
export function budgetVanished(budget: string) {
  if (chosenBudgetId() !== budget) return;
  try {
    sessionStorage.setItem(KEY, PERSONAL);
    if (parse(localStorage.getItem(KEY))?.budget === budget) localStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (vanishedListeners.size === 0) unheard = budget;
  vanishedListeners.forEach((listener) => listener(budget));
}

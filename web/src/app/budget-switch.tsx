import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { fetchQuery, RelayEnvironmentProvider } from 'react-relay';
import AppShellQuery from '../__generated__/AppShellQuery.graphql.ts';
import { relayEnvironment, renewEnvironment } from '../relay/environment.ts';
import { forgetPrefetched } from '../relay/graphql-request.ts';
import { budgetVanished, chooseBudget, chosenBudgetId, onBudgetVanished } from '../relay/budget-selection.ts';
import { BUDGET_GONE } from '../lib/messages.ts';
import { knownUser } from './current-user.ts';
import { useToast } from './toasts.tsx';

interface BudgetSwitch {
  /** Works in `budget` (its raw id; null: the personal budget) from now on; resolves once it shows. */
  switchBudget(budget: string | null): Promise<void>;
  switching: boolean;
}

const BudgetSwitchContext = createContext<BudgetSwitch>({ switchBudget: async () => {}, switching: false });

export const useBudgetSwitch = () => useContext(BudgetSwitchContext);

/**
 * The Relay environment of the tab's budget, and the switch to another (docs/product.md#shared-budgets).
 * A switch starts a new environment, so nothing of the previous budget stays in the store; the
 * route's data and the shell's are loaded into it (the old screen showing meanwhile), then the app
 * below renders again from scratch on it: its screens, dialogs and live updates are the new budget's.
 * `revalidate` runs the route loaders again (the router's).
 */
export function BudgetEnvironment({ revalidate, children }: { revalidate(): Promise<unknown>; children: ReactNode }) {
  const [state, setState] = useState(() => ({ environment: relayEnvironment(), generation: 0 }));
  const [switching, setSwitching] = useState(false);
  const toast = useToast();
  const switchBudget = useCallback(
    async (budget: string | null) => {
      const user = knownUser();
      if (!user) return;
      chooseBudget(user.id, budget ?? user.id);
      forgetPrefetched();
      const environment = renewEnvironment();
      setSwitching(true);
      try {
        await Promise.all([
          revalidate(),
          fetchQuery(environment, AppShellQuery, {})
            .toPromise()
            .catch(() => undefined),
        ]);
      } finally {
        setSwitching(false);
        setState((s) => ({ environment, generation: s.generation + 1 }));
      }
    },
    [revalidate],
  );
  useEffect(
    () =>
      onBudgetVanished(() => {
        // Said once the personal budget shows: after the failure toast of a write that found out.
        const tell = () => toast({ title: BUDGET_GONE.title, description: BUDGET_GONE.description, variant: 'destructive' });
        void switchBudget(null).then(tell, tell);
      }),
    [toast, switchBudget],
  );
  return (
    <BudgetSwitchContext.Provider value={{ switchBudget, switching }}>
      <RelayEnvironmentProvider key={state.generation} environment={state.environment}>
        {children}
      </RelayEnvironmentProvider>
    </BudgetSwitchContext.Provider>
  );
}

/**
 * Checks the budget the server acted on (`current`, the raw id of `viewer.currentBudget`) against
 * the tab's choice: a server that answered for another budget (the chosen one is gone) sends the
 * tab back to the personal budget, as an answer "Budget not found" does.
 */
export function useCheckCurrentBudget(current: string | undefined) {
  const { switching } = useBudgetSwitch();
  useEffect(() => {
    const chosen = chosenBudgetId();
    if (!switching && current !== undefined && chosen !== null && current !== chosen) budgetVanished(chosen);
  }, [current, switching]);
}

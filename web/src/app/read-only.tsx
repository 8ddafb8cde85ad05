import { createContext, useContext, type ReactNode } from 'react';
import styled from 'styled-components';
import { Eye } from 'lucide-react';
import { READ_ONLY } from '../lib/messages.ts';

/**
 * Whether the tab's budget is read-only for the user (a viewer's: docs/product.md#shared-budgets).
 * The shell provides it; add, edit and delete controls read it to disable themselves with the
 * reason, which the server gives too for any write that gets through.
 */
const ReadOnlyContext = createContext(false);
/** Whether the tab's budget has other members: its records then say who added and changed them. */
const SharedContext = createContext(false);

/** The shell's: what the tab's budget is for the user. */
export function CurrentBudgetProvider({ readOnly, shared, children }: { readOnly: boolean; shared: boolean; children: ReactNode }) {
  return (
    <ReadOnlyContext.Provider value={readOnly}>
      <SharedContext.Provider value={shared}>{children}</SharedContext.Provider>
    </ReadOnlyContext.Provider>
  );
}

/** What a person changes of their own (their settings, their membership, a new budget): a viewer too. */
export function PersonalScope({ children }: { children: ReactNode }) {
  return <ReadOnlyContext.Provider value={false}>{children}</ReadOnlyContext.Provider>;
}

export const useReadOnly = () => useContext(ReadOnlyContext);

export const useSharedBudget = () => useContext(SharedContext);

/** Spread last on a control that changes data: disabled, with the reason as its tooltip, while read-only. */
export function useReadOnlyControl(): { disabled?: true; title?: string } {
  return useReadOnly() ? { disabled: true, title: READ_ONLY } : {};
}

/** The line on every screen of a read-only budget, and in each dialog that would change something. */
export function ReadOnlyNote({ className }: { className?: string }) {
  return (
    <Note role="note" className={className}>
      <Eye aria-hidden />
      {READ_ONLY}
    </Note>
  );
}

const Note = styled.p`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.6rem 0.85rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  color: ${({ theme }) => theme.color.warning};
  font-weight: 600;
  font-size: 0.9rem;
  svg {
    width: 1.05rem;
    height: 1.05rem;
    flex: none;
  }
`;

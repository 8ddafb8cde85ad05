import * as Popover from '@radix-ui/react-popover';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Check, ChevronsUpDown, Plus, Users, Wallet } from 'lucide-react';
import type { BudgetSwitcher_viewer$key } from '../../__generated__/BudgetSwitcher_viewer.graphql.ts';
import { useBudgetSwitch } from '../../app/budget-switch.tsx';
import { Badge } from '../../components/Badge.tsx';
import { plural } from '../../lib/plural.ts';
import { budgetRawId, ROLE_LABEL, roleTone } from './budget-roles.ts';

// The dialog and its form code (validation, the form library) load when New budget is chosen: the
// switcher is in the shell of every screen, so anything it imports is in the main script.
const CreateBudgetDialog = lazy(() => import('./CreateBudgetDialog.tsx').then((m) => ({ default: m.CreateBudgetDialog })));

/**
 * The top of the sidebar (docs/product.md#shared-budgets): the budget the tab works in, with the
 * user's role when it is shared; its menu lists every budget of the user and "New budget…".
 */
export function BudgetSwitcher({ viewer, collapsed }: { viewer: BudgetSwitcher_viewer$key; collapsed: boolean }) {
  const { budgets, currentBudget } = useFragment(
    graphql`
      fragment BudgetSwitcher_viewer on User {
        currentBudget {
          id
          name
          personal
          role
          memberCount
        }
        budgets {
          id
          name
          personal
          role
          memberCount
        }
      }
    `,
    viewer,
  );
  const { switchBudget, switching } = useBudgetSwitch();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const shared = currentBudget.memberCount > 1;
  const Icon = shared ? Users : Wallet;
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Trigger
            type="button"
            $collapsed={collapsed}
            aria-label={`Budget: ${currentBudget.name}${shared ? ` (${ROLE_LABEL[currentBudget.role]})` : ''}. Switch budget`}
            aria-busy={switching}
            title={collapsed ? currentBudget.name : undefined}
          >
            <Icon aria-hidden className="icon" />
            {!collapsed && (
              <>
                <Name>
                  <strong>{currentBudget.name}</strong>
                  {shared && (
                    <span>
                      {ROLE_LABEL[currentBudget.role]} · {plural(currentBudget.memberCount, 'member')}
                    </span>
                  )}
                </Name>
                <ChevronsUpDown aria-hidden className="chevron" />
              </>
            )}
          </Trigger>
        </Popover.Trigger>
        <Popover.Portal>
          <Menu side="bottom" align="start" sideOffset={6} collisionPadding={8} aria-label="Budgets">
            <MenuTitle>Budgets</MenuTitle>
            <Choices>
              {budgets.map((b) => {
                const current = b.id === currentBudget.id;
                return (
                  <li key={b.id}>
                    <Choice
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => {
                        setOpen(false);
                        if (!current) void switchBudget(budgetRawId(b.id));
                      }}
                    >
                      <ChoiceText>
                        <strong>{b.name}</strong>
                        <span>
                          {b.personal ? 'Personal' : 'Shared'} · {plural(b.memberCount, 'member')}
                        </span>
                      </ChoiceText>
                      {b.memberCount > 1 && <Badge $tone={roleTone(b.role)}>{ROLE_LABEL[b.role]}</Badge>}
                      <Check aria-hidden className="check" style={{ visibility: current ? 'visible' : 'hidden' }} />
                    </Choice>
                  </li>
                );
              })}
            </Choices>
            <Choice
              type="button"
              className="new"
              onClick={() => {
                setOpen(false);
                setCreating(true);
              }}
            >
              <Plus aria-hidden /> New budget…
            </Choice>
          </Menu>
        </Popover.Portal>
      </Popover.Root>
      {creating && (
        <Suspense fallback={null}>
          <CreateBudgetDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}

const Trigger = styled.button<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: 0.5rem;
  width: 100%;
  min-height: 2.5rem;
  padding: 0.4rem ${({ $collapsed }) => ($collapsed ? '0' : '0.6rem')};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: 650;
  cursor: pointer;
  text-align: left;
  &[aria-busy='true'] {
    opacity: 0.6;
  }
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  svg {
    flex: none;
    width: 1.05rem;
    height: 1.05rem;
  }
  .icon {
    color: ${({ theme }) => theme.color.primary};
  }
  .chevron {
    margin-left: auto;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Name = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  line-height: 1.25;
  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    font-weight: 650;
  }
  span {
    font-size: 0.75rem;
    font-weight: 550;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Menu = styled(Popover.Content)`
  z-index: 45;
  width: min(17rem, calc(100vw - 16px));
  max-height: min(28rem, calc(100vh - 5rem));
  overflow-y: auto;
  padding: 0.35rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.18);
`;
const MenuTitle = styled.h2`
  padding: 0.35rem 0.5rem;
  font-size: 0.8rem;
  font-weight: 650;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Choices = styled.ul`
  list-style: none;
  margin: 0 0 0.25rem;
  padding: 0 0 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;
const Choice = styled.button`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: 100%;
  padding: 0.45rem 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &[aria-current='true'] strong {
    color: ${({ theme }) => theme.color.primary};
  }
  &.new {
    font-weight: 600;
    font-size: 0.9rem;
  }
  svg {
    flex: none;
    width: 1rem;
    height: 1rem;
  }
  .check {
    color: ${({ theme }) => theme.color.primary};
  }
`;
const ChoiceText = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
  strong {
    font-weight: 650;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

import * as RadixDialog from '@radix-ui/react-dialog';
import * as Tooltip from '@radix-ui/react-tooltip';
import styled from 'styled-components';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Moon, PanelLeft, Sun } from 'lucide-react';
import type { AppShellQuery } from '../../__generated__/AppShellQuery.graphql.ts';
import { Button } from '../../components/Button.tsx';
import { PageSkeleton } from '../../components/Skeleton.tsx';
import { useThemeMode } from '../theme-mode.tsx';
import { Sidebar, SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from './Sidebar.tsx';
import { useSidebar } from './sidebar-state.ts';
import { PageErrorBoundary } from '../PageErrorBoundary.tsx';
import { LiveUpdates } from '../live-updates.tsx';
import { useDocumentTitle, useRouteTitle } from '../document-title.ts';
import { NotificationBell } from '../../features/reminders/NotificationBell.tsx';
import { CurrentBudgetProvider, ReadOnlyNote } from '../read-only.tsx';
import { useCheckCurrentBudget } from '../budget-switch.tsx';
import { budgetRawId } from '../../features/budgets/budget-roles.ts';
import { useRefetchOnChange } from '../../relay/route-query.ts';

/** The layout when signed in (docs/product.md#layout): sidebar, header (sidebar toggle; the bell, then the theme toggle at the right), scrolling main area. */
export function AppShell({ children }: { children: ReactNode }) {
  const sidebar = useSidebar();
  const { mode, toggle } = useThemeMode();
  const [budget, setBudget] = useState({ readOnly: false, shared: false });
  useDocumentTitle(useRouteTitle());
  return (
    <CurrentBudgetProvider {...budget}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        {/* First in the tab order: past the sidebar and header in one key press. */}
        <SkipLink
          href="#main"
          onClick={(e) => {
            e.preventDefault(); // a plain #main would be a router navigation (and move focus to the heading)
            document.getElementById('main')?.focus();
          }}
        >
          Skip to main content
        </SkipLink>
        <Layout>
          {!sidebar.isMobile && (
            <Side
              style={{ width: sidebar.expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
              data-state={sidebar.expanded ? 'expanded' : 'collapsed'}
            >
              <ShellSidebar collapsed={!sidebar.expanded} />
            </Side>
          )}
          {sidebar.isMobile && (
            <RadixDialog.Root open={sidebar.mobileOpen} onOpenChange={sidebar.setMobileOpen}>
              <RadixDialog.Portal>
                <SheetOverlay />
                <Sheet aria-describedby={undefined}>
                  <RadixDialog.Title hidden>Navigation</RadixDialog.Title>
                  <ShellSidebar collapsed={false} onNavigate={() => sidebar.setMobileOpen(false)} />
                </Sheet>
              </RadixDialog.Portal>
            </RadixDialog.Root>
          )}
          <Column>
            <Header>
              <Button
                type="button"
                $variant="ghost"
                $size="sm"
                onClick={sidebar.toggle}
                aria-label="Toggle sidebar"
                aria-keyshortcuts="Control+B Meta+B"
              >
                <PanelLeft aria-hidden />
              </Button>
              <HeaderEnd>
                <NotificationBell />
                <Button
                  type="button"
                  $variant="ghost"
                  $size="sm"
                  onClick={toggle}
                  aria-label={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
                >
                  {mode === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
                </Button>
              </HeaderEnd>
            </Header>
            <Main id="main" tabIndex={-1}>
              {budget.readOnly && <ReadOnlyBanner />}
              <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
            </Main>
          </Column>
        </Layout>
        <LiveUpdates />
        <PageErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <CurrentBudget onBudget={setBudget} />
          </Suspense>
        </PageErrorBoundary>
      </Tooltip.Provider>
    </CurrentBudgetProvider>
  );
}

/**
 * The budget the shell's data is of: a viewer's is read-only (the banner, and the controls that
 * read `useReadOnly`), a shared one's records say who added and changed them, and one the server
 * did not act on is gone (budget-switch.tsx). A change in the budget (a member joined, a role
 * changed, the user removed) asks again: the role, the members and access change live.
 */
function CurrentBudget({ onBudget }: { onBudget(budget: { readOnly: boolean; shared: boolean }): void }) {
  const { viewer } = useLazyLoadQuery<AppShellQuery>(SHELL_QUERY, {});
  const readOnly = viewer.currentBudget.role === 'VIEWER';
  const shared = viewer.currentBudget.memberCount > 1;
  useCheckCurrentBudget(budgetRawId(viewer.currentBudget.id));
  useEffect(() => onBudget({ readOnly, shared }), [onBudget, readOnly, shared]);
  useRefetchOnChange<AppShellQuery>(SHELL_QUERY, {});
  return null;
}

/** The navigation shows at once; the user block joins it when its data is here (or never, if that fails). */
function ShellSidebar(props: { collapsed: boolean; onNavigate?(): void }) {
  const withoutUser = <Sidebar viewer={null} {...props} />;
  return (
    <PageErrorBoundary fallback={withoutUser}>
      <Suspense fallback={withoutUser}>
        <ViewerSidebar {...props} />
      </Suspense>
    </PageErrorBoundary>
  );
}

const SHELL_QUERY = graphql`
  query AppShellQuery {
    viewer {
      ...Sidebar_viewer
      currentBudget {
        id
        role
        memberCount
      }
    }
  }
`;

function ViewerSidebar(props: { collapsed: boolean; onNavigate?(): void }) {
  const data = useLazyLoadQuery<AppShellQuery>(SHELL_QUERY, {});
  return <Sidebar viewer={data.viewer} {...props} />;
}

const ReadOnlyBanner = styled(ReadOnlyNote)`
  margin-bottom: 1.25rem;
`;
const Layout = styled.div`
  display: flex;
  min-height: 100vh;
`;
const Side = styled.aside`
  position: sticky;
  top: 0;
  height: 100vh;
  flex: none;
  border-right: 1px solid ${({ theme }) => theme.color.border};
  transition: width 160ms ease;
  overflow: hidden;
`;
const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;
const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: 3.5rem;
  padding: 0 1rem;
  background: ${({ theme }) => theme.color.background}e6;
  backdrop-filter: blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;
const HeaderEnd = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;
const SkipLink = styled.a`
  position: fixed;
  top: 0.5rem;
  left: 0.5rem;
  z-index: 100;
  padding: 0.6rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 600;
  text-decoration: none;
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;
const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  padding: 1.75rem 1.5rem 3rem;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    padding: 1.25rem 1rem 2.5rem;
  }
  &:focus {
    outline: none;
  } /* the skip link's target, not a control */
`;
const SheetOverlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  z-index: 40;
`;
const Sheet = styled(RadixDialog.Content)`
  position: fixed;
  top: 0;
  left: 0;
  bottom: 0;
  width: ${SIDEBAR_WIDTH_MOBILE};
  max-width: 85vw;
  z-index: 41;
  border-right: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.3);
`;

import * as Tooltip from '@radix-ui/react-tooltip';
import styled, { css } from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router-dom';
import { LogOut, Settings } from 'lucide-react';
import type { Sidebar_viewer$key } from '../../__generated__/Sidebar_viewer.graphql.ts';
import { Logo } from '../../components/Logo.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { prefetchRoute } from '../../relay/route-query.ts';
import { BudgetSwitcher } from '../../features/budgets/BudgetSwitcher.tsx';

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';

/**
 * The budget switcher, the navigation, the signed-in user and Sign Out. `collapsed`: icons only, with tooltips. Without
 * a viewer (its query failed) the navigation still works; only the user block is left out.
 */
export function Sidebar({ viewer, collapsed, onNavigate }: { viewer: Sidebar_viewer$key | null; collapsed: boolean; onNavigate?(): void }) {
  const user = useFragment(
    graphql`
      fragment Sidebar_viewer on User {
        displayName
        initials
        email
        profileImageUrl
        ...BudgetSwitcher_viewer
      }
    `,
    viewer,
  );
  const { pathname } = useLocation();
  return (
    <Nav aria-label="Main" $collapsed={collapsed}>
      <Brand $collapsed={collapsed}>
        <Logo />
        {!collapsed && <span>Budget</span>}
      </Brand>
      {user && <BudgetSwitcher viewer={user} collapsed={collapsed} />}
      <Items>
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => {
          const active = pathname === to;
          // Pointing at or focusing a link starts its screen's code and data: the click finds them on the way.
          const prefetch = active ? undefined : () => prefetchRoute(to);
          const link = (
            <Item
              to={to}
              onMouseEnter={prefetch}
              onFocus={prefetch}
              onTouchStart={prefetch}
              aria-current={active ? 'page' : undefined}
              $active={active}
              $collapsed={collapsed}
              onClick={onNavigate}
              aria-label={collapsed ? label : undefined}
            >
              <Icon aria-hidden />
              {!collapsed && <span>{label}</span>}
            </Item>
          );
          return (
            <li key={to}>
              {collapsed ? (
                <Tooltip.Root delayDuration={0}>
                  <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
                  <Tooltip.Portal>
                    <Tip side="right" sideOffset={8}>
                      {label}
                    </Tip>
                  </Tooltip.Portal>
                </Tooltip.Root>
              ) : (
                link
              )}
            </li>
          );
        })}
      </Items>
      {user && (
        // The user block opens Settings (docs/product.md#settings).
        <UserBlock
          to="/settings"
          aria-label={`Settings: ${user.displayName}`}
          aria-current={pathname === '/settings' ? 'page' : undefined}
          title="Settings"
          onClick={onNavigate}
          $collapsed={collapsed}
          $active={pathname === '/settings'}
        >
          <Avatar aria-hidden>{user.profileImageUrl ? <img src={user.profileImageUrl} alt="" /> : user.initials}</Avatar>
          {!collapsed && (
            <>
              <Who>
                <strong>{user.displayName}</strong>
                <span>{user.email ?? 'No email'}</span>
              </Who>
              <Settings aria-hidden className="gear" />
            </>
          )}
        </UserBlock>
      )}
      <SignOut href="/api/logout" $collapsed={collapsed} aria-label={collapsed ? 'Sign Out' : undefined}>
        <LogOut aria-hidden />
        {!collapsed && <span>Sign Out</span>}
      </SignOut>
    </Nav>
  );
}

const Nav = styled.nav<{ $collapsed: boolean }>`
  display: flex;
  flex-direction: column;
  height: 100%;
  padding: 0.75rem ${({ $collapsed }) => ($collapsed ? '0.35rem' : '0.75rem')};
  gap: 0.5rem;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;
const Brand = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: 0.6rem;
  height: 2.5rem;
  padding: 0 ${({ $collapsed }) => ($collapsed ? '0' : '0.5rem')};
  font-weight: 800;
  font-size: 1.15rem;
`;
const Items = styled.ul`
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.15rem;
  flex: 1;
`;
const itemStyle = css<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: 0.7rem;
  height: 2.4rem;
  padding: 0 ${({ $collapsed }) => ($collapsed ? '0' : '0.65rem')};
  border-radius: ${({ theme }) => theme.radius.md};
  text-decoration: none;
  font-weight: 550;
  color: ${({ theme }) => theme.color.textMuted};
  svg {
    width: 1.15rem;
    height: 1.15rem;
    flex: none;
  }
  span {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.text};
  }
`;
const Item = styled(Link)<{ $active: boolean; $collapsed: boolean }>`
  ${itemStyle}
  ${({ $active, theme }) =>
    $active &&
    css`
      background: ${theme.color.primarySoft};
      color: ${theme.color.primary};
      &:hover {
        background: ${theme.color.primarySoft};
        color: ${theme.color.primary};
      }
    `}
`;
const SignOut = styled.a<{ $collapsed: boolean }>`
  ${itemStyle}
`;
const UserBlock = styled(Link)<{ $collapsed: boolean; $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: 0.65rem;
  margin-top: 0.25rem;
  padding: 0.6rem ${({ $collapsed }) => ($collapsed ? '0' : '0.5rem')};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  min-width: 0;
  color: inherit;
  text-decoration: none;
  background: ${({ $active, theme }) => ($active ? theme.color.primarySoft : 'transparent')};
  .gear {
    flex: none;
    margin-left: auto;
    width: 1.05rem;
    height: 1.05rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;
const Avatar = styled.div`
  flex: none;
  display: grid;
  place-items: center;
  width: 2.1rem;
  height: 2.1rem;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  font-size: 0.85rem;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  strong {
    font-size: 0.9rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  span {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.color.textMuted};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;
const Tip = styled(Tooltip.Content)`
  background: ${({ theme }) => theme.color.text};
  color: ${({ theme }) => theme.color.surface};
  padding: 0.3rem 0.6rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 0.82rem;
  font-weight: 600;
  z-index: 60;
`;

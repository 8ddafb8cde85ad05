import { useCallback, useEffect, useState } from 'react';
import { MOBILE_QUERY } from '../../theme.ts';

/** docs/product.md#interface-details: the sidebar's expanded/collapsed state, kept in the `sidebar_state` cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export function readSidebarCookie(cookie = document.cookie): boolean {
  const value = cookie
    .split('; ')
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`))
    ?.split('=')[1];
  return value !== 'false';
}

export function writeSidebarCookie(expanded: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

function useMediaQuery(query: string) {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** Expanded/collapsed on desktop (cookie), open/closed panel on mobile; Ctrl/Cmd+B toggles. */
export function useSidebar() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [expanded, setExpanded] = useState(readSidebarCookie);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setMobileOpen((o) => !o);
    else
      setExpanded((e) => {
        writeSidebarCookie(!e);
        return !e;
      });
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return { isMobile, expanded, mobileOpen, setMobileOpen, toggle };
}

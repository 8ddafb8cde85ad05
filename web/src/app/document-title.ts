import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

const APP_TITLE = 'Budget — Take control of your finances';

/** The tab's title: "<screen> · Budget", or the app's own title without a screen (the landing page). */
export function useDocumentTitle(screen?: string) {
  useEffect(() => {
    document.title = screen ? `${screen} · Budget` : APP_TITLE;
  }, [screen]);
}

/** The screen name the router gives the current route (`handle: { title }`). */
export function useRouteTitle(): string | undefined {
  return useMatches()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
}

import type { createBrowserRouter } from 'react-router-dom';
import { currentUser } from './current-user.ts';

/**
 * How long the first render waits for what the page needs first. Within it, a cold load draws
 * its screen once, with its data; past it, the page shows what it has: the landing page while
 * sign-in is still being checked (docs/product.md#screens), a skeleton while the screen loads.
 */
const FIRST_RENDER_WAIT_MS = 200;

/**
 * Resolves when the user is known and the route's loader (its code and data) has finished, or
 * when the wait is over. boot.ts asked for the user and the home screen's data before the app's
 * code arrived, so on a cold load both are usually here by then; rendering before them would draw
 * the landing page, then a skeleton, then the screen: three renders of one page on the only thread.
 */
export function firstRenderReady(router: ReturnType<typeof createBrowserRouter>) {
  const loaded = currentUser().then(
    () =>
      new Promise<void>((done) => {
        if (router.state.initialized) return done();
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          done();
        });
      }),
  );
  return Promise.race([loaded, new Promise<void>((done) => setTimeout(done, FIRST_RENDER_WAIT_MS))]);
}

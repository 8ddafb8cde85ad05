// The first script of the page, a few kilobytes that run while the app's main script still
// downloads. Signed in on `/`, the server puts the user and the Dashboard's data in the page
// (api/graphql/first-screen.ts), which the app takes as answers already come (first-screen.ts).
// Otherwise it asks who is signed in and, on `/`, the Dashboard's query, so a cold load waits for
// the code or the data, whichever is slower, not for one then the other. The app takes both
// answers (current-user.ts, graphql-request.ts) instead of asking again. Both are asked at once:
// waiting for the first answer would wait for the main script's evaluation, which holds the page's
// only thread; signed out, the query is answered 401 and never used.
import DashboardPageQuery from './__generated__/DashboardPageQuery.graphql.ts';
import { currentUser } from './app/current-user.ts';
import { prefetchGraphQL, timeZone } from './relay/graphql-request.ts';
import { firstScreenComing, rememberTimeZone } from './relay/first-screen.ts';

rememberTimeZone(timeZone());
if (!firstScreenComing()) {
  // The query first: it takes the server longer, and the browser opens few connections at a time.
  if (location.pathname === '/') prefetchGraphQL(DashboardPageQuery.params, {});
  void currentUser();
}

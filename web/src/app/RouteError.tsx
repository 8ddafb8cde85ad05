import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { isUnauthorizedError } from '../lib/http-error.ts';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { LoadFailed, Unauthorized } from './PageErrorBoundary.tsx';
import { useDocumentTitle } from './document-title.ts';

/**
 * Every route's `errorElement`: an error no screen caught (its loader failed, its code or its
 * query's did not download) shows the app's own page, never the router's developer page. A
 * screen's shows in the shell; `standalone`, the root's, fills the window. Try again loads the
 * page afresh (a download that failed is not tried again otherwise).
 */
export function RouteError({ standalone }: { standalone?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Page Not Found' : 'Something went wrong');
  if (notFound) return <NotFoundPage />;
  if (isUnauthorizedError(error)) return <Unauthorized error={error} on="other" />;
  const failed = <LoadFailed home onRetry={() => window.location.reload()} />;
  return standalone ? <Page>{failed}</Page> : failed;
}

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1.5rem;
`;

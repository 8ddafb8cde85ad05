import { useEffect, type ReactNode } from 'react';
import { useAuth } from './auth.tsx';
import { useUnauthorizedHandler } from './unauthorized.ts';
import { PageSkeleton } from '../components/Skeleton.tsx';

/**
 * docs/product.md#sign-in: while the user loads, skeletons; signed out, the unauthorized toast and, after
 * 500 ms, the sign-in page; signed in, the screen.
 */
export function RequireSignIn({ children, on = 'other' }: { children: ReactNode; on?: 'dashboard' | 'other' }) {
  const auth = useAuth();
  const handle = useUnauthorizedHandler();
  useEffect(() => {
    if (auth.status === 'signed-out') handle(new Error('401: {"message":"Unauthorized"}'), on);
  }, [auth.status, handle, on]);
  if (auth.status !== 'signed-in') return <PageSkeleton />;
  return <>{children}</>;
}

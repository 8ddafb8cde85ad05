import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { httpError } from '../lib/http-error.ts';

export interface AuthUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: AuthUser };

const AuthContext = createContext<AuthState>({ status: 'loading' });

let user: Promise<AuthUser | null> | undefined;

/**
 * docs/product.md#sign-in: GET /api/auth/user decides authentication (401 = signed out); asked once per page
 * load, not retried, and shared by the provider and the route loaders.
 */
export function currentUser() {
  user ??= fetch('/api/auth/user', { credentials: 'same-origin' })
    .then(async (res) => {
      if (res.status === 401) return null;
      if (!res.ok) throw await httpError(res);
      return (await res.json()) as AuthUser;
    })
    .catch(() => null);
  return user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void currentUser().then((u) => live && setState(u ? { status: 'signed-in', user: u } : { status: 'signed-out' }));
    return () => {
      live = false;
    };
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  return useContext(AuthContext);
}

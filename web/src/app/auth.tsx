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

/** SPEC.md §7: GET /api/auth/user decides authentication (401 = signed out); not retried. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetch('/api/auth/user', { credentials: 'same-origin' })
      .then(async (res) => {
        if (res.status === 401) return { status: 'signed-out' } as const;
        if (!res.ok) throw await httpError(res);
        return { status: 'signed-in', user: (await res.json()) as AuthUser } as const;
      })
      .catch(() => ({ status: 'signed-out' }) as const)
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  return useContext(AuthContext);
}

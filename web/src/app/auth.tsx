import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { currentUser, knownUser, type AuthUser } from './current-user.ts';

type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: AuthUser };

const AuthContext = createContext<AuthState>({ status: 'loading' });

const stateOf = (u: AuthUser | null): AuthState => (u ? { status: 'signed-in', user: u } : { status: 'signed-out' });

export function AuthProvider({ children }: { children: ReactNode }) {
  // Usually known before the first render (main.tsx waits a little for it): no loading state then.
  const [state, setState] = useState<AuthState>(() => {
    const u = knownUser();
    return u === undefined ? { status: 'loading' } : stateOf(u);
  });
  useEffect(() => {
    let live = true;
    void currentUser().then((u) => live && setState((s) => (s.status === 'loading' ? stateOf(u) : s)));
    return () => {
      live = false;
    };
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  return useContext(AuthContext);
}

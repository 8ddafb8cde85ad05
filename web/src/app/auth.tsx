import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { currentUser, type AuthUser } from './current-user.ts';

type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: AuthUser };

const AuthContext = createContext<AuthState>({ status: 'loading' });

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

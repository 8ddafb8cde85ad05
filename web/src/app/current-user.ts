import { httpError } from '../lib/http-error.ts';
import { firstScreen } from '../relay/first-screen.ts';

export interface AuthUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

let user: Promise<AuthUser | null> | undefined;
/** The answer once it has come (null: signed out); undefined while it is awaited. */
let known: AuthUser | null | undefined;

/**
 * docs/product.md#sign-in: GET /api/auth/user decides authentication (401 = signed out); asked once per page
 * load (first by boot.ts, before the app's code arrives; not at all when the page came with it), not retried, and shared by the provider and the route loaders.
 */
export function currentUser() {
  // The page came with it (signed in on `/`): no need to ask.
  const inPage = firstScreen()?.user as AuthUser | undefined;
  if (inPage) user ??= Promise.resolve((known = inPage));
  user ??= fetch('/api/auth/user', { credentials: 'same-origin' })
    .then(async (res) => {
      if (res.status === 401) return null;
      if (!res.ok) throw await httpError(res);
      return (await res.json()) as AuthUser;
    })
    .catch(() => null)
    .then((u) => (known = u));
  return user;
}

/** The signed-in user if `currentUser()` has answered already (null: signed out), else undefined. */
export function knownUser() {
  return known;
}

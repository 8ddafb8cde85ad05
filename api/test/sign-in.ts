import { CookieJar } from 'tough-cookie';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * A browser-like HTTP client for full-stack tests: a cookie jar over fetch that follows
 * redirects by hand (so tests can stop at any hop), and helpers that sign up and sign in
 * through the real flow (/api/login → built-in provider pages → /api/callback).
 */
export class HttpClient {
  jar = new CookieJar();
  /** Headers sent with every request (a browser's User-Agent, say). */
  headers: Record<string, string> = {};
  /** With an API token, every request sends it as `Authorization: Bearer` (and the jar stays empty). */
  constructor(
    readonly base: string,
    readonly token?: string,
  ) {}

  async request(path: string, init: RequestInit & { form?: Record<string, string>; json?: unknown } = {}) {
    const url = new URL(path, this.base).toString();
    const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(init.headers)) });
    const cookie = await this.jar.getCookieString(url);
    if (cookie) headers.set('cookie', cookie);
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    let body = init.body;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) await this.jar.setCookie(c, url, { ignoreError: true });
    return res;
  }

  /** Follows redirects from `path` until a non-redirect answer; returns it and the final URL. */
  async follow(path: string, init: Parameters<HttpClient['request']>[1] = {}) {
    let res = await this.request(path, init);
    let url = new URL(path, this.base).toString();
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 20; hops++) {
      url = new URL(res.headers.get('location')!, url).toString();
      res = await this.request(url);
    }
    return { res, url };
  }

  /** POSTs GraphQL with the CSRF header the server requires. */
  async graphql<T = any>(query: string, variables: Record<string, unknown> = {}) {
    const res = await this.request('/graphql', { method: 'POST', json: { query, variables }, headers: { 'x-graphql-yoga-csrf': '1' } });
    return {
      status: res.status,
      ...((await res.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }),
    };
  }
}

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
export function newProfile(overrides: Partial<Profile> = {}): Profile {
  counter += 1;
  return {
    firstName: 'Test',
    lastName: `User${counter}`,
    email: `user${Date.now()}-${counter}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** What the sign-in flow needs of a client: requests that follow redirects and keep cookies. */
export interface FollowingClient {
  follow(
    path: string,
    init?: { method?: string; form?: Record<string, string> },
  ): Promise<{ res: { status: number; text(): Promise<string> }; url: string }>;
}

/** The built-in provider's interaction uid where /api/login leads a client without a provider session. */
export async function startSignIn(client: FollowingClient) {
  const { res, url } = await client.follow('/api/login');
  const uid = /\/oidc\/interaction\/([^/?#]+)/.exec(url)?.[1];
  if (!uid) throw new Error(`sign-in did not reach the provider's page (${res.status} at ${url})`);
  return { uid, page: await res.text() };
}

/** Posts one of the provider's forms and expects to land on the app's `/`, signed in. */
async function finishAt(client: FollowingClient, path: string, form: Record<string, string>) {
  const { res, url } = await client.follow(path, { method: 'POST', form });
  if (new URL(url).pathname !== '/') throw new Error(`${path} ended at ${url} (${res.status}): ${(await res.text()).slice(0, 300)}`);
}

/** Creates an account on the built-in provider through `client` and signs it in. */
export async function signUpWith(client: FollowingClient, profile: Profile) {
  const { uid } = await startSignIn(client);
  await finishAt(client, `/oidc/interaction/${uid}/signup`, { ...profile });
}

/** Creates an account and signs in; returns the signed-in client. */
export async function signUp(base: string, profile: Profile = newProfile()) {
  const client = new HttpClient(base);
  await signUpWith(client, profile);
  return { client, profile };
}

/** Signs `client` in with an existing account (no two-factor sign-in). */
export async function signInWith(client: FollowingClient, email: string, password: string) {
  const { uid } = await startSignIn(client);
  await finishAt(client, `/oidc/interaction/${uid}/login`, { email, password });
}

/** Signs in with an existing account; returns the signed-in client. */
export async function signIn(base: string, email: string, password: string, client = new HttpClient(base)) {
  await signInWith(client, email, password);
  return client;
}

/** The id of the client's app session: its cookie's value, without the signature. */
export async function sessionIdOf(client: HttpClient) {
  const cookie = (await client.jar.getCookies(client.base)).find((c) => c.key === 'budget.sid');
  if (!cookie) throw new Error('the client has no session cookie');
  const value = decodeURIComponent(cookie.value);
  return value.slice(2, value.lastIndexOf('.'));
}

/** Makes the client's sign-in `minutes` old, as if its user had last proved who they are that long ago. */
export async function ageSignIn(prisma: PrismaClient, client: HttpClient, minutes: number) {
  const sid = await sessionIdOf(client);
  const { sess } = await prisma.session.findUniqueOrThrow({ where: { sid } });
  const authenticatedAt = new Date(Date.now() - minutes * 60_000).toISOString();
  await prisma.session.update({ where: { sid }, data: { sess: { ...(sess as object), authenticatedAt } } });
}

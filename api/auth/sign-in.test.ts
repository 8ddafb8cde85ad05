import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newProfile, signIn, signUp, startSignIn } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { createPostgresDatabaseUrl, testDatabaseKind } from '../test/test-database.ts';
import type { DatabaseTarget } from '../db/database.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
/** The attacks this file saw refused (each after its assertions passed), for the printed figure. */
const refused: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  console.log(`sessions: ${refused.length} attacks refused (${refused.join(', ')}), failures: 0`);
  await server?.close();
});

async function authUser(client: HttpClient) {
  const res = await client.request('/api/auth/user');
  return { status: res.status, body: await res.json() };
}

/** Follows /api/logout to the provider's sign-out page and submits its form, as the page's script does. */
async function signOut(client: HttpClient) {
  const { res, url } = await client.follow('/api/logout');
  const html = await res.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const inputs = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  if (!action) return url;
  return (await client.follow(new URL(action.replaceAll('&amp;', '&'), url).toString(), { method: 'POST', form: inputs })).url;
}

describe(`sign-in with the built-in provider (${testDatabaseKind()})`, () => {
  it('signs up, signs in, answers the user to REST and GraphQL, and signs out', async () => {
    const profile = newProfile({ firstName: 'Ada', lastName: 'Lovelace' });
    const { client } = await signUp(server.base, profile);
    const me = await authUser(client);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      email: profile.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
    });
    const gql = await client.graphql('{ viewer { displayName initials email } }');
    expect(gql.data).toEqual({ viewer: { displayName: 'Ada Lovelace', initials: 'AL', email: profile.email } });

    const oldCookie = await client.jar.getCookieString(server.base);
    const landed = await signOut(client);
    expect(new URL(landed).pathname).toBe('/');
    // The cookie from before sign-out is dead too, not only forgotten by this browser.
    expect((await fetch(`${server.base}/api/auth/user`, { headers: { cookie: oldCookie } })).status).toBe(401);
    refused.push('cookie after sign-out');
    expect(await authUser(client)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    // The provider's session ended too: signing in again asks for the password.
    const { page } = await startSignIn(client);
    expect(page).toContain('Sign in');

    const again = await signIn(server.base, profile.email, profile.password);
    expect((await authUser(again)).body.id).toBe(me.body.id);
  });

  it('keeps two users apart, each with their own session', async () => {
    const a = await signUp(server.base);
    const b = await signUp(server.base);
    const [ua, ub] = await Promise.all([authUser(a.client), authUser(b.client)]);
    expect(ua.body.email).toBe(a.profile.email);
    expect(ub.body.email).toBe(b.profile.email);
    expect(ua.body.id).not.toBe(ub.body.id);
  });

  it('explains a duplicate email, a short password and wrong credentials, creating nothing', async () => {
    const { profile } = await signUp(server.base);
    const before = await server.app.db.prisma.localAccount.count();
    const client = new HttpClient(server.base);
    const { uid } = await startSignIn(client);
    const dup = await client.request(`/oidc/interaction/${uid}/signup`, {
      method: 'POST',
      form: { ...newProfile(), email: profile.email },
    });
    expect(dup.status).toBe(400);
    expect(await dup.text()).toContain('An account with this email already exists');
    const weak = await client.request(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...newProfile(), password: 'short' } });
    expect(await weak.text()).toContain('Password must be at least 8 characters');
    const wrong = await client.request(`/oidc/interaction/${uid}/login`, {
      method: 'POST',
      form: { email: profile.email, password: 'not the password' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Wrong email or password');
    expect(await server.app.db.prisma.localAccount.count()).toBe(before);
  });

  it('rate-limits repeated failures for one email', async () => {
    const { profile } = await signUp(server.base);
    const client = new HttpClient(server.base);
    const { uid } = await startSignIn(client);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.request(`/oidc/interaction/${uid}/login`, { method: 'POST', form: { email: profile.email, password: `wrong-${i}` } }))
          .status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await client.request(`/oidc/interaction/${uid}/login`, {
      method: 'POST',
      form: { email: profile.email, password: profile.password },
    });
    expect(right.status).toBe(429);
    expect(await right.text()).toMatch(/Too many failed attempts\. Try again in \d+ minutes?\./);
    refused.push('6th wrong password');
  });

  it('counts every spelling of one email as that email, and guesses sent at once as many', async () => {
    const { profile } = await signUp(server.base);
    const client = new HttpClient(server.base);
    const { uid } = await startSignIn(client);
    const login = (email: string, password: string) =>
      client.request(`/oidc/interaction/${uid}/login`, { method: 'POST', form: { email, password } });
    // Padded or re-cased, it is the same account to verification: the same budget of 5 failures.
    const variants = [
      ` ${profile.email}`,
      `${profile.email}  `,
      `${profile.email}\t`,
      profile.email.toUpperCase(),
      `\n${profile.email} `,
      ` ${profile.email.toUpperCase()}\t`,
    ];
    const statuses: number[] = [];
    for (const [i, email] of variants.entries()) statuses.push((await login(email, `wrong-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(`  ${profile.email}  `, profile.password)).status).toBe(429);
    refused.push('padded and re-cased email guesses');

    // Six guesses at once for another account: each is counted before it is checked, so only 5 run.
    const other = await signUp(server.base);
    const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => login(other.profile.email, `wrong-${i}`)));
    expect(parallel.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429]);
    refused.push('6 guesses at once');
    console.log(
      `limiter: ${variants.length} spellings of one email share its 5 failures (6th refused, then the right password too); 6 guesses sent at once: 5 checked, 1 refused`,
    );
  });

  it('limits sign-ups per email (5) and per address (30) per 15 minutes, like sign-ins', async () => {
    // A server of its own: this test uses up the address's sign-up budget.
    const own = await startTestServer();
    try {
      const { profile } = await signUp(own.base);
      const client = new HttpClient(own.base);
      const { uid } = await startSignIn(client);
      const signUpAs = (form: Record<string, string>) => client.request(`/oidc/interaction/${uid}/signup`, { method: 'POST', form });
      // The email's first sign-up succeeded; 4 more attempts (the existence oracle) are answered, the 6th is not.
      const again: number[] = [];
      for (const email of [profile.email, ` ${profile.email}`, profile.email.toUpperCase(), `${profile.email}\t`, profile.email]) {
        again.push((await signUpAs({ ...newProfile(), email })).status);
      }
      expect(again).toEqual([400, 400, 400, 400, 429]);
      const refusedPage = await (await signUpAs({ ...newProfile(), email: profile.email })).text();
      expect(refusedPage).toMatch(/Too many sign-up attempts\. Try again in \d+ minutes?\./);
      expect(refusedPage).not.toContain('already exists');
      // Per address: every attempt counts (7 so far); the 31st is refused whatever the email.
      const statuses: number[] = [];
      for (let i = 7; i < 30; i++) statuses.push((await signUpAs({ ...newProfile(), password: 'short' })).status);
      expect(statuses.every((s) => s === 400)).toBe(true);
      const accounts = await own.app.db.prisma.localAccount.count();
      const last = await signUpAs({ ...newProfile() });
      expect(last.status).toBe(429);
      expect(await last.text()).toMatch(/Too many sign-up attempts\. Try again in \d+ minutes?\./);
      expect(await own.app.db.prisma.localAccount.count()).toBe(accounts);
      refused.push('6th sign-up for one email', '31st sign-up from one address');
      console.log(
        'sign-up limits: the 6th attempt for one email (any spelling) and the 31st from one address refused with 429, no account created',
      );
    } finally {
      await own.close();
    }
  });

  it('keeps a pending sign-in for minutes and a signed-in session for 7 days', async () => {
    const expiryOf = async (client: HttpClient) => {
      const now = Date.now();
      const cookie = (await client.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')!;
      const value = decodeURIComponent(cookie.value);
      const row = await server.app.db.prisma.session.findUniqueOrThrow({ where: { sid: value.slice(2, value.lastIndexOf('.')) } });
      return { cookie: new Date(cookie.expires as Date).getTime() - now, row: row.expire.getTime() - now };
    };
    const minutes = (ms: number) => Math.round(ms / 60_000);
    // Anonymous visits of /api/login: each stores a session, which lasts 10 minutes, cookie and row.
    const visits = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = new HttpClient(server.base);
        await client.request('/api/login');
        return expiryOf(client);
      }),
    );
    for (const e of visits) {
      expect(minutes(e.cookie)).toBe(10);
      expect(minutes(e.row)).toBe(10);
    }
    // The pending sign-in still completes, and the signed-in session lasts 7 days (and keeps rolling).
    const { client } = await signUp(server.base);
    const day = 24 * 60;
    expect(minutes((await expiryOf(client)).cookie)).toBe(7 * day);
    expect(minutes((await expiryOf(client)).row)).toBe(7 * day);
    expect((await authUser(client)).status).toBe(200);
    expect(minutes((await expiryOf(client)).cookie)).toBe(7 * day);
    refused.push('a 7-day session for an anonymous visit');
    console.log(
      `sessions: ${visits.length} anonymous /api/login visits stored ${visits.length} sessions lasting ${minutes(Math.max(...visits.map((v) => v.row)))} minutes; signed in: ${minutes((await expiryOf(client)).row) / day} days`,
    );
  });

  it('refuses a forged state and a replayed authorization code', async () => {
    const profile = newProfile();
    const client = new HttpClient(server.base);
    const { uid } = await startSignIn(client);
    // Stop at the callback to hold the code and state in hand.
    let res = await client.request(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...profile } });
    let url = new URL(res.headers.get('location')!, server.base);
    while (!url.pathname.startsWith('/api/callback')) {
      res = await client.request(url.toString());
      url = new URL(res.headers.get('location')!, url);
    }
    // A victim lured to the attacker's callback URL: the state is not the one in the victim's session.
    const victim = new HttpClient(server.base);
    await victim.request('/api/login');
    expect((await victim.request(url.toString())).status).toBe(403);
    expect((await authUser(victim)).status).toBe(401);
    // A forged state is refused (and uses up the pending sign-in).
    const forged = new URL(url);
    forged.searchParams.set('state', 'forged-state');
    const holder = new HttpClient(server.base);
    await holder.request('/api/login');
    expect((await holder.request(forged.toString())).status).toBe(403);
    expect((await authUser(holder)).status).toBe(401);

    const first = await client.request(url.toString());
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/');
    expect((await authUser(client)).status).toBe(200);
    // The same code and state again, from the same browser or another: refused.
    expect((await client.request(url.toString())).status).toBe(403);
    const replayer = new HttpClient(server.base);
    expect((await replayer.request(url.toString())).status).toBe(403);
    expect((await authUser(replayer)).status).toBe(401);
    refused.push("another browser's state", 'forged state', 'replayed code', 'code replayed elsewhere');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const client = new HttpClient(server.base);
    const { uid } = await startSignIn(client);
    // The nonce the strategy keeps in the session for this sign-in is swapped for another one.
    const cookie = (await client.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')!;
    const value = decodeURIComponent(cookie.value);
    const sid = value.slice(2, value.lastIndexOf('.'));
    const { sess } = await server.app.db.prisma.session.findUniqueOrThrow({ where: { sid } });
    const pending = Object.entries(sess as Record<string, { state?: { nonce?: string } }>).find(([key]) =>
      key.startsWith('openidconnect:'),
    );
    expect(pending?.[1].state?.nonce).toMatch(/^\S{10,}$/);
    pending![1].state!.nonce = 'not-the-nonce-sent';
    await server.app.db.prisma.session.update({ where: { sid }, data: { sess: sess as object } });

    const { res, url } = await client.follow(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...newProfile() } });
    expect(new URL(url).pathname).toBe('/api/callback');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Sign-in failed');
    expect((await authUser(client)).status).toBe(401);
    refused.push('tampered nonce');
  });

  it('refuses a tampered session cookie and an expired session; regenerates the id at sign-in', async () => {
    const client = new HttpClient(server.base);
    await client.request('/api/login');
    const before = (await client.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')?.value;
    const { uid } = await startSignIn(client);
    await client.follow(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...newProfile() } });
    const cookie = (await client.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')!;
    expect(cookie.value).not.toBe(before);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('lax');
    expect((await authUser(client)).status).toBe(200);

    const tampered = new HttpClient(server.base);
    const value = decodeURIComponent(cookie.value);
    const forged = `${value.slice(0, -3)}${value.endsWith('abc') ? 'xyz' : 'abc'}`;
    await tampered.jar.setCookie(`budget.sid=${encodeURIComponent(forged)}`, server.base);
    expect((await authUser(tampered)).status).toBe(401);
    refused.push('tampered cookie');

    const sid = value.slice(2, value.lastIndexOf('.'));
    await server.app.db.prisma.session.update({ where: { sid }, data: { expire: new Date(Date.now() - 1000) } });
    expect((await authUser(client)).status).toBe(401);
    refused.push('expired session');
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const secure = await startTestServer({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://budget.example.com' } });
    try {
      const res = await fetch(`${secure.base}/api/login`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.getSetCookie().join(';')).toMatch(/budget\.sid=.*; Secure/i);
    } finally {
      await secure.close();
    }
  });

  it('keeps sessions across a server restart', async () => {
    let target: DatabaseTarget;
    let cleanup: () => Promise<void>;
    if (testDatabaseKind() === 'postgres') {
      const pgdb = await createPostgresDatabaseUrl();
      target = { kind: 'postgres', url: pgdb.url };
      cleanup = pgdb.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-restart-'));
      target = { kind: 'pglite', dataDir: dir };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    try {
      const first = await startTestServer({ database: target });
      const { client } = await signUp(first.base);
      const cookies = await client.jar.getCookieString(first.base);
      await first.close();
      const second = await startTestServer({ database: target });
      try {
        const res = await fetch(`${second.base}/api/auth/user`, { headers: { cookie: cookies } });
        expect(res.status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await cleanup();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newProfile, sessionIdOf, signIn, signUp, startSignIn } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { createPostgresDatabaseUrl, testDatabaseKind } from '../test/test-database.ts';
import type { DatabaseTarget } from '../db/database.ts';
import { claimsSigner } from './signed-claims.ts';
import { getOrCreateSecret, randomSecret } from './secrets.ts';
import { SIGN_IN_COOKIE, SIGN_IN_STATE_KEY, type PendingSignIn } from './sign-in-state.ts';

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

/** The built-in provider's sessions of an account (each browser signed in to it has one). */
const providerSessions = (accountId: string) =>
  server.app.db.prisma.oidcPayload.count({ where: { type: 'Session', payload: { path: ['accountId'], equals: accountId } } });

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
    const { url: landed } = await client.follow('/api/logout');
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

  it('ends the provider session on the server: signed out by a client that runs no script, Sign in asks for the password', async () => {
    const { client, profile } = await signUp(server.base);
    const elsewhere = await signIn(server.base, profile.email, profile.password);
    const id = (await authUser(client)).body.id as string;
    expect(await providerSessions(id)).toBe(2);
    // A plain HTTP client: it follows redirects and runs nothing a page could ask of a browser.
    const { url } = await client.follow('/api/logout');
    expect(new URL(url).pathname).toBe('/');
    expect(await authUser(client)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    // This browser's provider session is gone (the other browser's stays): Sign in asks for the password.
    expect(await providerSessions(id)).toBe(1);
    const { page } = await startSignIn(client);
    expect(page).toContain('<h1>Sign in</h1>');
    expect((await authUser(client)).status).toBe(401);
    expect((await authUser(elsewhere)).status).toBe(200);
    refused.push('a silent sign-in after a sign-out without script');
  });

  it('returns to the app path the sign-in was started from, and never to another site', async () => {
    /** Where a sign-in started with `returnTo` lands, once the account is created. */
    const landing = async (returnTo: string) => {
      const client = new HttpClient(server.base);
      const start = await client.follow(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      const uid = /\/oidc\/interaction\/([^/?#]+)/.exec(start.url)![1];
      let res = await client.request(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...newProfile() } });
      let url = new URL(res.headers.get('location')!, server.base);
      while (url.origin === server.base && url.pathname !== '/api/callback') {
        res = await client.request(url.toString());
        url = new URL(res.headers.get('location')!, url);
      }
      const done = await client.request(url.toString());
      expect((await authUser(client)).status).toBe(200);
      return done.headers.get('location');
    };
    expect(await landing('/reports?period=yearly')).toBe('/reports?period=yearly');
    expect(await landing('/transactions?search=coffee%20shop&category=5#list')).toBe('/transactions?search=coffee%20shop&category=5#list');
    const attempts = [
      '//evil.example/reports',
      'https://evil.example/',
      '/\\evil.example',
      '\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/api/logout',
      '/API/tokens',
      '/oidc/session',
      'reports',
    ];
    for (const returnTo of attempts) expect([returnTo, await landing(returnTo)]).toEqual([returnTo, '/']);
    refused.push(`${attempts.length} open redirects after sign-in`);
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

  it('stores nothing for a sign-in that has not completed: it is a signed cookie of 10 minutes; signed in, 7 days', async () => {
    const minutes = (ms: number) => Math.round(ms / 60_000);
    const rows = () => server.app.db.prisma.session.count();
    const before = await rows();
    // Anonymous visits of /api/login: each gets a cookie of its pending sign-in, and no session.
    const visits = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = new HttpClient(server.base);
        const res = await client.request('/api/login');
        const cookies = await client.jar.getCookies(`${server.base}/api/callback`);
        return { status: res.status, names: cookies.map((c) => c.key), pending: cookies.find((c) => c.key === 'budget.signin') };
      }),
    );
    for (const v of visits) {
      expect([v.status, v.names]).toEqual([302, ['budget.signin']]);
      expect(v.pending).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/api/callback' });
      expect(minutes(new Date(v.pending!.expires as Date).getTime() - Date.now())).toBe(10);
    }
    expect(await rows()).toBe(before);
    // The pending sign-in still completes, and the signed-in session lasts 7 days, cookie and row.
    const { client } = await signUp(server.base);
    const cookie = (await client.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')!;
    const row = await server.app.db.prisma.session.findUniqueOrThrow({ where: { sid: await sessionIdOf(client) } });
    const day = 24 * 60;
    expect(minutes(new Date(cookie.expires as Date).getTime() - Date.now())).toBe(7 * day);
    expect(minutes(row.expire.getTime() - Date.now())).toBe(7 * day);
    expect(await rows()).toBe(before + 1);
    refused.push('a session row for an anonymous visit');
    console.log(`sessions: ${visits.length} anonymous /api/login visits stored 0 sessions (a 10-minute cookie each); signed in: 7 days`);
  });

  it('limits the sign-ins one address starts (4 per allowed attempt per 15 minutes), at /api/login and at the provider', async () => {
    // A server of its own, 5 attempts per address: 20 starts.
    const own = await startTestServer({ env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '5' } });
    try {
      const visit = () => new HttpClient(own.base).request('/api/login');
      const first = await visit();
      // The provider's authorization endpoint stores an interaction for each request: its own count, the same budget.
      const authorize = new URL(first.headers.get('location')!, own.base).toString();
      const interactions = () => own.app.db.prisma.oidcPayload.count({ where: { type: 'Interaction' } });
      const atProvider: number[] = [];
      for (let i = 0; i < 21; i++) atProvider.push((await fetch(authorize, { redirect: 'manual' })).status);
      expect(atProvider.slice(0, 20).every((s) => s === 303)).toBe(true);
      expect(atProvider[20]).toBe(429);
      expect(await interactions()).toBe(20);

      const statuses = [first.status];
      for (let i = 1; i < 20; i++) statuses.push((await visit()).status);
      expect(statuses.every((s) => s === 302)).toBe(true);
      const refusedVisit = await visit();
      expect(refusedVisit.status).toBe(429);
      expect(Number(refusedVisit.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refusedVisit.text()).toMatch(/Too many sign-ins were started from your network\. Try again in \d+ minutes?\./);
      expect(await own.app.db.prisma.session.count()).toBe(0);
      refused.push('the 21st sign-in started from one address', 'the 21st authorization request from one address');
      console.log(
        `sign-in starts: 20 from one address answered 302, the 21st 429, 0 session rows; at the provider 20 interactions stored, the 21st request 429`,
      );
    } finally {
      await own.close();
    }
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

  it('refuses a pending sign-in changed without the key, and an ID token whose nonce is not the one sent', async () => {
    const callback = `${server.base}/api/callback`;
    const pendingOf = async (client: HttpClient) => (await client.jar.getCookies(callback)).find((c) => c.key === SIGN_IN_COOKIE)!.value;
    const setPending = (client: HttpClient, value: string) =>
      client.jar.setCookie(`${SIGN_IN_COOKIE}=${value}; Path=/api/callback`, callback);
    const finish = async (client: HttpClient, uid: string) => {
      const { res, url } = await client.follow(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...newProfile() } });
      return [new URL(url).pathname, res.status, (await res.text()).includes('Sign-in failed'), (await authUser(client)).status];
    };

    // Signed again with the server's own key, with another nonce: the ID token's nonce is not it.
    const signer = claimsSigner(() => getOrCreateSecret(server.app.db.prisma, SIGN_IN_STATE_KEY, randomSecret));
    const client = new HttpClient(server.base);
    const { uid } = await startSignIn(client);
    const pending = (await signer.open<PendingSignIn>(await pendingOf(client)))!;
    expect(pending.ctx.nonce).toMatch(/^\S{10,}$/);
    await setPending(client, await signer.sign({ ...pending, ctx: { ...pending.ctx, nonce: 'not-the-nonce-sent' } }, 60_000));
    expect(await finish(client, uid)).toEqual(['/api/callback', 403, true, 401]);
    refused.push('another nonce');

    // The same change without the key: the pending sign-in is forged.
    const other = new HttpClient(server.base);
    const second = await startSignIn(other);
    const [body, signature] = (await pendingOf(other)).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as PendingSignIn;
    claims.ctx.nonce = 'not-the-nonce-sent';
    await setPending(other, `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`);
    expect(await finish(other, second.uid)).toEqual(['/api/callback', 403, true, 401]);
    refused.push('a pending sign-in changed without the key');
  });

  it('refuses a tampered session cookie and an expired session; a planted session id is not kept at sign-in', async () => {
    // An attacker plants their own session cookie in the victim's browser: signing in replaces it.
    const attacker = (await signUp(server.base)).client;
    const planted = (await attacker.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')!;
    const client = new HttpClient(server.base);
    await client.jar.setCookie(`budget.sid=${planted.value}`, server.base);
    const { uid } = await startSignIn(client);
    await client.follow(`/oidc/interaction/${uid}/signup`, { method: 'POST', form: { ...newProfile() } });
    const cookie = (await client.jar.getCookies(server.base)).find((c) => c.key === 'budget.sid')!;
    expect(cookie.value).not.toBe(planted.value);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('lax');
    const [victim, stillAttacker] = [await authUser(client), await authUser(attacker)];
    expect(victim.status).toBe(200);
    expect(stillAttacker.body.id).not.toBe(victim.body.id);
    refused.push('a planted session id');

    const tampered = new HttpClient(server.base);
    const value = decodeURIComponent(cookie.value);
    const forged = `${value.slice(0, -3)}${value.endsWith('abc') ? 'xyz' : 'abc'}`;
    await tampered.jar.setCookie(`budget.sid=${encodeURIComponent(forged)}`, server.base);
    expect((await authUser(tampered)).status).toBe(401);
    refused.push('tampered cookie');

    await server.app.db.prisma.session.update({ where: { sid: await sessionIdOf(client) }, data: { expire: new Date(Date.now() - 1000) } });
    expect((await authUser(client)).status).toBe(401);
    refused.push('expired session');
  });

  it('marks the sign-in cookie Secure behind an HTTPS proxy', async () => {
    const secure = await startTestServer({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://budget.example.com' } });
    try {
      const res = await fetch(`${secure.base}/api/login`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.getSetCookie().join(';')).toMatch(/budget\.signin=.*; Secure/i);
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

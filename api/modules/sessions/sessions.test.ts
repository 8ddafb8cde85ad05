import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newProfile, signIn, signUp, signUpWith, startSignIn } from '../../test/sign-in.ts';
import { startTestServer } from '../../test/test-server.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

// Settings' sessions end to end (docs/product.md#settings): three browsers of one user, signed out
// remotely; a second app over the same database stands in for another process.
let server: Awaited<ReturnType<typeof startTestServer>>;
let other: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ shareDatabase: server.app.db });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

function browser(userAgent: string) {
  const client = new HttpClient(server.base);
  client.headers['user-agent'] = userAgent;
  return client;
}

/** The client's status on /api/auth/user, through this process and the other. */
async function signedIn(client: HttpClient) {
  const here = (await client.request('/api/auth/user')).status;
  const cookie = await client.jar.getCookieString(server.base);
  const there = (await fetch(`${other.base}/api/auth/user`, { headers: { cookie } })).status;
  return [here, there];
}

const SESSIONS = '{ viewer { sessions { id current browser os address signedInAt lastUsedAt } } }';

describe(`sessions (${testDatabaseKind()})`, () => {
  it('lists every signed-in browser, this one first, and signs out one or all others at once, in every process', async () => {
    const profile = newProfile();
    const mac = browser(CHROME);
    await signUpWith(mac, profile);
    const windows = await signIn(server.base, profile.email, profile.password, browser(FIREFOX));
    const third = await signIn(server.base, profile.email, profile.password, browser(CHROME));

    const listed = (await mac.graphql(SESSIONS)).data.viewer.sessions;
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, browser: 'Chrome 140', os: 'macOS', address: expect.stringContaining('127.0.0.1') });
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(listed.map((s: { browser: string }) => s.browser).sort()).toEqual(['Chrome 140', 'Chrome 140', 'Firefox 133']);
    for (const s of listed) {
      expect(Date.now() - new Date(s.signedInAt).getTime()).toBeLessThan(60_000);
      expect(Date.now() - new Date(s.lastUsedAt).getTime()).toBeLessThan(60_000);
    }
    const rest = await (await mac.request('/api/sessions')).json();
    expect(rest.map((s: { id: string }) => s.id)).toEqual(listed.map((s: { id: string }) => s.id));
    // No session secret is shown: the ids are not the cookie's session id.
    const sids = (await server.app.db.prisma.session.findMany({ select: { sid: true } })).map((s) => s.sid);
    expect(sids.some((sid) => JSON.stringify(rest).includes(sid))).toBe(false);

    // Windows, remotely: at once, in both processes; its next sign-in asks for the password again.
    const firefox = listed.find((s: { browser: string }) => s.browser === 'Firefox 133');
    const out = await mac.graphql('mutation($id: ID!) { signOutSession(id: $id) { deletedId } }', { id: firefox.id });
    expect(out.data.signOutSession.deletedId).toBe(firefox.id);
    expect(await signedIn(windows)).toEqual([401, 401]);
    expect((await startSignIn(windows)).page).toContain('Sign in');
    expect(await signedIn(third)).toEqual([200, 200]);

    const others = await mac.request('/api/sessions/sign-out-others', { method: 'POST', json: {} });
    expect(await others.json()).toEqual({ signedOut: 1, revokedTokens: 0 });
    expect(await signedIn(third)).toEqual([401, 401]);
    expect(await signedIn(mac)).toEqual([200, 200]);
    expect((await mac.graphql(SESSIONS)).data.viewer.sessions).toHaveLength(1);
    console.log('sessions: 3 browsers listed; one signed out remotely and then all others: refused at once in 2 processes, failures: 0');
  });

  it("another user's session id answers as a missing one, and changes nothing", async () => {
    const alice = (await signUp(server.base)).client;
    const bob = (await signUp(server.base)).client;
    const [aliceSession] = (await alice.graphql(SESSIONS)).data.viewer.sessions;
    const theirs = await bob.graphql('mutation($id: ID!) { signOutSession(id: $id) { deletedId } }', { id: aliceSession.id });
    const missing = await bob.graphql('mutation($id: ID!) { signOutSession(id: $id) { deletedId } }', { id: 'nope' });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(theirs).replace(aliceSession.id, 'x')).toBe(JSON.stringify(missing).replace('nope', 'x'));
    expect((await bob.request(`/api/sessions/${aliceSession.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await signedIn(alice)).toEqual([200, 200]);
  });
});

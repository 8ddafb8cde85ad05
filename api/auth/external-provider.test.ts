import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageSignIn, HttpClient } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { DATABASE_UNAVAILABLE } from '../lib/errors.ts';

// Signing in through an external OpenID provider is configuration only (OIDC_ISSUER, client id and
// secret): here the provider is a separate oidc-provider server on its own port with its own
// client registration, its stock sign-in and consent pages, and the spec's default of keeping the
// profile claims out of the ID token (the app asks the userinfo endpoint for them).

const CLIENT = { id: 'budget-app', secret: 'external-client-secret' };

async function startExternalProvider(appBase: string) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${appBase}/api/callback`],
        post_logout_redirect_uris: [`${appBase}/`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: ['external-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email'], profile: ['given_name', 'family_name', 'picture'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: `${sub}@idp.example`,
        given_name: 'Grace',
        family_name: 'Hopper',
        picture: 'https://idp.example/grace.png',
      }),
    }),
  });
  const callback = provider.callback();
  const state = { tokenUnavailable: false };
  server.on('request', (req, res) => {
    // A provider that cannot answer for now says so at its token endpoint (RFC 6749 5.2 and 4.1.2.1).
    if (state.tokenUnavailable && req.url === '/token') {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      return res.end(JSON.stringify({ error: 'temporarily_unavailable', error_description: 'Down for a moment' }));
    }
    return callback(req, res);
  });
  return { issuer, state, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/** Submits the provider's stock page form (login or consent) found in `html`. */
async function submitForm(client: HttpClient, pageUrl: string, html: string, fields: Record<string, string> = {}) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form at ${pageUrl}: ${html.slice(0, 200)}`);
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return client.follow(new URL(action, pageUrl).toString(), { method: 'POST', form: { ...hidden, ...fields } });
}

let external: Awaited<ReturnType<typeof startExternalProvider>>;
let app: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  app = await startTestServer({
    env: async (base) => {
      external = await startExternalProvider(base);
      return { OIDC_ISSUER: external.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret };
    },
  });
});
afterAll(async () => {
  await app?.close();
  await external?.close();
});

describe('sign-in with an external OpenID provider', () => {
  it('signs in through its pages, takes the profile from userinfo, and signs out there too', async () => {
    const client = new HttpClient(app.base);
    const login = await client.follow('/api/login');
    expect(login.url.startsWith(`${external.issuer}/interaction/`)).toBe(true);
    // The app's own sign-in pages are not in the way: this is the provider's page.
    expect(await app.app.db.prisma.localAccount.count()).toBe(0);
    const consent = await submitForm(client, login.url, await login.res.text(), { login: 'grace', password: 'any' });
    const landed = await submitForm(client, consent.url, await consent.res.text());
    expect(landed.url).toBe(`${app.base}/`);

    const me = await client.request('/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: expect.any(String),
      email: 'grace@idp.example',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: 'https://idp.example/grace.png',
    });
    expect((await client.graphql('{ viewer { displayName } }')).data).toEqual({ viewer: { displayName: 'Grace Hopper' } });

    const logout = await client.request('/api/logout');
    const to = new URL(logout.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${external.issuer}/session/end`);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${app.base}/`);
    expect(to.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await client.request('/api/auth/user')).status).toBe(401);
  });

  it('asks a user with no password here to sign in again at the provider, then comes back to Settings', async () => {
    const client = new HttpClient(app.base);
    const login = await client.follow('/api/login');
    const consent = await submitForm(client, login.url, await login.res.text(), { login: 'linus', password: 'any' });
    expect((await submitForm(client, consent.url, await consent.res.text())).url).toBe(`${app.base}/`);
    const createToken = (password?: string) =>
      client.graphql('mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }', {
        input: { name: 'cron', access: 'read', password },
      });

    // Signed in 11 minutes ago: a password is no proof here (the provider keeps it), a fresh sign-in there is.
    await ageSignIn(app.app.db.prisma, client, 11);
    const signInAgain = 'Sign in again to do this';
    for (const password of [undefined, 'any']) {
      const refused = await createToken(password);
      expect([refused.status, refused.errors?.[0]?.message, refused.errors?.[0]?.extensions?.issues]).toEqual([
        403,
        signInAgain,
        [{ path: ['signIn'], message: signInAgain }],
      ]);
    }
    const rest = await client.request('/api/tokens', { method: 'POST', json: { name: 'cron', access: 'read' } });
    expect([rest.status, (await rest.json()).message]).toEqual([403, signInAgain]);

    // prompt=login: the provider asks for the password although its session is alive, then the app returns to Settings.
    const again = await client.follow(`/api/login?prompt=login&returnTo=${encodeURIComponent('/settings')}`);
    expect(again.url.startsWith(`${external.issuer}/interaction/`)).toBe(true);
    let back = await submitForm(client, again.url, await again.res.text(), { login: 'linus', password: 'any' });
    if (back.url.startsWith(external.issuer)) back = await submitForm(client, back.url, await back.res.text());
    expect(back.url).toBe(`${app.base}/settings`);
    expect((await createToken()).data.createApiToken.token).toMatch(/^bgt_/);
  });

  it('answers 503, signing no one in, while the provider says it is temporarily unavailable', async () => {
    const client = new HttpClient(app.base);
    const login = await client.follow('/api/login');
    const consent = await submitForm(client, login.url, await login.res.text(), { login: 'ada', password: 'any' });
    external.state.tokenUnavailable = true;
    try {
      const landed = await submitForm(client, consent.url, await consent.res.text());
      expect(new URL(landed.url).pathname).toBe('/api/callback');
      expect([landed.res.status, await landed.res.json()]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
    } finally {
      external.state.tokenUnavailable = false;
    }
    expect((await client.request('/api/auth/user')).status).toBe(401);

    // Its authorization response may say so too.
    const answer = await client.request('/api/callback?error=temporarily_unavailable&error_description=Down');
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([503, '5']);
    expect(await app.app.db.prisma.user.count({ where: { email: 'ada@idp.example' } })).toBe(0);
  });
});

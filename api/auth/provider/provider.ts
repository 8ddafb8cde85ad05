import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../lib/errors.ts';
import { getOrCreateSecret, randomSecret } from '../secrets.ts';
import { prismaAdapterFactory } from './adapter.ts';
import { messagePage } from './pages.ts';
import { endProviderSession } from '../end-sessions.ts';

export const BUILT_IN_CLIENT_ID = 'budget-web';
const DAY = 24 * 60 * 60;

export interface BuiltInProvider {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Ends this browser's session at the provider (from its cookie): the next sign-in asks for the password. */
  endBrowserSession(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** An RS256 signing key, generated once and kept in app_secrets so restarts keep tokens valid. */
function generateJwks() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return JSON.stringify({ keys: [{ ...jwk, kid: crypto.randomUUID(), use: 'sig', alg: 'RS256' }] });
}

/**
 * The built-in OpenID provider (oidc-provider) at `<PUBLIC_URL>/oidc`, with the local accounts of
 * the `local_accounts` table and one confidential client: this app. Used when no OIDC_ISSUER is set.
 */
export async function createBuiltInProvider(prisma: PrismaClient, publicUrl: string, trustProxy: boolean): Promise<BuiltInProvider> {
  const issuer = `${publicUrl}/oidc`;
  const secure = publicUrl.startsWith('https:');
  const [jwks, cookieKey, clientSecret] = await Promise.all([
    getOrCreateSecret(prisma, 'oidc.jwks', generateJwks),
    getOrCreateSecret(prisma, 'oidc.cookie-key', randomSecret),
    getOrCreateSecret(prisma, 'oidc.client-secret', randomSecret),
  ]);
  const configuration: Configuration = {
    adapter: prismaAdapterFactory(prisma),
    jwks: JSON.parse(jwks),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/api/callback`],
        // The ID token says when the user last typed their password (auth_time): a sign-in through a
        // live provider session is no fresh proof of who is there (docs/security.md#sessions).
        require_auth_time: true,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // passport-openidconnect sends the secret in the body.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: {
      keys: [cookieKey],
      long: { httpOnly: true, sameSite: 'lax', secure, signed: true },
      short: { httpOnly: true, sameSite: 'lax', secure, signed: true },
    },
    claims: { openid: ['sub'], email: ['email'], profile: ['given_name', 'family_name', 'name'] },
    // Put the profile claims in the ID token itself (the app reads them from there).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const account = await prisma.localAccount.findUnique({ where: { id: sub } });
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`,
        }),
      };
    },
    // This app is the only client and first-party: its sign-ins need no consent screen.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(client.clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // Signing out of the app ends the provider's session of that browser on the server (/api/logout).
      rpInitiatedLogout: { enabled: false },
    },
    renderError: async (ctx, out, error) => {
      ctx.type = 'html';
      ctx.body = isDatabaseUnavailable(error)
        ? messagePage('Sign-in is unavailable for a moment', DATABASE_UNAVAILABLE)
        : messagePage('Sign-in problem', `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`);
    },
    pkce: { required: () => false },
    ttl: {
      Session: 7 * DAY,
      Grant: 7 * DAY,
      Interaction: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
    },
  };
  const Provider = await importProvider();
  const provider = new Provider(issuer, configuration);
  provider.proxy = trustProxy;
  // A database that does not answer is the provider's 503 too (its default is a 500), on its pages
  // and on its JSON endpoints (the token exchange answers OAuth's `temporarily_unavailable`).
  provider.on('server_error', (ctx, err) => {
    if (!isDatabaseUnavailable(err)) return;
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    if (ctx.type !== 'text/html') ctx.body = { error: 'temporarily_unavailable', error_description: DATABASE_UNAVAILABLE };
  });
  const sessionCookie = provider.cookieName('session');
  return {
    provider,
    issuer,
    clientId: BUILT_IN_CLIENT_ID,
    clientSecret,
    async endBrowserSession(req, res) {
      const cookies = provider.createContext(req, res).cookies;
      const id = cookies.get(sessionCookie, { signed: true });
      if (!id) return;
      await endProviderSession(prisma, id);
      cookies.set(sessionCookie, null, configuration.cookies!.long);
    },
  };
}

/**
 * oidc-provider warns at import that Node 20 is not its supported runtime; it works on it (see
 * docs/architecture.md#platform-notes), and the line would break the server's one-line start-up messages. Imported lazily,
 * only when the built-in provider is used, with that one warning dropped.
 */
async function importProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

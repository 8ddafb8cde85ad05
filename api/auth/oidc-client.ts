import { StartupError } from '../lib/startup-error.ts';

/** Where the app sends users to sign in: the endpoints of one OpenID provider and this app's client. */
export interface OidcClientConfig {
  issuer: string;
  authorizationURL: string;
  tokenURL: string;
  userInfoURL: string;
  endSessionURL?: string;
  clientID: string;
  clientSecret: string;
}

/** An external provider's endpoints from its discovery document (OIDC_ISSUER), checked at start-up. */
export async function discoverProvider(issuer: string, clientID: string, clientSecret: string): Promise<OidcClientConfig> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let doc: Record<string, unknown>;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    doc = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    throw new StartupError(
      `Cannot reach the OpenID provider at ${url} (${(err as Error).message}). Check OIDC_ISSUER and that the provider is up.`,
    );
  }
  const need = ['issuer', 'authorization_endpoint', 'token_endpoint'] as const;
  const missing = need.filter((k) => typeof doc[k] !== 'string');
  if (missing.length)
    throw new StartupError(`The OpenID provider at ${issuer} is misconfigured: its discovery document lacks ${missing.join(', ')}.`);
  return {
    issuer: doc.issuer as string,
    authorizationURL: doc.authorization_endpoint as string,
    tokenURL: doc.token_endpoint as string,
    userInfoURL: typeof doc.userinfo_endpoint === 'string' ? doc.userinfo_endpoint : '',
    endSessionURL: typeof doc.end_session_endpoint === 'string' ? doc.end_session_endpoint : undefined,
    clientID,
    clientSecret,
  };
}

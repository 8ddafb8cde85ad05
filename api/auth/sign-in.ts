import type { Express, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { z } from 'zod';
import { Passport } from 'passport';
import { Strategy as OpenIDConnectStrategy } from 'passport-openidconnect';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findUser, upsertUserFromClaims } from '../modules/users/users.service.ts';
import { createBuiltInProvider } from './provider/provider.ts';
import { interactionRoutes } from './provider/interactions.ts';
import { purgeExpiredOidcPayloads } from './provider/adapter.ts';
import { ACCOUNT_DISABLED, messagePage } from './provider/pages.ts';
import { bearerAuth, refuseTokens } from './bearer.ts';
import { createAttemptLimiter } from './local-accounts.ts';
import { discoverProvider, type OidcClientConfig } from './oidc-client.ts';
import { PrismaSessionStore } from './session-store.ts';
import { watchedSessionCache } from './session-cache.ts';
import { getOrCreateSecret, randomSecret } from './secrets.ts';
import { cookieStateStore, returnPath, type SignInRequest } from './sign-in-state.ts';
import { limitSignInStarts } from './sign-in-starts.ts';
import { mountSignOut } from './sign-out.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import type { RateLimits } from './rate-limits.ts';

export const SESSION_COOKIE = 'budget.sid';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;

declare module 'express-session' {
  interface SessionData {
    /** The ID token of the sign-in, sent as a hint when ending the provider's session. */
    idToken?: string;
    /** Where the session signed in from, as Settings lists it. */
    device?: { userAgent?: string; address?: string; signedInAt?: string };
    /**
     * When the user last proved who they are to the provider (the ID token's `auth_time`, else the
     * sign-in): Settings' most sensitive operations ask for the password again once it is not recent.
     */
    authenticatedAt?: string;
  }
}

/** The user a completed sign-in hands to the session. */
interface SignedInUser {
  id: string;
  idToken: string;
  disabled: boolean;
  authenticatedAt: Date;
}

/** The signed-in user as GET /api/auth/user answers it (and /api/openapi.json describes it). */
export const signedInUserAnswer = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

/**
 * Sign-in with OpenID Connect: the built-in provider at /oidc (or the external OIDC_ISSUER),
 * passport-openidconnect for the code flow, sessions in the `session` table. Mounts the
 * provider, the session on /api and /graphql, and the routes /api/login, /api/callback,
 * /api/logout and /api/auth/user. Returns a function that stops its timers.
 */
export async function mountSignIn(app: Express, config: AppConfig, db: Database, limits: RateLimits) {
  const { prisma } = db;
  const secure = config.publicUrl.startsWith('https:');
  let client: OidcClientConfig;
  let endProviderSession: ((req: Request, res: Response) => Promise<void>) | undefined;
  const timers: NodeJS.Timeout[] = [];
  if (config.oidc) {
    client = await discoverProvider(config.oidc.issuer, config.oidc.clientId, config.oidc.clientSecret);
  } else {
    const builtIn = await createBuiltInProvider(prisma, config.publicUrl, Boolean(config.trustProxy));
    app.use(interactionRoutes(builtIn.provider, prisma, limits, config.attemptsPerAddress));
    // Each authorization request stores a pending interaction: limited per address, as /api/login.
    app.all('/oidc/auth', limitSignInStarts(limits, 'provider', config.attemptsPerAddress));
    // oidc-provider parses its own bodies: mounted before any body parser or session.
    app.use('/oidc', builtIn.provider.callback());
    client = {
      issuer: builtIn.issuer,
      authorizationURL: `${builtIn.issuer}/auth`,
      tokenURL: `${builtIn.issuer}/token`,
      userInfoURL: `${builtIn.issuer}/me`,
      clientID: builtIn.clientId,
      clientSecret: builtIn.clientSecret,
    };
    endProviderSession = builtIn.endBrowserSession;
    const purge = setInterval(() => void purgeExpiredOidcPayloads(prisma).catch(() => {}), 15 * 60 * 1000);
    purge.unref();
    timers.push(purge);
  }

  const store = new PrismaSessionStore(prisma, SESSION_IDLE_MS, await watchedSessionCache(db));
  const secret = config.sessionSecret ?? (await getOrCreateSecret(prisma, 'session-secret', randomSecret));
  const sessions: RequestHandler = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: Boolean(config.trustProxy),
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_IDLE_MS, path: '/' },
  });

  const passport = new Passport();
  passport.serializeUser<string>((user, done) => done(null, (user as { id: string }).id));
  passport.deserializeUser<string>((id, done) => done(null, { id }));
  passport.use(
    'oidc',
    new OpenIDConnectStrategy(
      {
        issuer: client.issuer,
        authorizationURL: client.authorizationURL,
        tokenURL: client.tokenURL,
        userInfoURL: client.userInfoURL,
        clientID: client.clientID,
        clientSecret: client.clientSecret,
        callbackURL: `${config.publicUrl}/api/callback`,
        scope: ['profile', 'email'],
        nonce: true,
        // The pending sign-in is a signed cookie, not a session row: nothing is stored before the provider answers.
        store: cookieStateStore(prisma, secure),
        // Most providers put the profile in the ID token; one that keeps it to the userinfo
        // endpoint (as the spec's default) is asked there.
        skipUserProfile: (_req: unknown, claims: { email?: string }) => Boolean(claims.email) || !client.userInfoURL,
      } as unknown as ConstructorParameters<typeof OpenIDConnectStrategy>[0],
      // The strategy has checked issuer, audience, expiry and nonce of this ID token. (Its
      // arity, 9, selects the signature that receives the raw ID token and the userinfo answer.)
      ((
        _iss: string,
        userInfo: { _json?: Record<string, unknown> } | undefined,
        _id: unknown,
        _ctx: unknown,
        idToken: string,
        _at: unknown,
        _rt: unknown,
        _params: unknown,
        done: (err: unknown, user?: unknown, info?: unknown) => void,
      ) => {
        const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
        // Userinfo claims count only for the same subject (OpenID Connect Core 5.3.2).
        const extra: Record<string, unknown> = userInfo?._json && userInfo._json.sub === claims.sub ? userInfo._json : {};
        const claim = (name: string) => {
          const value = claims[name] ?? extra[name];
          return typeof value === 'string' ? value : undefined;
        };
        upsertUserFromClaims(prisma, {
          sub: String(claims.sub),
          email: claim('email'),
          firstName: claim('given_name'),
          lastName: claim('family_name'),
          profileImageUrl: claim('picture'),
        }).then((user) => {
          // auth_time is when the user last typed their password at the provider (never later than now).
          const authTime = typeof claims.auth_time === 'number' ? Math.min(claims.auth_time * 1000, Date.now()) : Date.now();
          const signedIn: SignedInUser = { id: user.id, idToken, disabled: user.disabledAt !== null, authenticatedAt: new Date(authTime) };
          done(null, signedIn);
        }, done);
      }) as unknown as ConstructorParameters<typeof OpenIDConnectStrategy>[1],
    ),
  );

  // Sign-in and sign-out are a browser's; any other request with an API token is signed in by it
  // alone: it neither reads nor sets a session.
  app.use(['/api/login', '/api/callback', '/api/logout'], refuseTokens);
  app.use(['/api', '/graphql'], bearerAuth(prisma, createAttemptLimiter(limits, 'token', config.attemptsPerAddress)));
  const unlessToken =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      req.apiToken ? next() : handler(req, res, next);
  app.use(['/api', '/graphql'], unlessToken(sessions), unlessToken(passport.session()));

  /**
   * The provider cannot answer for now, so neither can the sign-in (a 503, not a 500): OAuth's
   * `temporarily_unavailable` from its token endpoint (what the built-in one answers while the
   * database is away, docs/operations.md#what-a-fault-costs) or in its authorization response, or a
   * bare 503 (a proxy in front of it, its userinfo endpoint).
   */
  const providerUnavailable = (err: unknown) => {
    const e = err as { code?: unknown; oauthError?: { statusCode?: number } } | null;
    return e?.code === 'temporarily_unavailable' || e?.oauthError?.statusCode === 503;
  };
  // Starting a sign-in stores nothing (the pending sign-in is a cookie) and is limited per address.
  // `returnTo`: the app's path to come back to; `prompt=login`: ask for the password even when the
  // provider has a session (a fresh sign-in for Settings' most sensitive operations).
  app.get('/api/login', limitSignInStarts(limits, 'app', config.attemptsPerAddress), (req, res, next) => {
    const request: SignInRequest = { returnTo: returnPath(req.query.returnTo, config.publicUrl) };
    // (The strategy keeps any value as `state`; passport's types say a string.)
    const options = { state: request as unknown as string, ...(req.query.prompt === 'login' ? { prompt: 'login' } : {}) };
    passport.authenticate('oidc', options)(req, res, next);
  });
  const signInFailed = (res: Response) =>
    res.status(403).type('html').send(messagePage('Sign-in failed', 'The sign-in could not be completed. Please try again.'));
  app.get('/api/callback', (req, res, next) => {
    // Only the provider's answer (a code, or an error) is a callback: anything else starts nothing.
    if (!req.query.code && !req.query.error) return void signInFailed(res);
    passport.authenticate('oidc', (err: unknown, user: SignedInUser | false, info?: { state?: SignInRequest }) => {
      if (providerUnavailable(err)) return next(new ServiceUnavailableError());
      if (err) return next(err);
      if (!user) return signInFailed(res);
      if (user.disabled) return res.status(403).type('html').send(messagePage(ACCOUNT_DISABLED.title, ACCOUNT_DISABLED.message));
      // req.login regenerates the session id (passport ≥ 0.6): no session fixation.
      req.login({ id: user.id }, (loginErr) => {
        if (loginErr) return next(loginErr);
        req.session.idToken = user.idToken;
        req.session.authenticatedAt = user.authenticatedAt.toISOString();
        // Where this session signed in from, for Settings' list of sessions.
        req.session.device = { userAgent: req.get('user-agent')?.slice(0, 500), address: req.ip, signedInAt: new Date().toISOString() };
        req.session.save(() => res.redirect(returnPath(info?.state?.returnTo, config.publicUrl) ?? '/'));
      });
    })(req, res, next);
  });
  mountSignOut(app, {
    publicUrl: config.publicUrl,
    clearSessionCookie: (res) => res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure }),
    endProviderSession,
    providerSignOutUrl: (idToken) => {
      if (!client.endSessionURL) return undefined;
      const url = new URL(client.endSessionURL);
      url.searchParams.set('client_id', client.clientID);
      url.searchParams.set('post_logout_redirect_uri', `${config.publicUrl}/`);
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      return url.toString();
    },
  });
  /** The signed-in user of a request as GET /api/auth/user answers it, or null (signed out). */
  async function signedInUser(req: Request): Promise<z.output<typeof signedInUserAnswer> | null> {
    const id = (req.user as { id?: string } | undefined)?.id;
    const user = id ? await findUser(prisma, id) : null;
    if (!user) return null;
    return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl };
  }
  app.get('/api/auth/user', async (req, res) => {
    const answer = await signedInUser(req);
    if (!answer) return void res.status(401).json({ message: 'Unauthorized' });
    res.json(answer);
  });

  return {
    store,
    /** The browser session, for a page that shows the signed-in user's data (api/graphql/first-screen.ts). */
    session: [sessions, passport.session()] as RequestHandler[],
    signedInUser,
    close() {
      store.close();
      timers.forEach(clearInterval);
    },
  };
}

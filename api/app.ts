import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database, type DatabaseTarget } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { startMaintenance } from './db/maintenance.ts';
import { createChangeEvents, type ChangeEvents } from './lib/change-events.ts';
import { createReadMemo } from './lib/read-memo.ts';
import { createRateLimits } from './auth/rate-limits.ts';
import { getOrCreateSecret } from './auth/secrets.ts';
import { createGraphQLServer } from './graphql/yoga.ts';
import { firstScreen } from './graphql/first-screen.ts';
import { mountRest } from './rest/router.ts';
import { mountSignIn } from './auth/sign-in.ts';
import { createAttemptLimiter } from './auth/local-accounts.ts';
import { createTurns } from './lib/turns.ts';
import { restErrorHandler } from './rest/errors.ts';
import { CROSS_SITE_REFUSED, refuseForeignWrites } from './rest/csrf.ts';
import { viewerFromRequest } from './rest/request-viewer.ts';
import { projectRoot } from './lib/project-root.ts';
import type { Viewer } from './lib/viewer.ts';

export const webDist = path.join(projectRoot, 'dist', 'web');

export interface App {
  app: Express;
  db: Database;
  events: ChangeEvents;
  /** Shutdown, first step: `/readyz` answers 503 from now on, so a proxy's health checks stop sending requests here. */
  stopReadiness(): void;
  /** Shutdown, as the server stops listening: open live-update streams end, so their clients reconnect to another process. */
  endStreams(): void;
  /** Closes what the app opened (database, event bus, limits). The HTTP server is the caller's. */
  close(): Promise<void>;
  /** A viewer for what the server does for a user on its own, without a request (the scheduled bank sync). */
  /** A viewer for the server's own work on a budget (the scheduled bank sync). */
  actFor(budgetId: string): Viewer;
}

/** How long the readiness check waits for the database before it says "not ready". */
const READINESS_TIMEOUT_MS = 2000;

export interface AppOptions {
  /** Where the data lives; by default from the config (DATABASE_URL, else PGlite in DATA_DIR). */
  database?: DatabaseTarget;
  /** An already open database instead (tests); the app closes it on close. */
  openDatabase?: () => Promise<Database>;
  /** Where unexpected errors go; by default stderr. */
  logError?: (err: unknown) => void;
}

/** Builds the whole app (API, sign-in, web) on an open, migrated database. `listen` is the caller's. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<App> {
  const logError = options.logError ?? ((err: unknown) => console.error(err));
  const db = options.openDatabase
    ? await options.openDatabase()
    : await openDatabase(
        options.database ??
          (config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir }),
      );
  try {
    return await buildApp(config, db, logError);
  } catch (err) {
    await db.close();
    throw err;
  }
}

async function buildApp(config: AppConfig, db: Database, logError: (err: unknown) => void): Promise<App> {
  await migrate(db);
  const stopMaintenance = await startMaintenance(db, logError);
  // What this deployment keeps in Redis is under a name of its own (one per database), so
  // deployments or test runs sharing a Redis server never mix their events or counts.
  const redis = config.redisUrl
    ? {
        url: config.redisUrl,
        prefix: `budget:${await getOrCreateSecret(db.prisma, 'redis-prefix', () => crypto.randomBytes(6).toString('hex'))}:`,
      }
    : undefined;
  const events = createChangeEvents(redis);
  const limits = createRateLimits(db, redis);
  const deps = {
    prisma: db.prisma,
    events,
    memo: createReadMemo(events),
    // Settings' password and two-factor code attempts, limited like sign-ins (api/auth/local-accounts.ts).
    attempts: createAttemptLimiter(limits, 'settings', config.attemptsPerAddress),
    recentSignInMs: config.recentSignInMs,
    turns: createTurns(limits),
    publicUrl: config.publicUrl,
  };
  let ready = true;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // styled-components injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      strictTransportSecurity: config.publicUrl.startsWith('https:'),
    }),
  );

  // Liveness: the process serves HTTP. It does not ask the database, so an outage of the database
  // never gets healthy processes restarted (docs/operations.md#health-checks).
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', database: db.kind });
  });
  // Readiness: this process can serve requests now (the database answers within 2 s and it is not
  // shutting down). A load balancer sends requests only to ready processes.
  let lastReadiness = 'ready';
  app.get('/readyz', async (_req, res) => {
    const status = !ready ? 'draining' : (await answersWithin(db.ping(), READINESS_TIMEOUT_MS)) ? 'ready' : 'unavailable';
    if (status === 'unavailable' && lastReadiness !== 'unavailable') console.error('readiness: the database is not answering');
    if (status === 'ready' && lastReadiness === 'unavailable') console.log('readiness: the database answers again');
    lastReadiness = status;
    res
      .status(status === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status, database: db.kind, liveUpdates: events.reach(), limits: limits.store() });
  });

  // Answers of the API, GraphQL and the exports are one user's data (or sign-in steps): no browser
  // or proxy may keep them.
  app.use(['/api', '/graphql'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const signIn = await mountSignIn(app, config, db, limits);
  mountRest(app, config.publicUrl, deps);

  const yoga = createGraphQLServer({
    production: config.env === 'production',
    trustedDocumentsOnly: config.trustedDocumentsOnly,
    events,
    context: async (req) => {
      const viewer = await viewerFromRequest(req, deps);
      return viewer === 'no-budget' ? { viewer: null, budgetMissing: true, prisma: db.prisma } : { viewer, prisma: db.prisma };
    },
    logError,
  });
  // GraphiQL's page is one inline bundle: only this page may run inline scripts.
  app.use('/graphql', (req, res, next) => {
    if (req.method === 'GET' && req.accepts(['application/json', 'text/html']) === 'text/html') {
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; font-src 'self' data:",
      );
    }
    next();
  });
  // A browser session's operation sent by a page of another origin is refused, as on REST.
  app.use(
    '/graphql',
    refuseForeignWrites(
      config.publicUrl,
      (res) => void res.json({ errors: [{ message: CROSS_SITE_REFUSED, extensions: { code: 'FORBIDDEN' } }] }),
    ),
  );
  app.use('/graphql', (req, res) => yoga(req, res, { req }));

  const serveWeb = config.serveWeb ?? fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    // `/` signed in: the page with the Dashboard's data in it (docs/performance.md#the-cold-load);
    // before the static files, which would answer `/` with the built index.html.
    app.get('/', ...signIn.session, firstScreen({ indexFile: path.join(webDist, 'index.html'), yoga, user: signIn.signedInUser }));
    // The build's brotli or gzip copy when the browser takes it (docs/performance.md#static-files).
    app.use(
      expressStaticGzip(webDist, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        serveStatic: { index: false, setHeaders: cacheForever },
      }),
    );
    // Client-side routes fall back to the app's index.html (unknown /api paths do not).
    app.get(/^\/(?!api\/|api$|graphql|oidc).*/, (_req, res) => res.sendFile(path.join(webDist, 'index.html')));
  }
  app.use(restErrorHandler(logError));

  return {
    app,
    db,
    events,
    stopReadiness() {
      ready = false;
    },
    endStreams: events.endStreams,
    actFor: (budgetId) => ({ ...deps, id: budgetId, budgetId, role: 'owner', server: true, timeZone: 'UTC' }),
    async close() {
      stopMaintenance();
      signIn.close();
      limits.close();
      await events.close();
      await db.close();
    },
  };
}

/** Whether `work` succeeds within `ms`. */
function answersWithin(work: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Vite's hashed assets never change; everything else is revalidated. */
function cacheForever(res: ServerResponse, filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

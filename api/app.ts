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
import { createGraphQLServer } from './graphql/yoga.ts';
import { mountRest } from './rest/router.ts';
import { mountSignIn } from './auth/sign-in.ts';
import { createAttemptLimiter } from './auth/local-accounts.ts';
import { restErrorHandler } from './rest/errors.ts';
import { viewerFromRequest } from './rest/request-viewer.ts';
import { projectRoot } from './lib/project-root.ts';

export const webDist = path.join(projectRoot, 'dist', 'web');

export interface App {
  app: Express;
  db: Database;
  events: ChangeEvents;
  /** Closes what the app opened (database, event bus). The HTTP server is the caller's. */
  close(): Promise<void>;
}

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
  const events = createChangeEvents(config.redisUrl);
  // Settings' password and two-factor code attempts, limited like sign-ins (api/auth/local-accounts.ts).
  const deps = { prisma: db.prisma, events, attempts: createAttemptLimiter(config.attemptsPerAddress) };

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

  app.get('/healthz', async (_req, res) => {
    try {
      await db.ping();
      res.json({ status: 'ok', database: db.kind });
    } catch {
      res.status(503).json({ status: 'unavailable', database: db.kind });
    }
  });

  // Answers of the API, GraphQL and the exports are one user's data (or sign-in steps): no browser
  // or proxy may keep them.
  app.use(['/api', '/graphql'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const signIn = await mountSignIn(app, config, db.prisma);
  mountRest(app, config.publicUrl, deps);

  const yoga = createGraphQLServer({
    production: config.env === 'production',
    events,
    context: (req) => ({ viewer: viewerFromRequest(req, deps), prisma: db.prisma }),
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
  app.use('/graphql', (req, res) => yoga(req, res, { req }));

  const serveWeb = config.serveWeb ?? fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
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
    async close() {
      stopMaintenance();
      signIn.close();
      await events.close();
      await db.close();
    },
  };
}

/** Vite's hashed assets never change; everything else is revalidated. */
function cacheForever(res: ServerResponse, filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

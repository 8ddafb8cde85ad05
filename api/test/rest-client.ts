import http from 'node:http';
import express from 'express';
import type { SessionData } from 'express-session';
import type { Database } from '../db/database.ts';
import type { Viewer } from '../lib/viewer.ts';
import { mountRest } from '../rest/router.ts';
import { restErrorHandler } from '../rest/errors.ts';
import { createChangeEvents } from '../lib/change-events.ts';
import { createReadMemo } from '../lib/read-memo.ts';
import { createAttemptLimiter } from '../auth/local-accounts.ts';
import { memoryRateLimits } from '../auth/rate-limits.ts';
import { createTurns } from '../lib/turns.ts';

/**
 * The REST facade on a real HTTP server over a real database, for module tests. The session is
 * stood in for by test-only headers: the user it signed in, and when (`x-test-authenticated-at`;
 * just now when not given). Full sign-in is covered by the auth tests.
 */
export async function startRestServer(db: Database) {
  const app = express();
  app.use((req, _res, next) => {
    const id = req.get('x-test-user');
    if (id) (req as { user?: { id: string } }).user = { id };
    const authenticatedAt = req.get('x-test-authenticated-at') ?? new Date().toISOString();
    (req as { session?: Partial<SessionData> }).session = { authenticatedAt };
    next();
  });
  const events = createChangeEvents();
  const memo = createReadMemo(events);
  mountRest(app, 'http://localhost', {
    prisma: db.prisma,
    events,
    memo,
    attempts: createAttemptLimiter(memoryRateLimits(), 'settings', 30),
    recentSignInMs: 10 * 60_000,
    turns: createTurns(memoryRateLimits()),
  });
  app.use(restErrorHandler((err) => console.error(err)));
  // The server never closes idle keep-alive sockets (0 = no timeout), the client does: on a loaded
  // machine a reused socket could otherwise meet the server's idle close (ECONNRESET).
  const server = http.createServer(app);
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  return {
    base,
    /** The server's change events and read memo, for viewers that act beside it as the same process (module-harness.ts). */
    events,
    memo,
    /** fetch as `viewer` (or signed out with null); a body object is sent as JSON. */
    as(viewer: Pick<Viewer, 'id'> | null) {
      return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(base + path, {
          method,
          headers: {
            ...(viewer ? { 'x-test-user': viewer.id } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        });
        const text = await res.text();
        let json: any;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        return { status: res.status, body: json, text, headers: res.headers };
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

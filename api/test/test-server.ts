import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import { createApp, type App } from '../app.ts';
import type { Database, DatabaseTarget } from '../db/database.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The whole app (sign-in, GraphQL, REST) on a real HTTP server on a free port of localhost, over
 * a fresh test database (or a given one), for full-stack tests.
 */
export async function startTestServer(
  options: {
    database?: DatabaseTarget;
    /** Another app's open database: this server is a second "process" over it (its own caches, limiters, events). */
    shareDatabase?: Database;
    env?: Record<string, string> | ((base: string) => Promise<Record<string, string>>);
  } = {},
) {
  // The server never closes idle keep-alive sockets (0 = no timeout), the client does: on a loaded
  // machine a reused socket could otherwise meet the server's idle close (ECONNRESET).
  const server = http.createServer();
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://localhost:${port}`;
  // The environment may depend on the address (an external provider needs the callback URL).
  const env = typeof options.env === 'function' ? await options.env(base) : options.env;
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: base, SERVE_WEB: 'false', ...env });
  let app: App;
  if (options.database) {
    app = await createApp(config, { database: options.database });
  } else if (options.shareDatabase) {
    const shared = options.shareDatabase;
    // The database stays open for its own app: closing this one leaves it alone.
    app = await createApp(config, {
      openDatabase: async () => Object.assign(Object.create(shared) as Database, { close: async () => {} }),
    });
  } else {
    const db = await createTestDatabase();
    app = await createApp(config, { openDatabase: async () => db });
  }
  server.on('request', app.app);
  return {
    base,
    port,
    app,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

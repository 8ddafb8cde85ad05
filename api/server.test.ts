import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBundle } from './scripts/build-server.ts';

// The real server process, started as `npm start` starts it (without the web build).
const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-server-'));
  dirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0);
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SERVE_WEB: 'false', DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => (output.includes('listening on') ? resolve() : undefined);
    child.stdout.on('data', check);
    exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  ready.catch(() => {}); // awaited only by the tests that expect a start
  return { child, ready, exited, output: () => output };
}

describe('the server process', () => {
  it('serves /healthz on PGlite, reuses its data on restart, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    for (let run = 0; run < 2; run++) {
      const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      await server.ready;
      const res = await fetch(`http://localhost:${port}/healthz`);
      expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 180_000);

  it('refuses a second server on the same data folder with one clear line', async () => {
    const dataDir = tempDir();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await first.ready;
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/^Cannot start: The data folder .* is in use by another running server \(pid \d+\)/m);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 180_000);

  it('explains a port in use, a bad DATABASE_URL, an unreachable database and an unreachable OpenID provider', async () => {
    const blocker = net.createServer().listen(0);
    await new Promise((r) => blocker.once('listening', r));
    const busyPort = (blocker.address() as net.AddressInfo).port;
    const busy = startServer({ DATA_DIR: tempDir(), PORT: String(busyPort) });
    expect(await busy.exited).toBe(1);
    expect(busy.output()).toContain(`Cannot start: Port ${busyPort} is already in use`);
    blocker.close();

    const badUrl = startServer({ DATABASE_URL: 'mysql://localhost/x' });
    expect(await badUrl.exited).toBe(1);
    expect(badUrl.output().trim()).toMatch(
      /^Cannot start: Invalid configuration: DATABASE_URL: DATABASE_URL must start with postgresql:\/\//,
    );

    const noIssuer = startServer({
      DATA_DIR: tempDir(),
      PORT: String(await freePort()),
      OIDC_ISSUER: `http://127.0.0.1:${await freePort()}/realms/x`,
      OIDC_CLIENT_ID: 'a',
      OIDC_CLIENT_SECRET: 'b',
    });
    expect(await noIssuer.exited).toBe(1);
    expect(noIssuer.output().trim()).toMatch(
      /^Cannot start: Cannot reach the OpenID provider at http:\/\/127\.0\.0\.1:\d+\/realms\/x\/\.well-known\/openid-configuration/,
    );

    const unreachable = startServer({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/none` });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output().trim()).toMatch(/^Cannot start: Cannot connect to PostgreSQL at .*Check DATABASE_URL/);
  }, 180_000);

  it('explains a data folder that cannot be written', async () => {
    const parent = tempDir();
    const file = path.join(parent, 'not-a-folder');
    fs.writeFileSync(file, '');
    const server = startServer({ DATA_DIR: path.join(file, 'data') });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Cannot start: The data folder .* cannot be written/);
  }, 30_000);
});

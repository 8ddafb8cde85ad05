import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../lib/project-root.ts';

/**
 * Private instances of the parts the app runs on (PostgreSQL, Redis, HAProxy), started by a test
 * on free ports of 127.0.0.1 in a temporary folder, so that a test can stop, slow or restart them
 * without touching the machine's shared services. Used by the fault tests (api/security/faults.test.ts).
 */

export async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

const PG_BIN = ['17', '16', '15'].map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => fs.existsSync(path.join(dir, 'initdb')));

/** Whether a program is installed (on PATH, or in /usr/sbin, which root's PATH may lack). */
export const hasProgram = (name: string) =>
  [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin'].some((dir) => dir && fs.existsSync(path.join(dir, name)));

/** What is missing to run the private services here (empty when everything is). */
export function missingServiceBinaries(): string[] {
  return [
    ...(PG_BIN ? [] : ['PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin/initdb)']),
    ...(hasProgram('redis-server') ? [] : ['redis-server']),
    ...(hasProgram('haproxy') ? [] : ['haproxy']),
    ...(process.getuid?.() === 0 && !hasProgram('runuser') ? ['runuser'] : []),
  ];
}

/** Waits until something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Collects a child's output (for the message of a failure) and tells when it exited. Killed when the test process exits, whatever happened. */
function watch(child: ChildProcess) {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { exited, output: () => output };
}

/**
 * A PostgreSQL cluster of its own. initdb and the server refuse to run as root: as root they run
 * as the `postgres` user (runuser) in a folder that user owns.
 */
export async function startPrivatePostgres() {
  if (!PG_BIN) throw new Error('PostgreSQL server binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-faults-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]] : [path.join(PG_BIN, bin), args];
    return execFileSync(cmd, argv as string[], { stdio: 'pipe', cwd: dir }).toString();
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  start();
  let running = true;
  // A test abandoned midway (a timeout) must not leave a server behind.
  const leftover = () => {
    if (running) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', leftover);
  return {
    port,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    /** A clean, fast stop: open sessions are ended, as `systemctl stop postgresql` does. */
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    start() {
      start();
      running = true;
    },
    log: () => fs.readFileSync(path.join(dir, 'server.log'), 'utf8'),
    close() {
      process.off('exit', leftover);
      leftover();
      running = false;
    },
  };
}

/** A redis-server of its own, without persistence. `stop` and `start` keep its port. */
export async function startPrivateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let watched: ReturnType<typeof watch> | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    watched = watch(child);
    await waitForPort(port);
  };
  const stop = async () => {
    if (!child) return;
    child.kill('SIGKILL');
    await watched!.exited;
    child = undefined;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}

/**
 * docs/deploy/haproxy.cfg as it is, with the proxy on `port` of 127.0.0.1, its two app processes
 * on `appPorts`, this checkout's 503 page, and a header naming the process that answered.
 */
export function haproxyConfig(port: number, appPorts: number[]) {
  let text = fs.readFileSync(path.join(projectRoot, 'docs/deploy/haproxy.cfg'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`docs/deploy/haproxy.cfg no longer has "${from}": update haproxyConfig`);
    text = text.replace(from, to);
  };
  replace('bind :80', `bind 127.0.0.1:${port}`);
  replace('server app1 127.0.0.1:3001', `server app1 127.0.0.1:${appPorts[0]}`);
  replace('server app2 127.0.0.1:3002', `server app2 127.0.0.1:${appPorts[1]}`);
  replace('errorfile 503 /etc/haproxy/errors/budget-503.http', `errorfile 503 ${path.join(projectRoot, 'docs/deploy/budget-503.http')}`);
  replace('backend app\n', 'backend app\n    http-response set-header X-Served-By %s\n');
  return text;
}

/** HAProxy in the foreground with the given configuration; `output()` holds its log. */
export async function startHaproxy(config: string, port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-faults-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const watched = watch(child);
  void watched.exited.then(() => fs.rmSync(dir, { recursive: true, force: true })); // it read its configuration at start
  await Promise.race([
    waitForPort(port),
    watched.exited.then((code) => Promise.reject(new Error(`haproxy exited (${code}): ${watched.output()}`))),
  ]);
  return {
    output: watched.output,
    async close() {
      child.kill('SIGTERM');
      await watched.exited;
    },
  };
}

/**
 * A TCP link to a port (the database's) that a test can slow down or cut. With `setDelay`, each
 * chunk a client sends goes on `delayMs` after it arrived (in order), so every query round trip
 * takes that much longer. `cut` drops every connection and refuses new ones, as a database that
 * went away; `restore` accepts again on the same port. A client whose server side fails or closes
 * is disconnected, as with the server itself.
 */
export async function startDatabaseLink(targetPort: number) {
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let queue = Promise.resolve();
    client.on('data', (chunk) => {
      const due = Date.now() + delayMs; // a chunk waits delayMs from its arrival, not behind the previous one's wait
      queue = queue
        .then(() => (due > Date.now() ? new Promise((r) => setTimeout(r, due - Date.now())) : undefined))
        .then(() => void upstream.write(chunk));
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen();
  const cut = async () => {
    const closed = new Promise((r) => server.close(r));
    sockets.forEach((s) => s.destroy());
    await closed;
  };
  return {
    port,
    url: (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    setDelay(ms: number) {
      delayMs = ms;
    },
    cut,
    async restore() {
      await listen(port);
    },
    close: () => (server.listening ? cut() : Promise.resolve()),
  };
}

// The built server (`dist/server.js`) as a child process of the benchmark, on a free port of localhost.
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { serverBundle } from '../api/scripts/build-server.ts';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort() {
  const srv = net.createServer().listen(0);
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * Starts the server on `port` with the benchmark's environment and `env` over it (and `nodeArgs`);
 * resolves once it listens. `bundle`: another build's server (bench/paint.ts compares two).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  bundle = serverBundle,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', bundle], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => output.includes('listening on') && (clearInterval(timer), resolve()), 50);
    child.once('exit', () => (clearInterval(timer), reject(new Error(`server exited: ${output}`))));
  });
  return child;
}

/** Stops a server started above (SIGTERM: it closes its database cleanly). */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

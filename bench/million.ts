// npm run bench:million [-- --small 100000 --large 1000000]: does a request cost what its page
// costs, whatever the history? The history-bound scenarios (the fresh Dashboard, a page of 50, the
// Budget's month with rollover, a search with its count and sum) on two servers side by side, one on
// each dataset size, one client, fresh, requests alternated between them in slices, so that a shared
// host's swings fall on both alike (docs/performance.md#a-million-transactions). Prints each
// scenario's p50 / p95 on both and the ratio of the p95s (the target: ≤ 2×).
// PGlite: the folders bench/.data-<N>; PostgreSQL: --small-url and --large-url. Seed them first
// (`npm run seed:heavy -- --transactions N`, or one `npm run bench` of each size).
// `--against DIR`: an A/B of two builds instead, on the same data size (--small): this build
// against DIR's (its package.json, dist/ and prisma/; on PGlite a copy of the data folder in DIR),
// every scenario but the screens' (each build's web app sends its own queries), the ratio being DIR's p50 / p95 over this build's (docs/performance.md#reading-the-figures).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HttpClient, signIn } from '../api/test/sign-in.ts';
import { HEAVY_USER } from '../api/test/heavy-dataset.ts';
import { buildServer, serverBundle } from '../api/scripts/build-server.ts';
import { percentile } from './load.ts';
import { benchClient, scenarioList } from './scenarios.ts';
import { freePort, startServer, stopServer } from './server.ts';

const { values } = parseArgs({
  options: {
    small: { type: 'string', default: '100000' },
    large: { type: 'string', default: '1000000' },
    'small-url': { type: 'string' },
    'large-url': { type: 'string' },
    // Slices per server and scenario, and each slice's seconds.
    slices: { type: 'string', default: '11' },
    slice: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '10' },
    out: { type: 'string' },
    against: { type: 'string' },
  },
});
const against = values.against && path.resolve(values.against);
const root = path.resolve(import.meta.dirname, '..');
/** The scenarios whose cost could grow with the history (bench/scenarios.ts names them). */
const MEASURED = ['dashboard', 'Dashboard screen', 'transactions page', 'search', 'budget month'];

const sides = (['small', 'large'] as const).map((size, i) => {
  const other = against && i === 1;
  const transactions = Number.parseInt(values[against ? 'small' : size]!, 10);
  const url = values[`${size}-url`];
  const dataDir = path.join(root, 'bench', `.data-${transactions}`);
  const ownDataDir = other ? path.join(against, 'bench', `.data-${transactions}`) : dataDir;
  // A copy of the data folder as no server has it open (without its lock file).
  if (other && !url && !fs.existsSync(ownDataDir))
    fs.cpSync(dataDir, ownDataDir, { recursive: true, filter: (f) => path.basename(f) !== 'server.pid' });
  const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: ownDataDir };
  const bundle = other ? path.join(against, 'dist', 'server.js') : serverBundle;
  const label = other ? path.basename(against) : against ? 'this build' : transactions.toLocaleString('en-US');
  return { transactions, env, bundle, label, latencies: new Map<string, number[]>() };
});
if (Boolean(values['small-url']) !== Boolean(values['large-url'])) throw new Error('give both --small-url and --large-url, or neither');

await buildServer();
const ports = [await freePort(), await freePort()];
const servers = await Promise.all(sides.map((side, i) => startServer(ports[i]!, { ...side.env, SERVE_WEB: 'false' }, [], side.bundle)));
try {
  const lists = await Promise.all(
    ports.map(async (port) => {
      const base = `http://localhost:${port}`;
      const session = await signIn(base, HEAVY_USER.email, HEAVY_USER.password, new HttpClient(base));
      const client = benchClient(base, await session.jar.getCookieString(base));
      const list = await scenarioList(client);
      client.fresh = true;
      // Two builds' screens send the queries each build's web app has (by id): only the queries
      // both answer alike are compared.
      return against
        ? list.filter(([name]) => !name.includes('screen'))
        : list.filter(([name]) => MEASURED.some((m) => name.startsWith(m) || name.includes(m)));
    }),
  );
  // Each server warm (docs/performance.md#how-it-is-measured), in turns.
  for (const until = performance.now() + Number.parseFloat(values.warmup!) * 1000; performance.now() < until;)
    for (const list of lists) for (const [, request] of list) await (await request()).arrayBuffer();
  const sliceMs = Number.parseFloat(values.slice!) * 1000;
  for (let s = 0; s < lists[0]!.length; s++) {
    const name = lists[0]![s]![0];
    for (let slice = 0; slice < Number.parseInt(values.slices!, 10); slice++)
      for (const [i, side] of sides.entries()) {
        const request = lists[i]![s]![1];
        const kept = side.latencies.get(name) ?? [];
        side.latencies.set(name, kept);
        for (const until = performance.now() + sliceMs; performance.now() < until;) {
          const t0 = performance.now();
          const res = await request();
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
          kept.push(performance.now() - t0);
        }
      }
    const [small, large] = sides.map((side) => side.latencies.get(name)!.sort((a, b) => a - b));
    console.log(`  ${name}: p95 ${percentile(small!, 95).toFixed(1)} / ${percentile(large!, 95).toFixed(1)} ms`);
  }
} finally {
  await Promise.all(servers.map((server) => stopServer(server)));
}

const rows = [...sides[0]!.latencies.keys()].map((name) => {
  const [small, large] = sides.map((side) => side.latencies.get(name)!);
  const figures = (l: number[]) => ({ requests: l.length, p50: percentile(l, 50), p95: percentile(l, 95) });
  return {
    name,
    small: figures(small!),
    large: figures(large!),
    p50Ratio: percentile(large!, 50) / percentile(small!, 50),
    p95Ratio: percentile(large!, 95) / percentile(small!, 95),
  };
});
const kind = values['small-url'] ? 'postgres' : 'pglite';
const [a, b] = sides.map((side) => side.label);
const ratios = against ? 'p50 / p95 ratio' : 'p95 ratio (≤ 2)';
console.log(`\n| ${kind}, fresh, 1 client | ${a}: p50 / p95 ms | ${b}: p50 / p95 ms | ${ratios} |\n|---|---|---|---|`);
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.small.p50.toFixed(1)} / ${r.small.p95.toFixed(1)} | ${r.large.p50.toFixed(1)} / ${r.large.p95.toFixed(1)} | ` +
      (against ? `${r.p50Ratio.toFixed(2)} / ${r.p95Ratio.toFixed(2)} |` : `${r.p95Ratio.toFixed(2)} ${r.p95Ratio <= 2 ? '✓' : '✗'} |`),
  );
const outFile = path.resolve(values.out ?? path.join(root, 'bench', `results-${against ? 'ab' : 'million'}-${kind}.json`));
fs.writeFileSync(
  outFile,
  JSON.stringify({ database: kind, at: new Date().toISOString(), sides: sides.map((s) => s.label), rows }, null, 2),
);
console.log(`Wrote ${path.relative(process.cwd(), outFile)}`);

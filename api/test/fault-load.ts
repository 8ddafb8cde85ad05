import { createClient } from 'graphql-sse';
import { HttpClient, signIn } from './sign-in.ts';

/**
 * The steady mixed load of the fault tests (api/security/faults.test.ts): each user reads and
 * writes in a loop (REST and GraphQL) and listens to live updates; one more signs in again and
 * again. Every request's outcome is recorded with its time, so a test can count what happened
 * before, during and after a fault; every acknowledged write is remembered, to be looked for.
 */

/** A request's result: its HTTP status, or why there was none. */
export type Status = number | 'network' | 'timeout' | 'graphql-error';

export interface Outcome {
  op: string;
  start: number;
  end: number;
  status: Status;
  /** Which process answered (the proxy's X-Served-By header), when one did. */
  server?: string;
  /** For an error answer: whether it carried a message for the user (`message`, or GraphQL's `errors[0].message`). */
  explained?: boolean;
  /** For a failed sign-in: where the flow stopped and what it was answered (its first 300 characters). */
  detail?: string;
}

export const isSuccess = (s: Status) => typeof s === 'number' && s >= 200 && s < 300;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REQUEST_TIMEOUT_MS = 10_000;
/** Pauses of the loops: steady, light enough not to starve the tests that run beside this one on two cores. */
const WORK_PAUSE_MS = 100;
const SIGN_IN_PAUSE_MS = 1000;

/** A subscriber to `changes`, as the web app keeps one: reconnects on a drop, opens again when the server ends the stream. */
export class LiveUpdates {
  events: { at: number; origin: string | null }[] = [];
  connects = 0;
  private stopped = false;
  private dispose = () => {};

  constructor(
    readonly client: HttpClient,
    readonly url = new URL('/graphql', client.base).toString(),
  ) {
    void this.run();
  }

  private async run() {
    while (!this.stopped) {
      const sse = createClient({
        url: this.url,
        headers: { 'x-graphql-yoga-csrf': '1' },
        fetchFn: (url: string, init: RequestInit) => this.client.request(url, init),
        retryAttempts: Infinity,
        retry: async () => void (await sleep(200 + Math.random() * 200)),
        on: { connected: () => this.connects++ },
      });
      this.dispose = () => sse.dispose();
      try {
        for await (const result of sse.iterate<{ changes: { origin: string | null } }>({ query: 'subscription { changes { origin } }' })) {
          this.events.push({ at: Date.now(), origin: result.data?.changes.origin ?? null });
        }
      } catch {
        // a final refusal: try again below, as long as the test runs
      }
      sse.dispose();
      await sleep(300);
    }
  }

  /** Whether an event arrived after `since` (ms) within `timeoutMs`. */
  async heardAfter(since: number, timeoutMs: number, origin?: string | null) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.events.some((e) => e.at > since && (origin === undefined || e.origin === origin))) return true;
      await sleep(50);
    }
    return false;
  }

  stop() {
    this.stopped = true;
    this.dispose();
  }
}

export class Load {
  outcomes: Outcome[] = [];
  /** Writes the server acknowledged (201), per user: their descriptions. */
  acknowledged: string[][];
  /** The clients the repeated sign-ins left signed in. */
  signedIn: HttpClient[] = [];
  live: LiveUpdates[];
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(
    readonly users: HttpClient[],
    private readonly signer: { email: string; password: string },
    private readonly base: string,
  ) {
    this.acknowledged = users.map(() => []);
    this.live = users.map((client) => new LiveUpdates(client));
  }

  start() {
    this.loops = [...this.users.map((client, i) => this.work(client, i)), this.signIns()];
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.loops);
    this.live.forEach((l) => l.stop());
  }

  /** The outcomes of requests started in [from, to). */
  between(from: number, to = Infinity) {
    return this.outcomes.filter((o) => o.start >= from && o.start < to);
  }

  private async record(op: string, run: () => Promise<Response>, acknowledge?: () => void) {
    const start = Date.now();
    let outcome: Outcome;
    try {
      const res = await run();
      const text = await res.text();
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const graphqlError = res.status === 200 && Array.isArray(body?.errors);
      outcome = {
        op,
        start,
        end: Date.now(),
        status: graphqlError ? 'graphql-error' : res.status,
        server: res.headers.get('x-served-by') ?? undefined,
      };
      if (!isSuccess(outcome.status)) outcome.explained = typeof (body?.message ?? body?.errors?.[0]?.message) === 'string';
      else acknowledge?.();
    } catch (err) {
      outcome = { op, start, end: Date.now(), status: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network' };
    }
    this.outcomes.push(outcome);
  }

  private async work(client: HttpClient, user: number) {
    const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    for (let n = 0; !this.stopped; n++) {
      const kind = n % 10;
      if (kind < 4) {
        const description = `u${user}-w${n}`;
        await this.record(
          'write',
          () =>
            client.request('/api/transactions', {
              method: 'POST',
              json: { amount: '1.25', description, date: '2026-01-01' },
              signal: signal(),
            }),
          () => this.acknowledged[user]!.push(description),
        );
      } else if (kind === 4) {
        const description = `u${user}-g${n}`;
        await this.record(
          'write',
          () =>
            client.request('/graphql', {
              method: 'POST',
              headers: { 'x-graphql-yoga-csrf': '1' },
              json: {
                query: 'mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { id } } }',
                variables: { input: { amount: '2.50', description, date: '2026-01-02' } },
              },
              signal: signal(),
            }),
          () => this.acknowledged[user]!.push(description),
        );
      } else if (kind < 7) {
        await this.record('read', () => client.request('/api/transactions?limit=10', { signal: signal() }));
      } else if (kind < 9) {
        await this.record('read', () =>
          client.request('/graphql', {
            method: 'POST',
            headers: { 'x-graphql-yoga-csrf': '1' },
            json: { query: '{ viewer { transactions(first: 5) { totalCount edges { node { id description } } } } }' },
            signal: signal(),
          }),
        );
      } else {
        await this.record('read', () => client.request('/api/auth/user', { signal: signal() }));
      }
      await sleep(WORK_PAUSE_MS);
    }
  }

  /** Signs the same account in again and again, each time as a new browser. */
  private async signIns() {
    while (!this.stopped) {
      const start = Date.now();
      const client = new HttpClient(this.base);
      let status: Status = 200;
      let detail: string | undefined;
      try {
        await signIn(this.base, this.signer.email, this.signer.password, client);
        this.signedIn.push(client);
      } catch (err) {
        detail = (err as Error).message;
        status = Number(/\((\d{3})[ )]/.exec(detail)?.[1]) || 'network';
      }
      this.outcomes.push({ op: 'sign-in', start, end: Date.now(), status, ...(detail ? { detail } : {}) });
      await sleep(SIGN_IN_PAUSE_MS);
    }
  }
}

/** Counts by status ("200", "503", "network", ...) and by kind of request. */
export function tally(outcomes: Outcome[]) {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
  const failed = outcomes.filter((o) => !isSuccess(o.status));
  // Latency is a single request's: a sign-in is a flow of several.
  const durations = outcomes
    .filter((o) => o.op !== 'sign-in')
    .map((o) => o.end - o.start)
    .sort((a, b) => a - b);
  return {
    made: outcomes.length,
    ok: outcomes.length - failed.length,
    failed: failed.length,
    byStatus,
    /** What failed: "write 502", "read network"... (each kind and status once, with a count). */
    failures: formatCounts(
      failed.reduce<Record<string, number>>(
        (counts, o) => ({ ...counts, [`${o.op} ${o.status}`]: (counts[`${o.op} ${o.status}`] ?? 0) + 1 }),
        {},
      ),
    ),
    /** Failures that are not a 503 (a 500, 502, a hang, a dropped connection, a 401...). */
    otherFailures: failed.filter((o) => o.status !== 503),
    unexplained503: failed.filter((o) => o.status === 503 && o.explained === false && o.op !== 'sign-in').length,
    maxMs: durations.at(-1) ?? 0,
    percentileMs: (p: number) => durations[Math.min(durations.length - 1, Math.floor((durations.length * p) / 100))] ?? 0,
    /** The longest sign-in, from /api/login to signed in (about ten requests). */
    slowestSignInMs: Math.max(0, ...outcomes.filter((o) => o.op === 'sign-in').map((o) => o.end - o.start)),
  };
}

export const formatCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || 'none';

/** Every acknowledged write of every user, looked for in that user's full list. */
export async function findWrites(load: Load) {
  let acknowledged = 0;
  const lost: string[] = [];
  for (const [user, client] of load.users.entries()) {
    const written = [...load.acknowledged[user]!];
    acknowledged += written.length;
    const res = await client.request('/api/transactions');
    if (res.status !== 200) throw new Error(`listing user ${user}'s transactions answered ${res.status}`);
    const present = new Set(((await res.json()) as { description: string }[]).map((t) => t.description));
    lost.push(...written.filter((d) => !present.has(d)));
  }
  return { acknowledged, found: acknowledged - lost.length, lost };
}

/** How many of the clients' sessions are still signed in, asked of every process directly. */
export async function countSessions(clients: HttpClient[], ports: number[]) {
  let alive = 0;
  const queue = [...clients];
  const check = async () => {
    for (let client = queue.shift(); client; client = queue.shift()) {
      const answers = await Promise.all(
        ports.map((port) => client.request(`http://localhost:${port}/api/auth/user`).then((r) => r.status)),
      );
      if (answers.every((s) => s === 200)) alive++;
    }
  };
  await Promise.all(Array.from({ length: 4 }, check));
  return { checked: clients.length, alive };
}

/** Each user writes once more; how many of their live-update subscribers heard of it within 10 s. */
export async function probeLiveUpdates(load: Load) {
  const since = Date.now();
  const statuses = await Promise.all(
    load.users.map((client, user) =>
      client
        .request('/api/paychecks', { method: 'POST', json: { amount: '1.00', date: '2026-01-03', notes: `probe ${user}` } })
        .then((r) => r.status),
    ),
  );
  if (statuses.some((s) => s !== 201)) throw new Error(`a live-update probe write failed: ${statuses.join(', ')}`);
  const heard = await Promise.all(load.live.map((l) => l.heardAfter(since, 10_000)));
  return { probes: heard.length, delivered: heard.filter(Boolean).length };
}

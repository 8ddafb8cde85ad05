// The fairness scenario of `npm run bench` (docs/performance.md#rest-lists-and-full-reads): while
// the heavy user keeps 30 full reads going at once (the unpaged transaction list and the CSV export
// of everything, each sent again as soon as it is answered), another user's fresh Dashboard is
// timed. The per-user cap on full reads is what keeps that user's answers quick.
import { HttpClient, signIn } from '../api/test/sign-in.ts';
import { ORDINARY_USER } from '../api/test/heavy-dataset.ts';
import { load, type LoadResult } from './load.ts';
import { rssMb } from './proc.ts';

export interface FairnessResult {
  light: LoadResult;
  heavy: { ok: number; refused: number; failed: number };
  rssPeakMb: number;
}

const FULL_READS = 30;
const DASHBOARD = `{ viewer { dashboard { totalIncome totalSpent remaining savingsRate recentTransactions { id description date amount } } } }`;

export async function fairness(
  base: string,
  heavyCookie: string,
  { durationMs, pid }: { durationMs: number; pid: number },
): Promise<FairnessResult> {
  const other = await signIn(base, ORDINARY_USER.email, ORDINARY_USER.password, new HttpClient(base));
  const cookie = await other.jar.getCookieString(base);
  const heavy = { ok: 0, refused: 0, failed: 0 };
  let running = true;
  let rssPeakMb = rssMb(pid);
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 20);
  const paths = ['/api/transactions', '/api/export/transactions.csv?period=all'];
  const storm = Array.from({ length: FULL_READS }, async (_, i) => {
    while (running) {
      try {
        const res = await fetch(base + paths[i % paths.length], { headers: { cookie: heavyCookie } });
        await res.arrayBuffer();
        if (res.status === 429) {
          heavy.refused++;
          // What a client is told to do: wait Retry-After, then ask again.
          await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
        } else if (res.ok) heavy.ok++;
        else heavy.failed++;
      } catch {
        heavy.failed++;
      }
    }
  });
  await new Promise((r) => setTimeout(r, 500)); // the storm under way before the first timed request
  const light = await load(
    () =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', 'cache-control': 'no-cache', cookie },
        body: JSON.stringify({ query: DASHBOARD }),
      }),
    { connections: 1, durationMs },
  );
  running = false;
  await Promise.all(storm);
  clearInterval(sampler);
  return { light, heavy, rssPeakMb };
}

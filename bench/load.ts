/**
 * A closed-loop load generator over real HTTP: `connections` clients each send the request again
 * as soon as the previous answer has been read, for `durationMs`. Every latency is kept, so the
 * percentiles are exact (not bucketed). A 429 is the server's fairness refusing a user's extra full
 * reads (docs/performance.md#rest-lists-and-full-reads): counted apart, not as an error nor an answer.
 */
export interface LoadResult {
  requests: number;
  errors: number;
  refused: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function load(
  request: () => Promise<Response>,
  { connections, durationMs, maxRequests = Infinity }: { connections: number; durationMs: number; maxRequests?: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let refused = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && sent < maxRequests) {
        sent++;
        const t0 = performance.now();
        try {
          const res = await request();
          const body = await res.arrayBuffer();
          if (res.status === 429) {
            // As a well-behaved client: wait what the server asks before trying again.
            refused++;
            await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
            continue;
          }
          if (!res.ok || body.byteLength === 0) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    refused,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}

import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimits } from '../auth/rate-limits.ts';
import { BusyError } from './errors.ts';

/**
 * Operations a user runs one at a time (docs/security.md#one-import-at-a-time): an import's
 * preview or commit holds the process's CPU for seconds, so a second one of the same user, from
 * any tab or process, is refused (429) while the first runs. A turn is a lease in the limits'
 * store (api/auth/rate-limits.ts: Redis or PostgreSQL when several processes share the database,
 * this process's memory on the embedded one), given back when the work ends; a process that dies
 * holding one loses it after `leaseSeconds` (the longest an import may take).
 */
/** How long an import may take at most: its commit's transaction ends then (200,000 rows on a busy host take about a minute). */
export const IMPORT_TURN_MS = 5 * 60_000;

const KINDS = {
  import: { leaseSeconds: IMPORT_TURN_MS / 1000, busy: 'You already have an import running. Try again when it has finished.' },
};
export type TurnKind = keyof typeof KINDS;

/** Seconds a refused client is asked to wait (Retry-After): a turn is short, the lease only bounds a lost one. */
export const TURN_RETRY_AFTER = 5;

export interface Turns {
  /** Runs `work` as the user's one operation of its kind; BusyError while another runs. */
  run<T>(kind: TurnKind, userId: string, work: () => Promise<T>): Promise<T>;
  /** Whether the user has one under way: a cheap refusal before reading a large body. */
  isBusy(kind: TurnKind, userId: string): Promise<boolean>;
  /** The refusal while one runs. */
  busy(kind: TurnKind): BusyError;
}

export function createTurns(limits: RateLimits): Turns {
  const leases = Object.fromEntries(
    Object.entries(KINDS).map(([kind, { leaseSeconds }]) => [
      kind,
      limits.limiter({ keyPrefix: `turn:${kind}`, points: 1, duration: leaseSeconds }),
    ]),
  ) as Record<TurnKind, RateLimiterAbstract>;
  const busy = (kind: TurnKind) => new BusyError(KINDS[kind].busy, TURN_RETRY_AFTER);
  return {
    busy,
    async run(kind, userId, work) {
      try {
        await leases[kind].consume(userId);
      } catch (err) {
        throw err instanceof RateLimiterRes ? busy(kind) : err;
      }
      try {
        return await work();
      } finally {
        // A store that fails here leaves the lease to expire.
        await leases[kind].delete(userId).catch(() => {});
      }
    },
    async isBusy(kind, userId) {
      return ((await leases[kind].get(userId))?.consumedPoints ?? 0) > 0;
    },
  };
}

import type { PrismaClient } from '../../generated/prisma/client.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { syncIfDue } from './connections.service.ts';

/**
 * The scheduled bank sync (docs/product.md#bank-sync): every connection whose last attempt is
 * older than `everyMs` (BANK_SYNC_HOURS) is synced, one connection after another. Several
 * processes may pass at once: each connection is claimed under its user's lock first
 * (`syncIfDue`, as the poster claims an occurrence), so it syncs once.
 */
export async function syncDue(
  prisma: PrismaClient,
  actFor: (userId: string) => Viewer,
  everyMs: number,
  { now = new Date(), log = (_err: unknown) => {} } = {},
) {
  const dueBefore = new Date(now.getTime() - everyMs);
  const due = await prisma.bankConnection.findMany({
    where: { OR: [{ lastAttemptAt: null }, { lastAttemptAt: { lt: dueBefore } }] },
    select: { id: true, userId: true },
    orderBy: { lastAttemptAt: { sort: 'asc', nulls: 'first' } },
  });
  let synced = 0;
  for (const { id, userId } of due) {
    // A failure is kept on its connection (and notified) by the sync itself; the next one goes on.
    // The bridge's refusals are the user's to read there; anything else is this server's, logged.
    const result = await syncIfDue(actFor(userId), id, dueBefore).catch((err: unknown) => {
      if (!(err instanceof DomainError)) log(err);
      return null;
    });
    if (result) synced++;
  }
  return synced;
}

/**
 * Runs `syncDue` now and then every `checkMs` (a few minutes), never two passes of this process at
 * once. The answer stops it: no new pass starts, and its promise settles when the running one ends.
 */
export function startBankSync(
  prisma: PrismaClient,
  actFor: (userId: string) => Viewer,
  everyMs: number,
  log: (err: unknown) => void,
  checkMs = 5 * 60_000,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = syncDue(prisma, actFor, everyMs, { log })
      .then(() => undefined, log)
      .finally(() => (running = null));
  };
  pass();
  const timer = setInterval(pass, checkMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

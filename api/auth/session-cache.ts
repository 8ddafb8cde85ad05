import type session from 'express-session';
import type { Database } from '../db/database.ts';
import type { BudgetRole } from '../lib/viewer.ts';

/** A stored session as the store last read it: its data, owner and expiry (ms since the epoch). */
export interface CachedSession {
  sess: session.SessionData;
  userId: string | null;
  expiresAt: number;
  /** The user's role in each of their budgets, read with it. */
  roles: Record<string, BudgetRole>;
}

/** Past this many sessions the cache starts again empty (a few KB each). */
const MAX_ENTRIES = 10_000;

/**
 * The sessions the embedded database's server has read, kept in memory so a signed-in request
 * costs no statement (docs/performance.md#sessions-kept-in-memory). Only for PGlite: its folder
 * is open in this one process, and every change that could end or alter a session (an update or
 * delete of the row, a user disabled or deleted, a change of their memberships, either table
 * emptied) is told by the database
 * itself through triggers that NOTIFY (migration `session_change_notices`), before the statement
 * that made it returns. A read that a change overtook is not kept (`version`).
 */
export class SessionCache {
  private entries = new Map<string, CachedSession>();
  /** Counts the changes told: a read that started before one may hold what it changed. */
  private version = 0;

  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(sid);
      return undefined;
    }
    // express-session and passport change the object they are given; the cache keeps its own.
    return { ...entry, sess: structuredClone(entry.sess), roles: { ...entry.roles } };
  }

  /** The version to hand back to `keep` with what a read is about to find. */
  readStarts() {
    return this.version;
  }

  keep(sid: string, entry: CachedSession, readVersion: number) {
    if (readVersion !== this.version) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sid, entry);
  }

  /** A change told by the database: "session:<sid>", "users:<user id>", or "<table>:*" (emptied). */
  changed(notice: string) {
    this.version++;
    const colon = notice.indexOf(':');
    const [table, key] = [notice.slice(0, colon), notice.slice(colon + 1)];
    if (key === '*') this.entries.clear();
    if (table === 'session') this.entries.delete(key);
    if (table === 'users') for (const [sid, entry] of this.entries) if (entry.userId === key) this.entries.delete(sid);
  }
}

/** A cache of sessions kept current by the database, on PGlite; null on PostgreSQL (several processes may change them). */
export async function watchedSessionCache(db: Database): Promise<SessionCache | null> {
  if (!db.listen) return null;
  const cache = new SessionCache();
  await db.listen('session_changes', (notice) => cache.changed(notice));
  return cache;
}

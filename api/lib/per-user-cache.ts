/**
 * Values kept per user and key until they expire or the user's data changes (`dropUser`). At most
 * `maxPerUser` keys per user (the oldest goes first); expired entries of users who never come back
 * are swept at most once per `sweepEveryMs`, so memory follows the active users, not every user seen.
 */
export class PerUserCache<V> {
  private readonly users = new Map<string, Map<string, { value: V; expires: number }>>();
  private lastSweep = Date.now();

  constructor(private readonly options: { maxPerUser: number; sweepEveryMs: number }) {}

  get(user: string, key: string): V | undefined {
    const entries = this.users.get(user);
    const entry = entries?.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    entries!.delete(key);
    return undefined;
  }

  set(user: string, key: string, value: V, ttlMs: number) {
    const now = Date.now();
    this.sweep(now);
    let entries = this.users.get(user);
    if (!entries) this.users.set(user, (entries = new Map()));
    if (!entries.has(key) && entries.size >= this.options.maxPerUser) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, expires: now + ttlMs });
  }

  delete(user: string, key: string) {
    this.users.get(user)?.delete(key);
  }

  dropUser(user: string) {
    this.users.delete(user);
  }

  clear() {
    this.users.clear();
  }

  /** How many users have entries (for tests and diagnostics). */
  get userCount() {
    return this.users.size;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.options.sweepEveryMs) return;
    this.lastSweep = now;
    for (const [user, entries] of this.users) {
      for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
      if (entries.size === 0) this.users.delete(user);
    }
  }
}

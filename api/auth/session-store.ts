import session from 'express-session';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Request } from 'express';
import type { BudgetRole } from '../lib/viewer.ts';
import type { SessionCache } from './session-cache.ts';

const PURGE_EVERY_MS = 15 * 60 * 1000;
/** A session's expiry is pushed back (a database write) at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;
/** How long the data a session was last written with is remembered, to leave out a write of the same again. */
const REWRITE_WITHIN_MS = 60 * 1000;

/** The signed-in user of a stored session (passport keeps it at `passport.user`). */
function userOf(sess: session.SessionData) {
  const user = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === 'string' ? user : null;
}

/** A session user's role in each of their budgets, read with the session (`PrismaSessionStore.get`). */
export interface SessionRoles {
  userId: string;
  roles: Record<string, BudgetRole>;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The roles read with this request's session: its membership costs no statement of its own. */
    sessionRoles?: SessionRoles;
  }
}

// Carries the roles from `get` to `createSession` on the session data read, unseen by express-session
// (it copies and hashes only a session's own enumerable string keys).
const ROLES = Symbol('roles');

/** The roles of `userId` read with this request's session, if it read them (not for an API token). */
export function rolesReadWithSession(req: Request, userId: string): Record<string, BudgetRole> | undefined {
  return req.sessionRoles?.userId === userId ? req.sessionRoles.roles : undefined;
}

/**
 * express-session's store over the `session` table (sid, sess, expire), through Prisma, so it
 * works on PGlite and PostgreSQL and any number of processes share the sessions. Expired rows
 * are ignored when read and purged every 15 minutes. Each row also names its user and when it was
 * last used, so a user's sessions can be listed and ended (api/modules/sessions); a session of a
 * disabled user is never read (docs/security.md#disabling-a-user). On PGlite the sessions read are
 * kept in memory, current with the table (`session-cache.ts`).
 */
export class PrismaSessionStore extends session.Store {
  private timer: NodeJS.Timeout;
  private touchedAt = new Map<string, number>();
  /**
   * The data each session was last written with by this process, and when. A sign-in saves its new
   * session before its redirect goes out, and express-session, which counts only a session whose id
   * is unchanged as saved, writes the same data again as the response ends, after the browser may
   * have gone on: that late write could put back a session changed or ended meanwhile (signed out
   * of at once, every other session signed out). The same data again within a minute is left out.
   */
  private written = new Map<string, { json: string; at: number }>();

  constructor(
    private prisma: PrismaClient,
    private defaultTtlMs: number,
    private cache: SessionCache | null = null,
  ) {
    super();
    this.timer = setInterval(() => void this.purgeExpired().catch(() => {}), PURGE_EVERY_MS);
    this.timer.unref();
  }

  private expiry(sess: session.SessionData) {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.defaultTtlMs);
  }

  // Every signed-in request reads its session: one plain statement, not Prisma's query engine
  // (a third less time, half the CPU of the same findFirst). `expire` is UTC without a time zone.
  // The statement also reads the user's role in each of their budgets, so that a request's
  // membership (read on every request: docs/security.md#budgets-and-roles) costs no statement of its
  // own; on PGlite they are kept with the session, which a change of membership drops (migration
  // `membership_in_session_reads`).
  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void) {
    const cached = this.cache?.get(sid);
    if (cached) return void queueMicrotask(() => callback(null, withRoles(cached.sess, cached.userId, cached.roles)));
    const version = this.cache?.readStarts() ?? 0;
    this.prisma.$queryRaw<
      { sess: session.SessionData; user_id: string | null; expires_at: number; roles: Record<string, BudgetRole> | null }[]
    >`
      SELECT s.sess, s.user_id, (extract(epoch FROM s.expire) * 1000)::float8 AS expires_at,
        (SELECT json_object_agg(m.budget_id, m.role) FROM budget_members m WHERE m.user_id = s.user_id) AS roles
      FROM session s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.sid = ${sid} AND s.expire > (${new Date().toISOString()}::timestamptz AT TIME ZONE 'UTC')
        AND (s.user_id IS NULL OR (u.id IS NOT NULL AND u.disabled_at IS NULL))`.then((rows) => {
      const row = rows[0];
      if (!row) return callback(null, null);
      const roles = row.roles ?? {};
      this.cache?.keep(sid, { sess: structuredClone(row.sess), userId: row.user_id, expiresAt: row.expires_at, roles }, version);
      callback(null, withRoles(row.sess, row.user_id, roles));
    }, callback);
  }

  override createSession(req: Request, sess: session.SessionData) {
    const carried = (sess as { [ROLES]?: SessionRoles })[ROLES];
    if (carried) {
      req.sessionRoles = carried;
      delete (sess as { [ROLES]?: SessionRoles })[ROLES];
    }
    return super.createSession(req, sess);
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void) {
    const json = JSON.stringify(sess);
    const now = Date.now();
    const last = this.written.get(sid);
    if (last?.json === json && now - last.at < REWRITE_WITHIN_MS) return void queueMicrotask(() => callback?.());
    const data = { sess: JSON.parse(json), expire: this.expiry(sess), userId: userOf(sess), lastUsedAt: new Date(now) };
    this.prisma.session.upsert({ where: { sid }, create: { sid, ...data }, update: data }).then(
      () => {
        if (this.written.size > 10_000) this.written.clear();
        this.written.set(sid, { json, at: now });
        callback?.();
      },
      (err) => callback?.(err),
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void) {
    this.prisma.session.deleteMany({ where: { sid } }).then(
      () => callback?.(),
      (err) => callback?.(err),
    );
  }

  override touch(sid: string, sess: session.SessionData, callback?: () => void) {
    const now = Date.now();
    if (now - (this.touchedAt.get(sid) ?? 0) < TOUCH_EVERY_MS) return callback?.();
    if (this.touchedAt.size > 10_000) this.touchedAt.clear();
    this.touchedAt.set(sid, now);
    this.prisma.session.updateMany({ where: { sid }, data: { expire: this.expiry(sess), lastUsedAt: new Date(now) } }).then(
      () => callback?.(),
      () => callback?.(),
    );
  }

  async purgeExpired() {
    const { count } = await this.prisma.session.deleteMany({ where: { expire: { lte: new Date() } } });
    return count;
  }

  close() {
    clearInterval(this.timer);
  }
}

function withRoles(sess: session.SessionData, userId: string | null, roles: Record<string, BudgetRole>) {
  if (userId) (sess as { [ROLES]?: SessionRoles })[ROLES] = { userId, roles };
  return sess;
}

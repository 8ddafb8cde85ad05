import session from 'express-session';
import type { PrismaClient } from '../generated/prisma/client.ts';

const PURGE_EVERY_MS = 15 * 60 * 1000;
/** A session's expiry is pushed back (a database write) at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * express-session's store over the `session` table (sid, sess, expire), through Prisma, so it
 * works on PGlite and PostgreSQL and any number of processes share the sessions. Expired rows
 * are ignored when read and purged every 15 minutes.
 */
export class PrismaSessionStore extends session.Store {
  private timer: NodeJS.Timeout;
  private touchedAt = new Map<string, number>();

  constructor(
    private prisma: PrismaClient,
    private defaultTtlMs: number,
  ) {
    super();
    this.timer = setInterval(() => void this.purgeExpired().catch(() => {}), PURGE_EVERY_MS);
    this.timer.unref();
  }

  private expiry(sess: session.SessionData) {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.defaultTtlMs);
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void) {
    this.prisma.session
      .findFirst({ where: { sid, expire: { gt: new Date() } } })
      .then((row) => callback(null, row ? (row.sess as unknown as session.SessionData) : null), callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void) {
    const data = { sess: JSON.parse(JSON.stringify(sess)), expire: this.expiry(sess) };
    this.prisma.session.upsert({ where: { sid }, create: { sid, ...data }, update: data }).then(
      () => callback?.(),
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
    this.prisma.session.updateMany({ where: { sid }, data: { expire: this.expiry(sess) } }).then(
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

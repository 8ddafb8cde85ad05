import crypto from 'node:crypto';
import Bowser from 'bowser';
import type { SessionData } from 'express-session';
import type { Session } from '../../generated/prisma/client.ts';
import { endSessions, revokeApiTokens } from '../../auth/end-sessions.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireBrowserSession, sessionIdOf, type Viewer } from '../../lib/viewer.ts';

/** Where a session was signed in from, kept in it at sign-in (api/auth/sign-in.ts). */
type SessionDevice = NonNullable<SessionData['device']>;

/** A signed-in session as Settings lists it (docs/product.md#settings). */
export interface SignedInSession {
  /** Not the session id (the cookie's secret): a hash of it. */
  id: string;
  current: boolean;
  browser: string;
  os: string;
  address: string | null;
  signedInAt: Date | null;
  lastUsedAt: Date | null;
}

const publicId = (sid: string) => crypto.createHash('sha256').update(sid).digest('base64url').slice(0, 22);

/** "Chrome 140", "Firefox", or "Unknown browser"; the operating system likewise. */
export function describeUserAgent(userAgent: string | undefined) {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const major = parsed?.browser.version?.split('.')[0];
  const browser = parsed?.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
  return { browser, os: parsed?.os.name || 'Unknown system' };
}

function describe(row: Session, current: string | undefined): SignedInSession {
  const device = ((row.sess as { device?: SessionDevice } | null)?.device ?? {}) as SessionDevice;
  return {
    id: publicId(row.sid),
    current: row.sid === current,
    ...describeUserAgent(device.userAgent),
    address: device.address ?? null,
    signedInAt: device.signedInAt ? new Date(device.signedInAt) : null,
    lastUsedAt: row.lastUsedAt,
  };
}

/** The user's signed-in sessions: this browser's first, then the most recently used. */
export async function listSessions(viewer: Viewer): Promise<SignedInSession[]> {
  requireBrowserSession(viewer);
  const rows = await viewer.prisma.session.findMany({
    where: { userId: viewer.id, expire: { gt: new Date() } },
    orderBy: [{ lastUsedAt: { sort: 'desc', nulls: 'last' } }, { sid: 'asc' }],
  });
  const current = sessionIdOf(viewer);
  return rows.map((row) => describe(row, current)).sort((a, b) => (a.current === b.current ? 0 : a.current ? -1 : 1));
}

/** Signs out one of the user's sessions (by its listed id), in every process at once. */
export async function signOutSession(viewer: Viewer, id: string) {
  requireBrowserSession(viewer);
  const rows = await viewer.prisma.session.findMany({ where: { userId: viewer.id }, select: { sid: true } });
  const sid = rows.find((row) => publicId(row.sid) === id)?.sid;
  if (!sid) throw new NotFoundError('Session');
  await viewer.prisma.$transaction((tx) => endSessions(tx, viewer.id, { sid }));
  viewer.events.publish(viewer.id);
  return id;
}

/**
 * Signs out every session of the user but this browser's, and revokes every API token (one made
 * from a stolen session would outlive it): returns how many of each.
 */
export async function signOutOtherSessions(viewer: Viewer) {
  requireBrowserSession(viewer);
  const ended = await viewer.prisma.$transaction(async (tx) => ({
    signedOut: await endSessions(tx, viewer.id, { except: sessionIdOf(viewer) }),
    revokedTokens: await revokeApiTokens(tx, viewer.id),
  }));
  viewer.events.publish(viewer.id);
  return ended;
}

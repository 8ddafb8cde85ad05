import crypto from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { personal, requireBrowserSession, type Viewer } from '../../lib/viewer.ts';
import { createApiTokenInput } from '../../../shared/inputs/settings.ts';
import { confirmIdentity } from '../credentials/credentials.service.ts';

/**
 * API tokens for scripts (docs/security.md#api-tokens): 256 random bits after a `bgt_` prefix (so a
 * leaked one is recognisable), shown once, kept only as a SHA-256 hash. A token acts for its user
 * on the data API; `read` tokens only read.
 */

const PREFIX = 'bgt_';
const TOKEN = /^bgt_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `lastUsedAt` is written at most once a minute per token, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The user's tokens, newest first (never the token itself: it is not kept). */
export function listApiTokens(viewer: Viewer) {
  requireBrowserSession(viewer);
  return viewer.prisma.apiToken.findMany({ where: personal(viewer), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** Creates a token (the password first, unless the sign-in is recent); the answer is the only time the token itself is seen. */
export async function createApiToken(viewer: Viewer, input: unknown) {
  requireBrowserSession(viewer);
  const { name, access, expiresInDays, password } = parseInput(createApiTokenInput, input);
  await confirmIdentity(viewer, password);
  const token = PREFIX + crypto.randomBytes(32).toString('base64url');
  const apiToken = await viewer.prisma.apiToken.create({
    data: {
      userId: viewer.id,
      budgetId: viewer.budgetId,
      name,
      tokenHash: hashToken(token),
      canWrite: access === 'write',
      expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * DAY_MS) : null,
    },
  });
  viewer.events.publish(viewer.id);
  return { token, apiToken };
}

/** Revokes a token: from this moment every process refuses it (each request looks it up). */
export async function revokeApiToken(viewer: Viewer, id: string) {
  requireBrowserSession(viewer);
  const { count } = await viewer.prisma.apiToken.deleteMany({ where: { id, ...personal(viewer) } });
  if (count === 0) throw new NotFoundError('Token');
  viewer.events.publish(viewer.id);
}

/**
 * The user and access of a presented token, or null when it is unknown, revoked, expired or its
 * user is disabled. Looked up in the database on every request: nothing is cached, so a change
 * holds in every process at once.
 */
export async function authenticateApiToken(prisma: PrismaClient, token: string) {
  if (!TOKEN.test(token)) return null;
  const row = await prisma.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      userId: true,
      budgetId: true,
      canWrite: true,
      expiresAt: true,
      lastUsedAt: true,
      user: { select: { disabledAt: true } },
    },
  });
  const now = new Date();
  if (!row || row.user.disabledAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await prisma.apiToken.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { userId: row.userId, tokenId: row.id, canWrite: row.canWrite, budgetId: row.budgetId };
}

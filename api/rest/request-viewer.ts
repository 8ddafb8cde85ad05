import type { Request } from 'express';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { ChangeEvents } from '../lib/change-events.ts';
import { isTimeZone } from '../lib/dates.ts';
import type { Viewer } from '../lib/viewer.ts';

export interface ViewerDeps {
  prisma: PrismaClient;
  events: ChangeEvents;
}

/** The signed-in user of a request (set by passport from the session), or null. */
export function viewerFromRequest(req: Request, deps: ViewerDeps): Viewer | null {
  const id = (req as { user?: { id?: string } }).user?.id;
  if (!id) return null;
  const tz = req.get('x-time-zone');
  return { id, timeZone: tz && isTimeZone(tz) ? tz : 'UTC', prisma: deps.prisma, events: deps.events };
}

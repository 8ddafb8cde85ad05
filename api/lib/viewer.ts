import type { PrismaClient } from '../generated/prisma/client.ts';
import type { ChangeEvents } from './change-events.ts';

/**
 * The signed-in user a request acts for, with the handles their requests work through. Every
 * service function takes a Viewer first; every query it makes is scoped with `owned(viewer)`.
 */
export interface Viewer {
  id: string;
  /** IANA time zone of the client (X-Time-Zone header), UTC when not given. */
  timeZone: string;
  prisma: PrismaClient;
  events: ChangeEvents;
}

/** The ownership filter: the one place user data is scoped to its owner. */
export function owned(viewer: Viewer) {
  return { userId: viewer.id };
}

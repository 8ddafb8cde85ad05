import type { Response } from 'express';

/**
 * Fairness for the heavy reads (docs/performance.md): an unpaged transaction list or an export
 * is a "full read". A user may have at most MAX_FULL_READS of them under way at once in this
 * process; another answers 429 until one of them finishes or its client disconnects.
 */
export const MAX_FULL_READS = 2;
export const TOO_MANY_FULL_READS = { message: 'Too many downloads at once. Try again in a moment.' };

const underWay = new Map<string, number>();

/** The full reads under way for a user (for tests). */
export const fullReadsUnderWay = (userId: string) => underWay.get(userId) ?? 0;

/**
 * Counts a full read for the user until `res` closes (answered, or the client gone); false, with
 * the 429 sent, when the user already has MAX_FULL_READS under way.
 */
export function startFullRead(userId: string, res: Response): boolean {
  const count = underWay.get(userId) ?? 0;
  if (count >= MAX_FULL_READS) {
    res.status(429).set('Retry-After', '1').json(TOO_MANY_FULL_READS);
    return false;
  }
  underWay.set(userId, count + 1);
  // 'close' comes once: after the last byte is handed to the socket, or when the connection drops first.
  res.once('close', () => {
    const left = (underWay.get(userId) ?? 1) - 1;
    if (left > 0) underWay.set(userId, left);
    else underWay.delete(userId);
  });
  return true;
}

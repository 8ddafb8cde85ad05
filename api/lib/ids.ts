import { randomBytes } from 'node:crypto';

/**
 * A UUIDv7 string (48 bits of Unix milliseconds, then random bits), as Prisma's `uuid(7)` default
 * writes ids: for rows inserted by SQL of our own, which Prisma's defaults do not reach.
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

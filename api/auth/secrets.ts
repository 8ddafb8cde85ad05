import crypto from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * A secret generated once and kept in the `app_secrets` table, so every process (and every
 * restart) uses the same one: the session secret, the provider's signing keys and cookie keys.
 * Two processes starting together agree: the first insert wins, the other reads it.
 */
export async function getOrCreateSecret(prisma: PrismaClient, name: string, generate: () => string | Promise<string>): Promise<string> {
  const existing = await prisma.appSecret.findUnique({ where: { name } });
  if (existing) return existing.value;
  const value = await generate();
  await prisma.$executeRaw`INSERT INTO app_secrets (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO NOTHING`;
  return (await prisma.appSecret.findUniqueOrThrow({ where: { name } })).value;
}

export const randomSecret = () => crypto.randomBytes(32).toString('base64url');

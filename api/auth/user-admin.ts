import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { endSessions } from './end-sessions.ts';

/**
 * What the server's operator does to users from the command line (`npm run user -- ...`,
 * docs/operations.md#managing-users): list them, give a one-time password, disable and enable,
 * turn off two-factor sign-in.
 */

export class UserAdminError extends Error {}

const key = (email: string) => email.trim().toLowerCase();

async function builtInAccount(prisma: PrismaClient, email: string) {
  const account = await prisma.localAccount.findUnique({ where: { email: key(email) } });
  if (!account) throw new UserAdminError(`No built-in account has the email ${email}`);
  return account;
}

async function userByEmail(prisma: PrismaClient, email: string) {
  const user = await prisma.user.findFirst({ where: { email: { equals: email.trim(), mode: 'insensitive' } } });
  if (!user) throw new UserAdminError(`No user has the email ${email}`);
  return user;
}

export async function listUsers(prisma: PrismaClient) {
  const [users, accounts] = await Promise.all([
    prisma.user.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    prisma.localAccount.findMany({ select: { id: true, totpSecret: true, mustChangePassword: true } }),
  ]);
  const local = new Map(accounts.map((a) => [a.id, a]));
  return users.map((u) => ({
    email: u.email ?? '',
    name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    signIn: local.has(u.id) ? 'built-in' : 'external',
    twoFactor: Boolean(local.get(u.id)?.totpSecret),
    status: u.disabledAt ? 'disabled' : local.get(u.id)?.mustChangePassword ? 'must change password' : 'active',
    createdAt: u.createdAt,
  }));
}

const BASE32 = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * Gives a built-in account a one-time password (80 random bits) to be replaced at its next
 * sign-in, and signs the account out everywhere. Returns the password, shown once.
 */
export async function resetPassword(prisma: PrismaClient, email: string) {
  const account = await builtInAccount(prisma, email);
  const chars = [...crypto.randomBytes(16)].map((b) => BASE32[b % 32]).join('');
  const password = chars.match(/.{4}/g)!.join('-');
  const passwordHash = await hash(password);
  await prisma.$transaction(async (tx) => {
    await tx.localAccount.update({ where: { id: account.id }, data: { passwordHash, mustChangePassword: true } });
    await endSessions(tx, account.id);
  });
  return password;
}

/**
 * Disables a user (no sign-in; every session ends and every token stops working at once, in every
 * process) or enables them again (their tokens work again; sessions stay ended).
 */
export async function setDisabled(prisma: PrismaClient, email: string, disabled: boolean) {
  const user = await userByEmail(prisma, email);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { disabledAt: disabled ? new Date() : null } });
    if (disabled) await endSessions(tx, user.id);
  });
  return user;
}

/** Turns off two-factor sign-in of a built-in account (its owner lost the app and the recovery codes). */
export async function removeTwoFactor(prisma: PrismaClient, email: string) {
  const account = await builtInAccount(prisma, email);
  await prisma.$transaction([
    prisma.localAccount.update({ where: { id: account.id }, data: { totpSecret: null, totpPendingSecret: null, totpLastStep: null } }),
    prisma.recoveryCode.deleteMany({ where: { accountId: account.id } }),
  ]);
}

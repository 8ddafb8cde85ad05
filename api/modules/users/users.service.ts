import type { PrismaClient, User } from '../../generated/prisma/client.ts';
import { endProviderSessions } from '../../auth/end-sessions.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireBrowserSession, type Viewer } from '../../lib/viewer.ts';
import { deleteAccountInput, updateProfileInput } from '../../../shared/inputs/settings.ts';
import { confirmIdentity } from '../credentials/credentials.service.ts';
import { refuseOwnerWithMembers } from '../budgets/budgets.service.ts';

type Names = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** docs/product.md#users: first plus last name; else first name; else email; else "User". */
export function displayName({ firstName, lastName, email }: Names): string {
  if (firstName && lastName) return `${firstName} ${lastName}`;
  return firstName || email || 'User';
}

/** docs/product.md#users: initials of first and last name; else the email's first letter; else "U". */
export function initials({ firstName, lastName, email }: Names): string {
  if (firstName && lastName) return `${firstName[0]}${lastName[0]}`.toUpperCase();
  if (email) return email[0]!.toUpperCase();
  return 'U';
}

export interface IdentityClaims {
  sub: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/** Creates or updates the user from the ID token's claims at each sign-in (`sub` is the link). */
export async function upsertUserFromClaims(prisma: PrismaClient, claims: IdentityClaims): Promise<User> {
  const data = {
    email: claims.email ?? null,
    firstName: claims.firstName ?? null,
    lastName: claims.lastName ?? null,
    profileImageUrl: claims.profileImageUrl ?? null,
  };
  return prisma.$transaction(async (tx) => {
    // An email moves to whichever account signs in with it last, so the unique index never blocks a sign-in.
    if (data.email) {
      await tx.user.updateMany({ where: { email: data.email, NOT: { id: claims.sub } }, data: { email: null } });
    }
    return tx.user.upsert({ where: { id: claims.sub }, create: { id: claims.sub, ...data }, update: data });
  });
}

export function findUser(prisma: PrismaClient, id: string) {
  return prisma.user.findUnique({ where: { id } });
}

export const NAME_FROM_PROVIDER = 'Your name comes from your sign-in provider: change it there';

/**
 * Changes the user's first and last name: a built-in account's own (the provider's record too,
 * which each sign-in reads again); a name from an external provider is that provider's.
 */
export async function updateProfile(viewer: Viewer, input: unknown) {
  const data = parseInput(updateProfileInput, input);
  const user = await viewer.prisma.$transaction(async (tx) => {
    const { count } = await tx.localAccount.updateMany({ where: { id: viewer.id }, data });
    if (count === 0) throw new ValidationError([{ path: [], message: NAME_FROM_PROVIDER }]);
    return tx.user.update({ where: { id: viewer.id }, data });
  });
  viewer.events.publish(viewer.id);
  return user;
}

export const CONFIRM_DELETE = 'Type your email exactly as shown to confirm';

/**
 * Deletes the user and every row of theirs in one transaction (docs/product.md#settings):
 * the budgets no one else is in, sessions and tokens go with the user row (a trigger deletes those
 * budgets, the database cascades the rest), then the built-in provider's account and state. A
 * budget they own with other members must be handed over first (409); their records in other
 * budgets stay, shown as "a former member" (docs/product.md#shared-budgets). `confirmation` is their email (or
 * "DELETE" when the provider gave none); the password is asked first unless the sign-in is recent.
 */
export async function deleteMyAccount(viewer: Viewer, input: unknown) {
  requireBrowserSession(viewer);
  const { confirmation, password } = parseInput(deleteAccountInput, input);
  await confirmIdentity(viewer, password);
  const user = await viewer.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true } });
  if (confirmation.toLowerCase() !== (user.email ?? 'DELETE').toLowerCase()) {
    throw new ValidationError([{ path: ['confirmation'], message: CONFIRM_DELETE }]);
  }
  await viewer.prisma.$transaction(async (tx) => {
    await refuseOwnerWithMembers(tx, viewer.id);
    await tx.user.delete({ where: { id: viewer.id } });
    await tx.localAccount.deleteMany({ where: { id: viewer.id } });
    await endProviderSessions(tx, viewer.id);
  });
  viewer.events.publish(viewer.id);
}

import type { PrismaClient, User } from '../../generated/prisma/client.ts';

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

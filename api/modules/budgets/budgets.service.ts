import crypto from 'node:crypto';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { BudgetNotFoundError, ConflictError, ForbiddenError, NamedNotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import type { BudgetRole, Viewer } from '../../lib/viewer.ts';
import { budgetNameInput, invitationInput, memberRoleInput } from '../../../shared/inputs/budgets.ts';
import { lockOwners } from '../../lib/owner-lock.ts';

/**
 * Shared budgets (docs/product.md#shared-budgets): a user's budgets, their members and roles,
 * invitation links, and the activity log. These are a person's operations on budgets by id (not on
 * the request's budget): each checks the user's own membership of the budget named, so a budget
 * they are not in answers exactly like a missing one (`Budget not found`).
 */

export const OWNER_ONLY = "Only the budget's owner can do this";
export const PERSONAL_NOT_DELETABLE = 'Your personal budget cannot be deleted';
export const OWNER_CANNOT_LEAVE = 'Hand the budget over to another member before you leave it';
export const FORMER_MEMBER = 'a former member';
const INVITATION_DAYS = 7;
const INVITATION_PREFIX = 'bgi_';
const INVITATION_TOKEN = /^bgi_[A-Za-z0-9_-]{43}$/;

type Db = PrismaClient | Prisma.TransactionClient;

export interface BudgetSummary {
  id: string;
  name: string;
  personal: boolean;
  role: BudgetRole;
  memberCount: number;
  createdAt: Date;
}

interface Person {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** How a person is named to other members: their name, else their email. */
export function displayName(user: Person | null | undefined): string {
  if (!user) return FORMER_MEMBER;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email || 'A member';
}

const hashInvitation = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const summaryOf = (
  viewer: Pick<Viewer, 'id'>,
  m: { role: string; budget: { id: string; name: string; createdAt: Date; _count: { members: number } } },
): BudgetSummary => ({
  id: m.budget.id,
  name: m.budget.name,
  personal: m.budget.id === viewer.id,
  role: m.role as BudgetRole,
  memberCount: m.budget._count.members,
  createdAt: m.budget.createdAt,
});

const WITH_BUDGET = { budget: { select: { id: true, name: true, createdAt: true, _count: { select: { members: true } } } } } as const;

/** Every budget the user is a member of: the personal one first, then by name. */
export async function listBudgets(viewer: Viewer): Promise<BudgetSummary[]> {
  const rows = await viewer.prisma.budgetMember.findMany({ where: { userId: viewer.id }, include: WITH_BUDGET });
  return rows
    .map((m) => summaryOf(viewer, m))
    .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** One of the user's budgets, or null when they are not a member of it. */
export async function findBudget(viewer: Viewer, budgetId: string): Promise<BudgetSummary | null> {
  const row = await viewer.prisma.budgetMember.findUnique({
    where: { budgetId_userId: { budgetId, userId: viewer.id } },
    include: WITH_BUDGET,
  });
  return row ? summaryOf(viewer, row) : null;
}

async function getBudget(viewer: Viewer, budgetId: string): Promise<BudgetSummary> {
  const found = await findBudget(viewer, budgetId);
  if (!found) throw new BudgetNotFoundError();
  return found;
}

/** The user's role in a budget they are a member of (`Budget not found` otherwise); the owner's operations require `owner`. */
async function roleOf(db: Db, viewer: Pick<Viewer, 'id'>, budgetId: string, need?: 'owner'): Promise<BudgetRole> {
  const row = await db.budgetMember.findUnique({ where: { budgetId_userId: { budgetId, userId: viewer.id } }, select: { role: true } });
  if (!row) throw new BudgetNotFoundError();
  if (need === 'owner' && row.role !== 'owner') throw new ForbiddenError(OWNER_ONLY);
  return row.role as BudgetRole;
}

/** A new budget, its creator its owner. */
export async function createBudget(viewer: Viewer, input: unknown): Promise<BudgetSummary> {
  const { name } = parseInput(budgetNameInput, input);
  const budget = await viewer.prisma.budget.create({ data: { name, members: { create: { userId: viewer.id, role: 'owner' } } } });
  return getBudget(viewer, budget.id);
}

export async function renameBudget(viewer: Viewer, budgetId: string, input: unknown): Promise<BudgetSummary> {
  const { name } = parseInput(budgetNameInput, input);
  await roleOf(viewer.prisma, viewer, budgetId, 'owner');
  await viewer.prisma.budget.update({ where: { id: budgetId }, data: { name } });
  viewer.events.publish(budgetId);
  return getBudget(viewer, budgetId);
}

/** Deletes a budget and all its data (the owner; never the personal budget). */
export async function deleteBudget(viewer: Viewer, budgetId: string): Promise<void> {
  await roleOf(viewer.prisma, viewer, budgetId, 'owner');
  if (budgetId === viewer.id) throw new ValidationError([{ path: ['id'], message: PERSONAL_NOT_DELETABLE }]);
  await viewer.prisma.budget.delete({ where: { id: budgetId } });
  viewer.events.publish(budgetId);
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string | null;
  role: BudgetRole;
  joinedAt: Date;
  you: boolean;
}

const ROLE_ORDER: Record<string, number> = { owner: 0, editor: 1, viewer: 2 };

/** A budget's members (any member may see them): the owner first, then by name. */
export async function listMembers(viewer: Viewer, budgetId: string): Promise<MemberRow[]> {
  await roleOf(viewer.prisma, viewer, budgetId);
  const rows = await viewer.prisma.budgetMember.findMany({
    where: { budgetId },
    include: { user: { select: { firstName: true, lastName: true, email: true } } },
  });
  return rows
    .map((m) => ({
      userId: m.userId,
      name: displayName(m.user),
      email: m.user.email,
      role: m.role as BudgetRole,
      joinedAt: m.joinedAt,
      you: m.userId === viewer.id,
    }))
    .sort((a, b) => ROLE_ORDER[a.role]! - ROLE_ORDER[b.role]! || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/**
 * The owner changes a member's role; `owner` hands the budget over (the old owner becomes an
 * editor), in one transaction so the budget always has exactly one owner.
 */
export async function changeMemberRole(viewer: Viewer, budgetId: string, userId: string, input: unknown): Promise<BudgetSummary> {
  const { role } = parseInput(memberRoleInput, input);
  await viewer.prisma.$transaction(async (tx) => {
    await lockOwners(tx, [budgetId]);
    await roleOf(tx, viewer, budgetId, 'owner');
    const target = await tx.budgetMember.findUnique({ where: { budgetId_userId: { budgetId, userId } } });
    if (!target) throw new NamedNotFoundError('Member');
    if (userId === viewer.id) {
      if (role !== 'owner') throw new ValidationError([{ path: ['role'], message: 'Hand the budget over to another member first' }]);
      return;
    }
    if (role === 'owner') {
      await tx.budgetMember.update({ where: { budgetId_userId: { budgetId, userId: viewer.id } }, data: { role: 'editor' } });
    }
    await tx.budgetMember.update({ where: { budgetId_userId: { budgetId, userId } }, data: { role } });
  });
  viewer.events.publish(budgetId);
  return getBudget(viewer, budgetId);
}

/**
 * Removes a member (the owner), or the user themself (leaving; the owner hands over first), with
 * their API tokens for the budget. It takes the budget's lock first, as every data write does
 * (api/lib/owner-lock.ts): it waits for the write under way and comes before those asked after it.
 */
export async function removeMember(viewer: Viewer, budgetId: string, userId: string): Promise<void> {
  await viewer.prisma.$transaction(async (tx) => {
    await lockOwners(tx, [budgetId]);
    const role = await roleOf(tx, viewer, budgetId);
    if (userId === viewer.id) {
      if (role === 'owner') throw new ValidationError([{ path: ['userId'], message: OWNER_CANNOT_LEAVE }]);
    } else if (role !== 'owner') {
      throw new ForbiddenError(OWNER_ONLY);
    }
    const { count } = await tx.budgetMember.deleteMany({ where: { budgetId, userId } });
    if (count === 0) throw new NamedNotFoundError('Member');
    await tx.apiToken.deleteMany({ where: { budgetId, userId } });
  });
  viewer.events.publish(budgetId);
}

/** A budget the user is removed from or leaves: what the answer of such a change shows (their personal one when they left). */
export async function budgetAfterRemoval(viewer: Viewer, budgetId: string, userId: string): Promise<BudgetSummary> {
  return getBudget(viewer, userId === viewer.id ? viewer.id : budgetId);
}

export interface InvitationRow {
  id: string;
  role: BudgetRole;
  createdAt: Date;
  expiresAt: Date;
}

const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

/** A budget's pending invitations (the owner's; an empty list for anyone else when `quiet`). */
export async function listInvitations(viewer: Viewer, budgetId: string, quiet = false): Promise<InvitationRow[]> {
  const role = await roleOf(viewer.prisma, viewer, budgetId);
  if (role !== 'owner') {
    if (quiet) return [];
    throw new ForbiddenError(OWNER_ONLY);
  }
  const rows = await viewer.prisma.budgetInvitation.findMany({
    where: { budgetId, ...pending(new Date()) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, role: true, createdAt: true, expiresAt: true },
  });
  return rows.map((r) => ({ ...r, role: r.role as BudgetRole }));
}

/** A one-time invitation link valid 7 days; the token is in the answer only (its hash is kept). */
export async function createInvitation(viewer: Viewer, budgetId: string, input: unknown) {
  const { role } = parseInput(invitationInput, input);
  await roleOf(viewer.prisma, viewer, budgetId, 'owner');
  const token = INVITATION_PREFIX + crypto.randomBytes(32).toString('base64url');
  const invitation = await viewer.prisma.budgetInvitation.create({
    data: {
      budgetId,
      role,
      tokenHash: hashInvitation(token),
      createdById: viewer.id,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    },
    select: { id: true, role: true, createdAt: true, expiresAt: true },
  });
  viewer.events.publish(budgetId);
  return {
    url: `${(viewer.publicUrl ?? 'http://localhost').replace(/\/$/, '')}/invitations/${token}`,
    invitation: { ...invitation, role: invitation.role as BudgetRole },
  };
}

/** Revokes a pending invitation of a budget the user owns. */
export async function revokeInvitation(viewer: Viewer, id: string, budgetId?: string): Promise<void> {
  const { count } = await viewer.prisma.budgetInvitation.updateMany({
    where: {
      id,
      ...(budgetId ? { budgetId } : {}),
      acceptedAt: null,
      revokedAt: null,
      budget: { members: { some: { userId: viewer.id, role: 'owner' } } },
    },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new NamedNotFoundError('Invitation');
}

async function pendingInvitation(db: Db, token: string) {
  if (!INVITATION_TOKEN.test(token)) return null;
  return db.budgetInvitation.findFirst({
    where: { tokenHash: hashInvitation(token), ...pending(new Date()) },
    include: { budget: { select: { name: true } }, createdBy: { select: { firstName: true, lastName: true, email: true } } },
  });
}

/** What an invitation link offers, or null when it is unknown, used, revoked or expired. */
export async function previewInvitation(viewer: Viewer, token: string) {
  const found = await pendingInvitation(viewer.prisma, token);
  if (!found) return null;
  return {
    budgetName: found.budget.name,
    role: found.role as BudgetRole,
    invitedBy: found.createdBy ? displayName(found.createdBy) : null,
    expiresAt: found.expiresAt,
  };
}

/**
 * Accepts an invitation: the user joins with its role and the link is used up. A member already
 * gets the budget with their role unchanged (the link stays unused).
 */
export async function acceptInvitation(viewer: Viewer, token: string): Promise<BudgetSummary> {
  const budgetId = await viewer.prisma.$transaction(async (tx) => {
    const found = await pendingInvitation(tx, token);
    if (!found) throw new NamedNotFoundError('Invitation');
    const member = await tx.budgetMember.findUnique({ where: { budgetId_userId: { budgetId: found.budgetId, userId: viewer.id } } });
    if (member) return found.budgetId;
    // The claim: one use, even when two people accept at once.
    const { count } = await tx.budgetInvitation.updateMany({
      where: { id: found.id, ...pending(new Date()) },
      data: { acceptedAt: new Date(), acceptedById: viewer.id },
    });
    if (count === 0) throw new NamedNotFoundError('Invitation');
    await tx.budgetMember.create({ data: { budgetId: found.budgetId, userId: viewer.id, role: found.role } });
    return found.budgetId;
  });
  viewer.events.publish(budgetId);
  return getBudget(viewer, budgetId);
}

export interface ActivityRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface ActivityFilter {
  memberId?: string;
  entity?: string;
}

const activityWhere = (budgetId: string, filter: ActivityFilter) => ({
  budgetId,
  ...(filter.memberId ? { userId: filter.memberId } : {}),
  ...(filter.entity ? { entity: filter.entity } : {}),
});

/** How many entries a budget's activity log has (with the filter). */
export async function countActivity(viewer: Viewer, budgetId: string, filter: ActivityFilter): Promise<number> {
  await roleOf(viewer.prisma, viewer, budgetId);
  return viewer.prisma.budgetActivity.count({ where: activityWhere(budgetId, filter) });
}

/** A page of a budget's activity log, newest first (any member may read it). */
export async function listActivity(
  viewer: Viewer,
  budgetId: string,
  filter: ActivityFilter,
  page: { take: number; skip?: number; cursor?: { id: string } },
): Promise<ActivityRow[]> {
  await roleOf(viewer.prisma, viewer, budgetId);
  const rows = await viewer.prisma.budgetActivity.findMany({
    where: activityWhere(budgetId, filter),
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    include: { user: { select: { firstName: true, lastName: true, email: true } } },
    ...page,
    // Another budget's entry is no cursor at all (as api/db/owned-cursors.ts does for owned rows).
    ...(page.cursor ? { cursor: { ...page.cursor, budgetId } } : {}),
  });
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor: displayName(r.user),
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    summary: r.summary,
    before: r.before,
    after: r.after,
  }));
}

/** The user id a budget's server-made notices go to (a failed bank sync): its owner. */
export async function budgetOwnerId(db: Db, budgetId: string): Promise<string | null> {
  const row = await db.budgetMember.findFirst({ where: { budgetId, role: 'owner' }, select: { userId: true } });
  return row?.userId ?? null;
}

/**
 * Deleting an account: a budget the user owns with other members must be handed over first (409);
 * the others they alone are in go with them (a database trigger, migration shared_budgets).
 */
export async function refuseOwnerWithMembers(db: Db, userId: string): Promise<void> {
  const shared = await db.budget.findMany({
    where: { members: { some: { userId, role: 'owner' } }, AND: { members: { some: { userId: { not: userId } } } } },
    select: { name: true },
    orderBy: { name: 'asc' },
  });
  if (shared.length) throw new ConflictError(`Hand over ${shared.map((b) => b.name).join(', ')} to another member first`);
}

/** Names of the people who added and last changed records (GraphQL's addedBy/changedBy), read once per request for a page of records. */
export async function peopleNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  return new Map(users.map((u) => [u.id, displayName(u)]));
}

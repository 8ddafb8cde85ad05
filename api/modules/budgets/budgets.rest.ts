import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursors.ts';
import { NamedNotFoundError } from '../../lib/errors.ts';
import { activityEntitySchema, budgetNameInput, invitationInput, memberRoleInput } from '../../../shared/inputs/budgets.ts';
import { DEFAULT_PAGE, pageQuery } from '../../rest/paging.ts';
import {
  acceptInvitation,
  changeMemberRole,
  createBudget,
  createInvitation,
  deleteBudget,
  findBudget,
  listActivity,
  listBudgets,
  listInvitations,
  listMembers,
  previewInvitation,
  removeMember,
  renameBudget,
  revokeInvitation,
  type BudgetSummary,
  type InvitationRow,
  type MemberRow,
} from './budgets.service.ts';
import { BudgetNotFoundError } from '../../lib/errors.ts';

/** Shared budgets over REST (docs/product.md#shared-budgets): thin over budgets.service.ts. */

const role = z.enum(['owner', 'editor', 'viewer']);

const budgetAnswer = z.object({
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  role,
  memberCount: wire.integer,
  createdAt: wire.timestamp,
});
const budgetJson = (b: BudgetSummary): z.output<typeof budgetAnswer> => ({ ...b, createdAt: b.createdAt.toISOString() });

const memberAnswer = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role,
  joinedAt: wire.timestamp,
  you: z.boolean(),
});
const memberJson = (m: MemberRow): z.output<typeof memberAnswer> => ({ ...m, joinedAt: m.joinedAt.toISOString() });

const invitationAnswer = z.object({ id: z.string(), role, createdAt: wire.timestamp, expiresAt: wire.timestamp });
const invitationJson = (i: InvitationRow): z.output<typeof invitationAnswer> => ({
  id: i.id,
  role: i.role,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});
const createdInvitationAnswer = z.object({ url: z.string(), id: z.string(), role, expiresAt: wire.timestamp });

const previewAnswer = z.object({ budgetName: z.string(), role, invitedBy: z.string().nullable(), expiresAt: wire.timestamp });

const activityItem = z.object({
  id: z.string(),
  at: wire.timestamp,
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
const activityAnswer = z.object({ items: z.array(activityItem), nextCursor: z.string().nullable() });
const activityQuery = pageQuery.extend({
  memberId: z.string().optional().meta({ description: 'Only what this member (a user id) did' }),
  entity: activityEntitySchema.optional().meta({ description: 'Only this kind of record' }),
});
const ACTIVITY_LIST = 'budgets/activity';

const TAG = 'Budgets';

export const sharedBudgetRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/budgets',
    tag: TAG,
    summary: 'List the budgets you are a member of: your personal one first, then by name',
    returns: { json: z.array(budgetAnswer) },
    handler: async (viewer) => (await listBudgets(viewer)).map(budgetJson),
  }),
  route({
    method: 'post',
    path: '/budgets',
    tag: TAG,
    summary: 'Create a budget (you are its owner)',
    body: budgetNameInput,
    returns: { json: budgetAnswer },
    status: 201,
    handler: async (viewer, { body }) => budgetJson(await createBudget(viewer, body)),
  }),
  route({
    method: 'get',
    path: '/budgets/{id}',
    tag: TAG,
    summary: 'One of your budgets',
    returns: { json: budgetAnswer },
    handler: async (viewer, { params }) => {
      const found = await findBudget(viewer, params.id);
      if (!found) throw new BudgetNotFoundError();
      return budgetJson(found);
    },
  }),
  route({
    method: 'patch',
    path: '/budgets/{id}',
    tag: TAG,
    summary: "Rename a budget (the budget's owner)",
    body: budgetNameInput,
    returns: { json: budgetAnswer },
    handler: async (viewer, { params, body }) => budgetJson(await renameBudget(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/budgets/{id}',
    tag: TAG,
    summary: "Delete a budget and all its data (the budget's owner; not your personal budget)",
    handler: (viewer, { params }) => deleteBudget(viewer, params.id),
  }),
  route({
    method: 'get',
    path: '/budgets/{id}/members',
    tag: TAG,
    summary: "A budget's members, the owner first",
    returns: { json: z.array(memberAnswer) },
    handler: async (viewer, { params }) => (await listMembers(viewer, params.id)).map(memberJson),
  }),
  route({
    method: 'patch',
    path: '/budgets/{id}/members/{userId}',
    tag: TAG,
    summary: "Change a member's role (the owner); `owner` hands the budget over and makes you an editor",
    body: memberRoleInput,
    returns: { json: budgetAnswer },
    handler: async (viewer, { params, body }) => budgetJson(await changeMemberRole(viewer, params.id, params.userId, body)),
  }),
  route({
    method: 'delete',
    path: '/budgets/{id}/members/{userId}',
    tag: TAG,
    summary: 'Remove a member (the owner), or yourself: leave the budget (the owner hands it over first)',
    handler: (viewer, { params }) => removeMember(viewer, params.id, params.userId),
  }),
  route({
    method: 'get',
    path: '/budgets/{id}/invitations',
    tag: TAG,
    summary: "A budget's pending invitations, newest first (the owner)",
    returns: { json: z.array(invitationAnswer) },
    handler: async (viewer, { params }) => (await listInvitations(viewer, params.id)).map(invitationJson),
  }),
  route({
    method: 'post',
    path: '/budgets/{id}/invitations',
    tag: TAG,
    summary: 'Make a one-time invitation link, valid 7 days (the owner): `url` is shown this once',
    body: invitationInput,
    returns: { json: createdInvitationAnswer },
    status: 201,
    handler: async (viewer, { params, body }) => {
      const { url, invitation } = await createInvitation(viewer, params.id, body);
      return { url, id: invitation.id, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() };
    },
  }),
  route({
    method: 'delete',
    path: '/budgets/{id}/invitations/{invitationId}',
    tag: TAG,
    summary: 'Revoke a pending invitation (the owner)',
    handler: (viewer, { params }) => revokeInvitation(viewer, params.invitationId, params.id),
  }),
  route({
    method: 'get',
    path: '/budgets/{id}/activity',
    tag: TAG,
    summary: "A page of a budget's activity log, newest first: who changed what, before and after",
    query: activityQuery,
    returns: { json: activityAnswer },
    handler: async (viewer, { params, query }) => {
      const limit = query.limit ?? DEFAULT_PAGE;
      const page = query.cursor
        ? { take: limit + 1, skip: 1, cursor: { id: decodeCursor(ACTIVITY_LIST, query.cursor) } }
        : { take: limit + 1 };
      const rows = await listActivity(viewer, params.id, { memberId: query.memberId, entity: query.entity }, page);
      const items = rows.slice(0, limit);
      return {
        items: items.map((a) => ({ ...a, at: a.at.toISOString() })),
        nextCursor: rows.length > limit ? encodeCursor(ACTIVITY_LIST, items.at(-1)!.id) : null,
      };
    },
  }),
  route({
    method: 'get',
    path: '/invitations/{token}',
    tag: TAG,
    summary: 'What an invitation link offers (404 when it is unknown, used, revoked or expired)',
    returns: { json: previewAnswer },
    handler: async (viewer, { params }) => {
      const found = await previewInvitation(viewer, params.token);
      if (!found) throw new NamedNotFoundError('Invitation');
      return { ...found, expiresAt: found.expiresAt.toISOString() };
    },
  }),
  route({
    method: 'post',
    path: '/invitations/{token}/accept',
    tag: TAG,
    summary: 'Accept an invitation: join its budget (a member already keeps their role)',
    returns: { json: z.object({ budget: budgetAnswer }) },
    handler: async (viewer, { params }) => ({ budget: budgetJson(await acceptInvitation(viewer, params.token)) }),
  }),
);

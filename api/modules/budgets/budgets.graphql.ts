import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { UserRef } from '../users/users.graphql.ts';
import { parseInput } from '../../lib/validate.ts';
import { activityEntitySchema } from '../../../shared/inputs/budgets.ts';
import {
  acceptInvitation,
  budgetAfterRemoval,
  changeMemberRole,
  countActivity,
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
  type ActivityRow,
  type BudgetSummary,
  type InvitationRow,
  type MemberRow,
} from './budgets.service.ts';
import type { BudgetRole } from '../../lib/viewer.ts';

/** Shared budgets over GraphQL (docs/product.md#shared-budgets): thin over budgets.service.ts. */

const BudgetRoleEnum = builder.enumType('BudgetRole', {
  description: 'A member’s role in a budget.',
  values: {
    OWNER: { value: 'owner', description: 'Everything, members included (one per budget).' },
    EDITOR: { value: 'editor', description: 'All of the budget’s data, not its members.' },
    VIEWER: { value: 'viewer', description: 'Reads only: every change is refused.' },
  },
});

/** An id from a client: the raw one, or a global id of `typename` (the web sends either). */
function rawId(value: string, typename: string) {
  try {
    const decoded = decodeGlobalID(value);
    if (decoded.typename === typename) return decoded.id;
  } catch {
    // a raw id
  }
  return value;
}

const ActivityRef = builder.objectRef<ActivityRow>('BudgetActivity');
const ActivityConnection = builder.connectionObject({ type: ActivityRef, name: 'BudgetActivityConnection' });

/** A connection cursor as the relay plugin writes them (`GPC:S:<id>`, base64); anything else is a missing row. */
const cursorOf = (id: string) => Buffer.from(`GPC:S:${id}`).toString('base64');
const idOfCursor = (cursor: string) => {
  const text = Buffer.from(cursor, 'base64').toString();
  return text.startsWith('GPC:S:') ? text.slice(6) : '';
};

/** One page of a budget's activity, as a connection (its cursor: the last entry's id). */
async function activityPage(
  ctx: GraphQLContext,
  budgetId: string,
  args: { first?: number | null; after?: string | null; memberId?: string | null; entity?: string | null },
) {
  const first = Math.min(Math.max(args.first ?? 50, 1), 500);
  const entity = args.entity ? parseInput(activityEntitySchema, args.entity) : undefined;
  const filter = { memberId: args.memberId ? rawId(args.memberId, 'User') : undefined, entity };
  const [rows, totalCount] = await Promise.all([
    listActivity(
      ctx.viewer,
      budgetId,
      filter,
      args.after ? { take: first + 1, skip: 1, cursor: { id: idOfCursor(args.after) } } : { take: first + 1 },
    ),
    countActivity(ctx.viewer, budgetId, filter),
  ]);
  const page = rows.slice(0, first);
  return {
    totalCount,
    edges: page.map((node) => ({ cursor: cursorOf(node.id), node })),
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: Boolean(args.after),
      startCursor: page[0] ? cursorOf(page[0].id) : null,
      endCursor: page.at(-1) ? cursorOf(page.at(-1)!.id) : null,
    },
  };
}

export const BudgetRef = builder.objectRef<BudgetSummary>('Budget');
builder.node(BudgetRef, {
  description: 'A budget: the data its members share. Its raw id (the `X-Budget-Id` header) is the personal budget’s user id.',
  id: { resolve: (b) => b.id },
  loadOne: (id, ctx) => findBudget(ctx.viewer, id),
  isTypeOf: (b) => typeof b === 'object' && b !== null && 'memberCount' in b,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name, 1 to 100 characters.' }),
    personal: t.exposeBoolean('personal', { description: 'The user’s own personal budget (it cannot be deleted).' }),
    role: t.field({ type: BudgetRoleEnum, description: 'The signed-in user’s role in it.', resolve: (b) => b.role }),
    memberCount: t.exposeInt('memberCount', { description: 'How many members it has.' }),
    members: t.field({
      type: [MemberRef],
      description: 'Its members, the owner first.',
      resolve: (b, _args, ctx) => listMembers(ctx.viewer, b.id),
    }),
    invitations: t.field({
      type: [InvitationRef],
      description: 'Its pending invitations, newest first; empty unless the signed-in user owns it.',
      resolve: (b, _args, ctx) => listInvitations(ctx.viewer, b.id, true),
    }),
    activity: t.field({
      type: ActivityConnection,
      description:
        'Who changed what, newest first; `memberId` (a user id) and `entity` (transaction, paycheck, account, category, bill, goal, transfer) filter it.',
      args: {
        first: t.arg.int({ required: false }),
        after: t.arg.string({ required: false }),
        memberId: t.arg.id({ required: false }),
        entity: t.arg.string({ required: false }),
      },
      resolve: (b, args, ctx) =>
        activityPage(ctx, b.id, {
          ...args,
          memberId: args.memberId === null || args.memberId === undefined ? null : String(args.memberId),
        }),
    }),
  }),
});

const MemberRef = builder.objectRef<MemberRow>('BudgetMember').implement({
  description: 'A member of a budget.',
  fields: (t) => ({
    userId: t.id({ description: 'The member’s user id (a global id).', resolve: (m) => encodeGlobalID('User', m.userId) }),
    name: t.exposeString('name', { description: 'Their name (else their email).' }),
    email: t.exposeString('email', { nullable: true, description: 'Their email, if known.' }),
    role: t.field({ type: BudgetRoleEnum, description: 'Their role.', resolve: (m) => m.role }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime', description: 'When they joined.' }),
    you: t.exposeBoolean('you', { description: 'This member is the signed-in user.' }),
  }),
});

const InvitationRef = builder.objectRef<InvitationRow>('BudgetInvitation');
builder.node(InvitationRef, {
  description: 'A pending invitation link to a budget (the link itself is shown only when it is created).',
  id: { resolve: (i) => i.id },
  isTypeOf: (i) => typeof i === 'object' && i !== null && 'expiresAt' in i && !('budgetName' in i),
  loadOne: async (id, ctx) => {
    const row = await ctx.prisma.budgetInvitation.findFirst({
      where: {
        id,
        acceptedAt: null,
        revokedAt: null,
        expiresAt: { gt: new Date() },
        budget: { members: { some: { userId: ctx.viewer.id, role: 'owner' } } },
      },
      select: { id: true, role: true, createdAt: true, expiresAt: true },
    });
    return row ? { ...row, role: row.role as BudgetRole } : null;
  },
  fields: (t) => ({
    role: t.field({ type: BudgetRoleEnum, description: 'The role it gives.', resolve: (i) => i.role }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When it stops working (7 days after).' }),
  }),
});

builder.node(ActivityRef, {
  description: 'An entry of a budget’s activity log.',
  id: { resolve: (a) => a.id },
  isTypeOf: (a) => typeof a === 'object' && a !== null && 'summary' in a,
  loadOne: async (id, ctx) => {
    const row = await ctx.prisma.budgetActivity.findFirst({
      where: { id, budget: { members: { some: { userId: ctx.viewer.id } } } },
      select: { budgetId: true },
    });
    if (!row) return null;
    const [found] = await listActivity(ctx.viewer, row.budgetId, {}, { take: 1, cursor: { id } });
    return found ?? null;
  },
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime', description: 'When.' }),
    actor: t.exposeString('actor', { description: 'Who: a member’s name, or "a former member".' }),
    action: t.exposeString('action', { description: 'added, changed, deleted or imported.' }),
    entity: t.exposeString('entity', {
      description: 'What kind of record: transaction, paycheck, account, category, bill, goal or transfer.',
    }),
    entityId: t.exposeString('entityId', { nullable: true, description: 'The record’s id (null for a summary of many).' }),
    summary: t.exposeString('summary', { description: 'What happened, in words.' }),
    before: t.field({ type: 'JSON', nullable: true, description: 'The record before (changed, deleted).', resolve: (a) => a.before }),
    after: t.field({ type: 'JSON', nullable: true, description: 'The record after (added, changed).', resolve: (a) => a.after }),
  }),
});

const PreviewRef = builder
  .objectRef<{ budgetName: string; role: BudgetRole; invitedBy: string | null; expiresAt: Date }>('BudgetInvitationPreview')
  .implement({
    description: 'What an invitation link offers.',
    fields: (t) => ({
      budgetName: t.exposeString('budgetName', { description: 'The budget’s name.' }),
      role: t.field({ type: BudgetRoleEnum, description: 'The role it gives.', resolve: (p) => p.role }),
      invitedBy: t.exposeString('invitedBy', { nullable: true, description: 'Who made it (null when they are gone).' }),
      expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When it stops working.' }),
    }),
  });

builder.prismaObjectFields(UserRef, (t) => ({
  budgets: t.field({
    type: [BudgetRef],
    description: 'Every budget the user is a member of: the personal one first, then by name.',
    resolve: (_user, _args, ctx) => listBudgets(ctx.viewer),
  }),
  currentBudget: t.field({
    type: BudgetRef,
    description: 'The budget this request acts on (the `X-Budget-Id` header; the personal one by default).',
    resolve: async (_user, _args, ctx) => (await findBudget(ctx.viewer, ctx.viewer.budgetId))!,
  }),
}));

builder.queryFields((t) => ({
  budget: t.field({
    type: BudgetRef,
    nullable: true,
    description: 'One of the user’s budgets by id (global or raw); null for a budget they are not in.',
    args: { id: t.arg.id() },
    resolve: (_root, { id }, ctx) => findBudget(ctx.viewer, rawId(String(id), 'Budget')),
  }),
  budgetInvitation: t.field({
    type: PreviewRef,
    nullable: true,
    description: 'What an invitation link (its token) offers; null when it is unknown, used, revoked or expired.',
    args: { token: t.arg.string() },
    resolve: (_root, { token }, ctx) => previewInvitation(ctx.viewer, token),
  }),
}));

const BudgetPayload = builder.objectRef<{ budget: BudgetSummary }>('BudgetPayload').implement({
  description: 'The budget after the change.',
  fields: (t) => ({ budget: t.field({ type: BudgetRef, description: 'The budget.', resolve: (p) => p.budget }) }),
});

const CreateBudgetInput = builder.inputType('CreateBudgetInput', {
  description: 'A new budget, for createBudget.',
  fields: (t) => ({ name: t.string({ description: 'Its name, 1 to 100 characters.' }) }),
});
const RenameBudgetInput = builder.inputType('RenameBudgetInput', {
  description: 'A budget’s new name (its owner only).',
  fields: (t) => ({ id: t.id({ description: 'The budget.' }), name: t.string({ description: 'Its name, 1 to 100 characters.' }) }),
});
const CreateBudgetInvitationInput = builder.inputType('CreateBudgetInvitationInput', {
  description: 'A new invitation link (the budget’s owner only).',
  fields: (t) => ({
    budgetId: t.id({ description: 'The budget.' }),
    role: t.field({ type: BudgetRoleEnum, description: 'EDITOR or VIEWER.' }),
  }),
});
const ChangeBudgetMemberRoleInput = builder.inputType('ChangeBudgetMemberRoleInput', {
  description: 'A member’s new role (the owner only); OWNER hands the budget over and makes the old owner an editor.',
  fields: (t) => ({
    budgetId: t.id({ description: 'The budget.' }),
    userId: t.id({ description: 'The member (BudgetMember.userId).' }),
    role: t.field({ type: BudgetRoleEnum, description: 'Their new role.' }),
  }),
});
const RemoveBudgetMemberInput = builder.inputType('RemoveBudgetMemberInput', {
  description: 'A member to remove (the owner), or yourself (leaving).',
  fields: (t) => ({ budgetId: t.id({ description: 'The budget.' }), userId: t.id({ description: 'The member (BudgetMember.userId).' }) }),
});

const DeleteBudgetPayload = builder.objectRef<{ deletedId: string }>('DeleteBudgetPayload').implement({
  description: 'The deleted budget’s global id.',
  fields: (t) => ({ deletedId: t.exposeID('deletedId', { description: 'The global id of the deleted budget.' }) }),
});
const RevokeBudgetInvitationPayload = builder.objectRef<{ revokedId: string }>('RevokeBudgetInvitationPayload').implement({
  description: 'The revoked invitation’s global id.',
  fields: (t) => ({ revokedId: t.exposeID('revokedId', { description: 'The global id of the revoked invitation.' }) }),
});
const CreateBudgetInvitationPayload = builder
  .objectRef<{ url: string; invitation: InvitationRow }>('CreateBudgetInvitationPayload')
  .implement({
    description: 'The new invitation: `url` is shown this once.',
    fields: (t) => ({
      url: t.exposeString('url', { description: 'The link to send: it works once, for 7 days.' }),
      invitation: t.field({ type: InvitationRef, description: 'The invitation as it is listed.', resolve: (p) => p.invitation }),
    }),
  });

const budgetId = (id: string | number) => rawId(String(id), 'Budget');
const userId = (id: string | number) => rawId(String(id), 'User');

builder.mutationFields((t) => ({
  createBudget: t.field({
    type: BudgetPayload,
    description: 'Creates a budget; you are its owner.',
    args: { input: t.arg({ type: CreateBudgetInput }) },
    resolve: async (_root, { input }, ctx) => ({ budget: await createBudget(ctx.viewer, input) }),
  }),
  renameBudget: t.field({
    type: BudgetPayload,
    description: 'Renames a budget (its owner).',
    args: { input: t.arg({ type: RenameBudgetInput }) },
    resolve: async (_root, { input }, ctx) => ({ budget: await renameBudget(ctx.viewer, budgetId(input.id), { name: input.name }) }),
  }),
  deleteBudget: t.field({
    type: DeleteBudgetPayload,
    description: 'Deletes a budget and all its data (its owner; never the personal budget).',
    args: { id: t.arg.id() },
    resolve: async (_root, { id }, ctx) => {
      await deleteBudget(ctx.viewer, budgetId(id));
      return { deletedId: encodeGlobalID('Budget', budgetId(id)) };
    },
  }),
  createBudgetInvitation: t.field({
    type: CreateBudgetInvitationPayload,
    description: 'Makes a one-time invitation link valid 7 days (the budget’s owner).',
    args: { input: t.arg({ type: CreateBudgetInvitationInput }) },
    resolve: (_root, { input }, ctx) => createInvitation(ctx.viewer, budgetId(input.budgetId), { role: input.role }),
  }),
  revokeBudgetInvitation: t.field({
    type: RevokeBudgetInvitationPayload,
    description: 'Revokes a pending invitation (the budget’s owner).',
    args: { id: t.arg.id() },
    resolve: async (_root, { id }, ctx) => {
      const raw = rawId(String(id), 'BudgetInvitation');
      await revokeInvitation(ctx.viewer, raw);
      return { revokedId: encodeGlobalID('BudgetInvitation', raw) };
    },
  }),
  acceptBudgetInvitation: t.field({
    type: BudgetPayload,
    description: 'Joins the budget of an invitation link (a member already keeps their role).',
    args: { token: t.arg.string() },
    resolve: async (_root, { token }, ctx) => ({ budget: await acceptInvitation(ctx.viewer, token) }),
  }),
  changeBudgetMemberRole: t.field({
    type: BudgetPayload,
    description: 'Changes a member’s role (the owner); OWNER hands the budget over.',
    args: { input: t.arg({ type: ChangeBudgetMemberRoleInput }) },
    resolve: async (_root, { input }, ctx) => ({
      budget: await changeMemberRole(ctx.viewer, budgetId(input.budgetId), userId(input.userId), { role: input.role }),
    }),
  }),
  removeBudgetMember: t.field({
    type: BudgetPayload,
    description: 'Removes a member (the owner), or yourself (leaving: the answer is then your personal budget).',
    args: { input: t.arg({ type: RemoveBudgetMemberInput }) },
    resolve: async (_root, { input }, ctx) => {
      await removeMember(ctx.viewer, budgetId(input.budgetId), userId(input.userId));
      return { budget: await budgetAfterRemoval(ctx.viewer, budgetId(input.budgetId), userId(input.userId)) };
    },
  }),
}));

import { z } from 'zod';
import { nameSchema } from '../validation.ts';

/** Shared budgets (docs/product.md#shared-budgets): a budget's name, members' roles, invitations. */

export const BUDGET_ROLES = ['owner', 'editor', 'viewer'] as const;
export const INVITATION_ROLES = ['editor', 'viewer'] as const;

export const budgetNameInput = z.object({ name: nameSchema(100) }).strict();

export const memberRoleInput = z.object({ role: z.enum(BUDGET_ROLES, { message: 'Role must be owner, editor or viewer' }) }).strict();

export const invitationInput = z.object({ role: z.enum(INVITATION_ROLES, { message: 'Role must be editor or viewer' }) }).strict();

const ACTIVITY_ENTITIES = ['transaction', 'paycheck', 'account', 'category', 'bill', 'goal', 'transfer'] as const;
export const activityEntitySchema = z.enum(ACTIVITY_ENTITIES, { message: `Entity must be one of ${ACTIVITY_ENTITIES.join(', ')}` });

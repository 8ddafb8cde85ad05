import { z } from 'zod';
import { ACCOUNT_ID_MESSAGE, amountSchema, centsOf, notesSchema } from '../validation.ts';
import { payeeNameSchema } from './payees.ts';

/**
 * Rules (docs/product.md#rules): conditions that must all hold, and the actions taken on a record
 * that meets them. The same shapes are REST's bodies, GraphQL's (as JSON) and the Rules screen's.
 */

export const RULE_FIELDS = ['payee', 'description', 'amount', 'accountId', 'kind'] as const;
export const RULE_OPS = ['contains', 'is', 'startsWith', 'between'] as const;
/** What a record is, as a rule's `kind is` condition names it: a paycheck is `income`. */
export const RULE_KINDS = ['expense', 'refund', 'income', 'transfer'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export type RuleCondition =
  | { field: 'payee' | 'description'; op: 'contains' | 'is' | 'startsWith'; value: string }
  | { field: 'amount'; op: 'is'; value: string }
  | { field: 'amount'; op: 'between'; value: [string, string] }
  | { field: 'accountId'; op: 'is'; value: string }
  | { field: 'kind'; op: 'is'; value: RuleKind };

export interface RuleActions {
  payee?: string;
  categoryId?: string;
  notes?: string;
  transferAccountId?: string;
}

/** Which operations each field takes. */
export const OPS_OF: Record<(typeof RULE_FIELDS)[number], readonly (typeof RULE_OPS)[number][]> = {
  payee: ['contains', 'is', 'startsWith'],
  description: ['contains', 'is', 'startsWith'],
  amount: ['is', 'between'],
  accountId: ['is'],
  kind: ['is'],
};

const TEXT_VALUE = z
  .string({ message: 'The text to look for is required' })
  .trim()
  .min(1, 'The text to look for is required')
  .max(200, 'The text to look for must be at most 200 characters');

/** The value each field and operation takes. */
function valueSchema(field: (typeof RULE_FIELDS)[number], op: (typeof RULE_OPS)[number]): z.ZodType {
  if (field === 'payee' || field === 'description') return TEXT_VALUE;
  if (field === 'amount' && op === 'between')
    return z
      .tuple([amountSchema, amountSchema], { message: CONDITION_VALUES_MESSAGE })
      .refine(([low, high]) => centsOf(low) <= centsOf(high), 'The highest amount must be at least the lowest');
  if (field === 'amount') return amountSchema;
  if (field === 'accountId') return z.string({ message: ACCOUNT_ID_MESSAGE }).min(1, ACCOUNT_ID_MESSAGE);
  return z.enum(RULE_KINDS, { message: `Kind must be one of ${RULE_KINDS.join(', ')}` });
}

export const ruleConditionInput = z
  .strictObject({
    field: z.enum(RULE_FIELDS, { message: `field must be one of ${RULE_FIELDS.join(', ')}` }),
    op: z.enum(RULE_OPS, { message: `op must be one of ${RULE_OPS.join(', ')}` }),
    value: z.unknown().meta({
      description: 'Text (payee, description), an amount (`is`), two amounts (`between`), an account id, or a kind',
    }),
  })
  .transform((c, ctx) => {
    if (!OPS_OF[c.field].includes(c.op)) {
      ctx.addIssue({ code: 'custom', path: ['op'], message: `${c.field} takes ${OPS_OF[c.field].join(' or ')}` });
      return z.NEVER;
    }
    const value = valueSchema(c.field, c.op).safeParse(c.value);
    if (!value.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: value.error.issues[0]?.message ?? 'Invalid value' });
      return z.NEVER;
    }
    return { field: c.field, op: c.op, value: value.data } as RuleCondition;
  });

export const MAX_RULE_CONDITIONS = 20;
export const RULE_CONDITIONS_MESSAGE = `A rule has at most ${MAX_RULE_CONDITIONS} conditions`;
/** The most values a condition takes (`between`: two amounts). */
export const MAX_CONDITION_VALUES = 2;
export const CONDITION_VALUES_MESSAGE = 'Between takes two amounts: [lowest, highest]';

const conditions = z
  .array(ruleConditionInput, { message: 'conditions must be a list' })
  .min(1, 'A rule needs at least one condition')
  .max(MAX_RULE_CONDITIONS, RULE_CONDITIONS_MESSAGE);

const id = (what: string) =>
  z
    .string({ message: `${what} must be an id` })
    .trim()
    .min(1, `${what} must be an id`)
    .optional();

const actions = z
  .strictObject({
    payee: payeeNameSchema.optional(),
    categoryId: id('categoryId'),
    notes: notesSchema,
    transferAccountId: id('transferAccountId'),
  })
  .refine((a) => Object.values(a).some((v) => v !== undefined), 'A rule needs at least one action')
  .refine((a) => !(a.categoryId && a.transferAccountId), {
    path: ['transferAccountId'],
    message: 'A transfer has no category: choose a category or a transfer, not both',
  });

/** POST /api/rules, createRule. */
export const createRuleInput = z.strictObject({ conditions, actions });

/** PATCH /api/rules/{id}, updateRule: new conditions, actions or place (0 first). */
export const updateRuleInput = z.strictObject({
  conditions: conditions.optional(),
  actions: actions.optional(),
  position: z.int({ message: 'position must be a whole number' }).min(0, 'position must be 0 or more').optional(),
});

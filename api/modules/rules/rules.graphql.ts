import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import type { Rule } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { ValidationError } from '../../lib/errors.ts';
import { UserRef } from '../users/users.graphql.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { PayeeRef } from '../payees/payees.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { RULE_FIELDS, RULE_OPS, type RuleCondition } from '../../../shared/inputs/rules.ts';
import {
  applyRule,
  countRuleMatches,
  countRules,
  createRule,
  deleteRule,
  listRules,
  ruleSpec,
  ruleSuggestion,
  updateRule,
} from './rules.service.ts';

const upper = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

export const RuleField = builder.enumType('RuleField', {
  description: 'What a rule’s condition looks at.',
  values: Object.fromEntries(RULE_FIELDS.map((f) => [upper(f), { value: f }])) as Record<string, { value: (typeof RULE_FIELDS)[number] }>,
});

export const RuleOp = builder.enumType('RuleOp', {
  description: 'How a rule’s condition compares: text contains, is or starts with; an amount is or is between.',
  values: Object.fromEntries(RULE_OPS.map((o) => [upper(o), { value: o }])) as Record<string, { value: (typeof RULE_OPS)[number] }>,
});

/** A condition as GraphQL carries it: its value as a list of text (two amounts for BETWEEN), an account as its global id. */
type ConditionShape = { field: (typeof RULE_FIELDS)[number]; op: (typeof RULE_OPS)[number]; value: string[] };

const conditionShape = (c: RuleCondition): ConditionShape => ({
  field: c.field,
  op: c.op,
  value: Array.isArray(c.value) ? [...c.value] : [c.field === 'accountId' ? encodeGlobalID('Account', c.value) : c.value],
});

/** A condition as the shared schema reads it (which checks it): one value, or two for BETWEEN; an account's plain id. */
function conditionInput(c: ConditionShape, i: number) {
  if (c.field !== 'accountId') return { field: c.field, op: c.op, value: c.op === 'between' ? c.value : c.value[0] };
  try {
    return { ...c, value: decodeGlobalID(c.value[0] ?? '').id };
  } catch {
    throw new ValidationError([{ path: ['conditions', String(i), 'value'], message: 'Account not found' }]);
  }
}

const RuleConditionType = builder.objectRef<ConditionShape>('RuleCondition').implement({
  description: 'One condition of a rule; a record meets the rule when it meets all of them.',
  fields: (t) => ({
    field: t.field({ type: RuleField, resolve: (c) => c.field, description: 'What it looks at.' }),
    op: t.field({ type: RuleOp, resolve: (c) => c.op, description: 'How it compares.' }),
    value: t.exposeStringList('value', {
      description: 'What it compares with: one text, amount, account id or kind (EXPENSE is `expense`); two amounts for BETWEEN.',
    }),
  }),
});

const RuleConditionInput = builder.inputType('RuleConditionInput', {
  description: 'One condition of a rule.',
  fields: (t) => ({
    field: t.field({ type: RuleField, description: 'What it looks at.' }),
    op: t.field({ type: RuleOp, description: 'How it compares.' }),
    value: t.stringList({
      description: 'One text, amount, account (global id) or kind (`expense`, `refund`, `income`, `transfer`); two amounts for BETWEEN.',
    }),
  }),
});

type ActionsShape = ReturnType<typeof ruleSpec>['actions'];

const RuleActionsType = builder.objectRef<ActionsShape>('RuleActions').implement({
  description: 'What a rule does to a record that meets its conditions.',
  fields: (t) => ({
    payee: t.string({ nullable: true, description: 'Sets this payee.', resolve: (a) => a.payee ?? null }),
    categoryId: t.id({
      nullable: true,
      description: 'Sets this category.',
      resolve: (a) => a.categoryId && encodeGlobalID('BudgetCategory', a.categoryId),
    }),
    notes: t.string({ nullable: true, description: 'Sets these notes (a paycheck’s).', resolve: (a) => a.notes ?? null }),
    transferAccountId: t.id({
      nullable: true,
      description: 'Makes an imported row a transfer with this account.',
      resolve: (a) => a.transferAccountId && encodeGlobalID('Account', a.transferAccountId),
    }),
  }),
});

const RuleActionsInput = builder.inputType('RuleActionsInput', {
  description: 'What a rule does; at least one.',
  fields: (t) => ({
    payee: t.string({ required: false, description: 'Sets this payee (found or created by name).' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'Sets this category (one of yours).' }),
    notes: t.string({ required: false, description: 'Sets these notes (a paycheck’s).' }),
    transferAccountId: t.globalID({ for: AccountRef, required: false, description: 'Makes an imported row a transfer with this account.' }),
  }),
});

type ActionsArg = {
  payee?: string | null;
  categoryId?: { id: string } | null;
  notes?: string | null;
  transferAccountId?: { id: string } | null;
};
type RuleArg = { conditions?: ConditionShape[] | null; actions?: ActionsArg | null };

/** A rule's input as the shared schema reads it (plain ids; a missing action left out). */
const ruleFields = ({ conditions, actions }: RuleArg) => ({
  ...(conditions ? { conditions: conditions.map(conditionInput) } : {}),
  ...(actions
    ? {
        actions: Object.fromEntries(
          Object.entries({
            payee: actions.payee,
            categoryId: actions.categoryId?.id,
            notes: actions.notes,
            transferAccountId: actions.transferAccountId?.id,
          }).filter(([, v]) => v !== undefined && v !== null),
        ),
      }
    : {}),
});

export const RuleRef = builder.prismaNode('Rule', {
  id: { field: 'id' },
  description: 'A rule: conditions that must all hold, and what it does to a record that meets them. Rules run in order.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    position: t.exposeInt('position', { description: 'Its place: rules run in this order, 0 first.' }),
    conditions: t.field({
      type: [RuleConditionType],
      description: 'Its conditions, all of which must hold.',
      resolve: (rule) => ruleSpec(rule).conditions.map(conditionShape),
    }),
    actions: t.field({ type: RuleActionsType, description: 'What it does.', resolve: (rule) => ruleSpec(rule).actions }),
    matchingCount: t.int({
      description: 'How many existing records applying it would change (a read of every record: ask for it on one rule).',
      resolve: async (rule, _args, ctx) => (await countRuleMatches(ctx.viewer, rule.id)).matching,
    }),
  }),
});

const RuleSuggestionType = builder.objectRef<NonNullable<Awaited<ReturnType<typeof ruleSuggestion>>>>('RuleSuggestion').implement({
  description: '"Always categorise <payee> as <category>?": the rule to offer after a re-categorisation.',
  fields: (t) => ({
    payee: t.field({ type: PayeeRef, description: 'The payee.', resolve: (s) => s.payee }),
    category: t.field({ type: BudgetCategoryRef, description: 'The category.', resolve: (s) => s.category }),
    count: t.exposeInt('count', { description: 'How many of the payee’s transactions are in it.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  rules: t.prismaConnection({
    type: 'Rule',
    cursor: 'id',
    description: "The user's rules, in the order they run.",
    maxSize: 200,
    totalCount: (_user, _args, ctx) => countRules(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listRules(ctx.viewer, query),
  }),
  ruleSuggestion: t.field({
    type: RuleSuggestionType,
    nullable: true,
    description: 'The rule to offer after the user re-categorised this transaction, if any ("Always categorise <payee> as <category>?").',
    args: { transactionId: t.arg.globalID({ for: TransactionRef }) },
    resolve: (_user, { transactionId }, ctx) => ruleSuggestion(ctx.viewer, transactionId.id),
  }),
}));

const CreateRuleInput = builder.inputType('CreateRuleInput', {
  description: 'A new rule, for createRule; it runs after your others.',
  fields: (t) => ({
    conditions: t.field({ type: [RuleConditionInput], description: 'At least one; all must hold.' }),
    actions: t.field({ type: RuleActionsInput, description: 'What it does.' }),
  }),
});

const RulePayload = builder.objectRef<{ rule: Rule }>('RulePayload').implement({
  description: 'The added rule, and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({ rule: t.field({ type: RuleRef, description: 'The added rule.', resolve: (p) => p.rule }) }),
});

const ApplyRulePayload = builder.objectRef<{ updated: number }>('ApplyRulePayload').implement({
  description: 'How many existing records a rule changed, and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({ updated: t.exposeInt('updated', { description: 'How many records it changed.' }) }),
});

builder.mutationFields((t) => ({
  createRule: t.field({
    type: RulePayload,
    description: 'Adds a rule after your others.',
    args: { input: t.arg({ type: CreateRuleInput }) },
    resolve: async (_root, { input }, ctx) => ({ rule: await createRule(ctx.viewer, ruleFields(input)) }),
  }),
  applyRule: t.field({
    type: ApplyRulePayload,
    description: 'Applies a rule to every existing record it matches.',
    args: { id: t.arg.globalID({ for: RuleRef }) },
    resolve: (_root, { id }, ctx) => applyRule(ctx.viewer, id.id),
  }),
}));

updateMutation('updateRule', {
  node: RuleRef,
  field: 'rule',
  description: "Changes a rule's conditions, actions or place (0 first; the others move to make room).",
  fields: (t) => ({
    conditions: t.field({ type: [RuleConditionInput], required: false, description: 'Replaces its conditions.' }),
    actions: t.field({ type: RuleActionsInput, required: false, description: 'Replaces its actions.' }),
    position: t.int({ required: false, description: 'Its new place, 0 first.' }),
  }),
  update: (viewer, id, { position, ...rest }) =>
    updateRule(viewer, id, { ...ruleFields(rest), ...(position === undefined || position === null ? {} : { position }) }),
});

deleteMutation('deleteRule', { node: RuleRef, description: 'Deletes a rule; records it changed stay as they are.', remove: deleteRule });

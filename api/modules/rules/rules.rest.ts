import { z } from 'zod';
import type { Rule } from '../../generated/prisma/client.ts';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { createRuleInput, RULE_FIELDS, RULE_KINDS, RULE_OPS, updateRuleInput } from '../../../shared/inputs/rules.ts';
import { applyRule, countRuleMatches, createRule, deleteRule, listRules, ruleSpec, updateRule } from './rules.service.ts';

const ruleSchema = z.object({
  id: z.string(),
  position: wire.integer.meta({ description: 'Its place: rules run in this order, 0 first' }),
  conditions: z.array(
    z.object({
      field: z.enum(RULE_FIELDS),
      op: z.enum(RULE_OPS),
      value: z.union([z.string(), z.tuple([wire.money, wire.money]), z.enum(RULE_KINDS)]),
    }),
  ),
  actions: z.object({
    payee: z.string().optional(),
    categoryId: z.string().optional(),
    notes: z.string().optional(),
    transferAccountId: z.string().optional(),
  }),
  createdAt: wire.timestamp,
  updatedAt: wire.timestamp,
});

const json = (rule: Rule): z.output<typeof ruleSchema> => {
  const { conditions, actions } = ruleSpec(rule);
  return {
    id: rule.id,
    position: rule.position,
    conditions: [...conditions],
    actions,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
};

export const ruleRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/rules',
    tag: 'Rules',
    summary: 'List your rules, in the order they run',
    returns: { json: z.array(ruleSchema) },
    handler: async (viewer) => (await listRules(viewer)).map(json),
  }),
  route({
    method: 'post',
    path: '/rules',
    tag: 'Rules',
    summary: 'Add a rule (it runs after your others): conditions that must all hold, and the actions taken',
    body: createRuleInput,
    returns: { json: ruleSchema },
    status: 201,
    handler: async (viewer, { body }) => json(await createRule(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/rules/{id}',
    tag: 'Rules',
    summary: 'Change a rule: its conditions, its actions, or its place (`position`, 0 first)',
    body: updateRuleInput,
    returns: { json: ruleSchema },
    handler: async (viewer, { params, body }) => json(await updateRule(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/rules/{id}',
    tag: 'Rules',
    summary: 'Delete a rule (records it changed stay as they are)',
    handler: (viewer, { params }) => deleteRule(viewer, params.id),
  }),
  route({
    method: 'get',
    path: '/rules/{id}/matches',
    tag: 'Rules',
    summary: 'How many existing records applying the rule would change',
    returns: { json: z.object({ matching: wire.integer }) },
    handler: (viewer, { params }) => countRuleMatches(viewer, params.id),
  }),
  route({
    method: 'post',
    path: '/rules/{id}/apply',
    tag: 'Rules',
    summary: 'Apply the rule to every existing record it matches; answers how many changed',
    returns: { json: z.object({ updated: wire.integer }) },
    handler: (viewer, { params }) => applyRule(viewer, params.id),
  }),
);

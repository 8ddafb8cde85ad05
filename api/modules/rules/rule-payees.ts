import type { Prisma } from '../../generated/prisma/client.ts';
import { owned, type Owner } from '../../lib/viewer.ts';
import type { RuleActions, RuleCondition } from '../../../shared/inputs/rules.ts';

/**
 * Rules name payees by text (docs/product.md#rules). When payees are renamed or merged, a rule's
 * `payee is` condition and its payee action that named one of `oldNames` (whatever the case) take
 * `name`, so the rule keeps finding and giving the same payee. `contains` and `starts with` are
 * text patterns rather than names: they stay as written. Inside the caller's transaction.
 */
export async function renamePayeesInRules(tx: Prisma.TransactionClient, viewer: Owner, oldNames: string[], name: string) {
  const old = new Set(oldNames.map((n) => n.toLowerCase()));
  const named = (value: unknown) => typeof value === 'string' && old.has(value.toLowerCase());
  for (const rule of await tx.rule.findMany({ where: owned(viewer) })) {
    const conditions = rule.conditions as unknown as RuleCondition[];
    const actions = rule.actions as unknown as RuleActions;
    const renamed = conditions.map((c) => (c.field === 'payee' && c.op === 'is' && named(c.value) ? { ...c, value: name } : c));
    const gives = named(actions.payee) ? { ...actions, payee: name } : actions;
    if (gives !== actions || renamed.some((c, i) => c !== conditions[i]))
      await tx.rule.update({ where: { id: rule.id }, data: { conditions: renamed, actions: gives as Prisma.InputJsonObject } });
  }
}

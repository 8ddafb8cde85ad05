import { Prisma, type Rule } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { parseInput } from '../../lib/validate.ts';
import { letOthersIn } from '../../lib/work-in-slices.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';
import { createRuleInput, updateRuleInput, type RuleActions, type RuleCondition } from '../../../shared/inputs/rules.ts';
import { payeeIdFor } from '../payees/payees.service.ts';
import { compileRules, type RuleSpec, type RuleSubject } from './match-rules.ts';

/**
 * Rules (docs/product.md#rules): stored in the user's order (`position`, 0 first), run by the pure
 * engine (`match-rules.ts`) on every add, on an import's preview and on demand over the records
 * already there.
 */

export const RULE_ORDER: Prisma.RuleOrderByWithRelationInput[] = [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];

/** A stored rule as the engine reads it (its JSON columns were checked by the shared schema when written). */
export const ruleSpec = (rule: Rule): RuleSpec => ({
  id: rule.id,
  conditions: rule.conditions as unknown as RuleCondition[],
  actions: rule.actions as unknown as RuleActions,
});

export function listRules(viewer: Viewer, query: Omit<Prisma.RuleFindManyArgs, 'where' | 'orderBy'> = {}) {
  return viewer.prisma.rule.findMany({ ...query, where: owned(viewer), orderBy: RULE_ORDER });
}

export function countRules(viewer: Owner & { prisma: Viewer['prisma'] }) {
  return viewer.prisma.rule.count({ where: owned(viewer) });
}

/** The user's rules, in order, ready to run: one read, inside the caller's transaction when it gives one. */
export async function userRules(viewer: Owner, db: Prisma.TransactionClient) {
  const rules = await db.rule.findMany({ where: owned(viewer), orderBy: RULE_ORDER });
  return compileRules(rules.map(ruleSpec));
}

/**
 * What the rules make of a record being added (a transaction, a refund, a paycheck): its payee
 * (a rule's wins over the one given: renaming payees is what such rules are for), and its category
 * and notes where the add gave none (what the user chose wins). A transfer action changes nothing
 * on an add (docs/product.md#rules). Answers the payee's id to store and the fields to fill.
 */
export async function rulesOnAdd(
  tx: Prisma.TransactionClient,
  viewer: Owner,
  subject: RuleSubject,
): Promise<{ payeeId: string | null; categoryId?: string; notes?: string }> {
  const outcome = (await userRules(viewer, tx))(subject);
  const payeeId = await payeeIdFor(tx, viewer, outcome.payee ?? subject.payee);
  if (outcome.categoryId && !(await tx.budgetCategory.count({ where: { id: outcome.categoryId, ...owned(viewer) } })))
    // The rule's category was deleted since: the rule no longer gives one.
    return { payeeId, notes: outcome.notes };
  return { payeeId, categoryId: outcome.categoryId, notes: outcome.notes };
}

/** The categories and accounts a rule names, checked as the viewer's (another user's answers as a missing one). */
async function checkReferences(tx: Prisma.TransactionClient, viewer: Owner, conditions?: RuleCondition[], actions?: RuleActions) {
  if (actions?.categoryId && !(await tx.budgetCategory.count({ where: { id: actions.categoryId, ...owned(viewer) } })))
    throw new ValidationError([{ path: ['actions', 'categoryId'], message: 'Category not found' }]);
  if (actions?.transferAccountId && !(await tx.account.count({ where: { id: actions.transferAccountId, ...owned(viewer) } })))
    throw new ValidationError([{ path: ['actions', 'transferAccountId'], message: 'Account not found' }]);
  for (const [i, c] of (conditions ?? []).entries()) {
    if (c.field === 'accountId' && !(await tx.account.count({ where: { id: c.value, ...owned(viewer) } })))
      throw new ValidationError([{ path: ['conditions', String(i), 'value'], message: 'Account not found' }]);
  }
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Adds a rule after the user's others. */
export async function createRule(viewer: Viewer, input: unknown) {
  const { conditions, actions } = parseInput(createRuleInput, input);
  const rule = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    await checkReferences(tx, viewer, conditions, actions);
    const { _max } = await tx.rule.aggregate({ where: owned(viewer), _max: { position: true } });
    return tx.rule.create({
      data: { userId: viewer.budgetId, position: (_max.position ?? -1) + 1, conditions: json(conditions), actions: json(actions) },
    });
  });
  viewer.events.publish(viewer.budgetId);
  return rule;
}

/** Changes a rule's conditions, actions or place (the others move to make room, in their order). */
export async function updateRule(viewer: Viewer, id: string, input: unknown) {
  const { conditions, actions, position } = parseInput(updateRuleInput, input);
  const rule = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const found = await tx.rule.findFirst({ where: { id, ...owned(viewer) } });
    if (!found) throw new NotFoundError('Rule');
    await checkReferences(tx, viewer, conditions, actions);
    if (position !== undefined) {
      const others = (await tx.rule.findMany({ where: owned(viewer), orderBy: RULE_ORDER, select: { id: true } })).filter(
        (r) => r.id !== id,
      );
      const order = [...others.slice(0, position), { id }, ...others.slice(position)];
      for (const [i, r] of order.entries()) await tx.rule.updateMany({ where: { id: r.id, ...owned(viewer) }, data: { position: i } });
    }
    return tx.rule.update({
      where: { id },
      data: { ...(conditions && { conditions: json(conditions) }), ...(actions && { actions: json(actions) }) },
    });
  });
  viewer.events.publish(viewer.budgetId);
  return rule;
}

export async function deleteRule(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.rule.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Rule');
  viewer.events.publish(viewer.budgetId);
}

/** Records read per statement when a rule looks at every record (docs/performance.md#rules-during-an-import). */
const PAGE = 5000;

interface Candidate {
  table: 'transactions' | 'paychecks';
  id: string;
  subject: RuleSubject;
  payeeId: string | null;
  categoryId: string | null;
  notes: string | null;
  split: boolean;
}

/** Every transaction and paycheck of the user, a page at a time (each page one JSON text), as the rules see them. */
async function* candidates(viewer: Owner, db: Prisma.TransactionClient): AsyncGenerator<Candidate[]> {
  for (const table of ['transactions', 'paychecks'] as const) {
    let after = '';
    for (;;) {
      const [page] =
        table === 'transactions'
          ? await db.$queryRaw<{ json: string | null }[]>`
            SELECT json_agg(json_build_array(t.id, t.kind, t.amount::text, t.description, t.account_id, p.name, t.payee_id, t.category_id, NULL,
              EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id)) ORDER BY t.id)::text AS json
            FROM (SELECT * FROM transactions WHERE user_id = ${viewer.budgetId} AND id > ${after} ORDER BY id LIMIT ${PAGE}) t
            LEFT JOIN payees p ON p.id = t.payee_id`
          : await db.$queryRaw<{ json: string | null }[]>`
            SELECT json_agg(json_build_array(t.id, 'income', t.amount::text, coalesce(t.notes, ''), t.account_id, p.name, t.payee_id, NULL, t.notes, false) ORDER BY t.id)::text AS json
            FROM (SELECT * FROM paychecks WHERE user_id = ${viewer.budgetId} AND id > ${after} ORDER BY id LIMIT ${PAGE}) t
            LEFT JOIN payees p ON p.id = t.payee_id`;
      type Row = [
        string,
        RuleSubject['kind'],
        string,
        string,
        string | null,
        string | null,
        string | null,
        string | null,
        string | null,
        boolean,
      ];
      const rows = JSON.parse(page?.json ?? '[]') as Row[];
      if (!rows.length) break;
      yield rows.map(([id, kind, amount, description, accountId, payee, payeeId, categoryId, notes, split]) => ({
        table,
        id,
        subject: { payee, description, amount, accountId, kind },
        payeeId,
        categoryId,
        notes,
        split,
      }));
      await letOthersIn();
      if (rows.length < PAGE) break;
      after = rows.at(-1)![0];
    }
  }
}

/**
 * Runs one rule over every record already there: answers the records it would change (a payee,
 * a category or notes that differ from the rule's), and changes them unless `dryRun`. A category
 * goes to expenses and refunds that are not split (a paycheck has none); notes to paychecks (a
 * transaction has none); a transfer action changes no existing record (docs/product.md#rules).
 */
async function runRule(viewer: Viewer, id: string, dryRun: boolean) {
  return viewer.prisma.$transaction(
    async (tx) => {
      await lockOwner(tx, viewer);
      const rule = await tx.rule.findFirst({ where: { id, ...owned(viewer) } });
      if (!rule) throw new NotFoundError('Rule');
      const spec = ruleSpec(rule);
      const run = compileRules([spec]);
      const { payee, categoryId, notes } = spec.actions;
      const payeeId = payee
        ? dryRun
          ? ((await tx.payee.findFirst({ where: { ...owned(viewer), name: { equals: payee, mode: 'insensitive' } } }))?.id ?? '')
          : await payeeIdFor(tx, viewer, payee)
        : null;
      const changes = {
        payee: { transactions: [] as string[], paychecks: [] as string[] },
        category: [] as string[],
        notes: [] as string[],
      };
      let updated = 0;
      for await (const page of candidates(viewer, tx)) {
        for (const record of page) {
          if (!run(record.subject).ruleIds.length) continue;
          const newPayee = payeeId !== null && record.payeeId !== payeeId;
          const newCategory = Boolean(categoryId) && record.table === 'transactions' && !record.split && record.categoryId !== categoryId;
          const newNotes = notes !== undefined && record.table === 'paychecks' && record.notes !== notes;
          if (newPayee) changes.payee[record.table].push(record.id);
          if (newCategory) changes.category.push(record.id);
          if (newNotes) changes.notes.push(record.id);
          if (newPayee || newCategory || newNotes) updated++;
        }
      }
      if (dryRun || !updated) return updated;
      // One statement per change, its ids one JSON parameter (a list of ids as parameters would pass PostgreSQL's limit).
      const ids = (list: string[]) =>
        Prisma.sql`id IN (SELECT jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)) AND user_id = ${viewer.budgetId}`;
      if (payeeId) {
        await tx.$executeRaw`UPDATE transactions SET payee_id = ${payeeId} WHERE ${ids(changes.payee.transactions)}`;
        await tx.$executeRaw`UPDATE paychecks SET payee_id = ${payeeId} WHERE ${ids(changes.payee.paychecks)}`;
      }
      if (categoryId) await tx.$executeRaw`UPDATE transactions SET category_id = ${categoryId} WHERE ${ids(changes.category)}`;
      if (notes !== undefined) await tx.$executeRaw`UPDATE paychecks SET notes = ${notes} WHERE ${ids(changes.notes)}`;
      return updated;
    },
    { timeout: 120_000 },
  );
}

/** How many records applying the rule would change (the Rules screen's "Apply to 214 matching records"). */
export async function countRuleMatches(viewer: Viewer, id: string) {
  return { matching: await runRule(viewer, id, true) };
}

/** Applies one rule to every record already there; answers how many changed. */
export async function applyRule(viewer: Viewer, id: string) {
  const updated = await runRule(viewer, id, false);
  if (updated) viewer.events.publish(viewer.budgetId);
  return { updated };
}

/**
 * "Always categorise <payee> as <category>?" (docs/product.md#rules): after the user re-categorises
 * a transaction, the rule to offer, or null. Offered once at least two of the payee's records are
 * in the category the transaction now has (this one and another: the second re-categorisation),
 * and the user's rules do not already give that payee's records that category.
 */
export async function ruleSuggestion(viewer: Viewer, transactionId: string) {
  const transaction = await viewer.prisma.transaction.findFirst({
    where: { id: transactionId, ...owned(viewer) },
    include: { payee: true, category: true },
  });
  if (!transaction?.payee || !transaction.category) return null;
  const count = await viewer.prisma.transaction.count({
    where: { payeeId: transaction.payeeId, categoryId: transaction.categoryId, ...owned(viewer) },
  });
  if (count < 2) return null;
  const outcome = (await userRules(viewer, viewer.prisma))({
    payee: transaction.payee.name,
    description: transaction.description,
    amount: transaction.amount.toFixed(2),
    accountId: transaction.accountId,
    kind: transaction.kind as 'expense' | 'refund',
  });
  if (outcome.categoryId === transaction.categoryId) return null;
  return { payee: transaction.payee, category: transaction.category, count };
}

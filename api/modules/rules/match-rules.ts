import { centsOf } from '../../../shared/validation.ts';
import type { RuleActions, RuleCondition, RuleKind } from '../../../shared/inputs/rules.ts';

/**
 * The rules engine (docs/product.md#rules), pure: no database, no clock. Rules run in their order;
 * each sees the record as the rules before it left it (a payee set by one can be matched by the
 * next), and a later rule's action wins over an earlier one's for the same field. Text is compared
 * without regard to case or runs of spaces; amounts exactly, in cents.
 */

export interface RuleSpec {
  id: string;
  conditions: readonly RuleCondition[];
  actions: RuleActions;
}

export interface RuleSubject {
  payee: string | null;
  description: string;
  /** The record's amount, without a sign. */
  amount: string;
  accountId: string | null;
  kind: RuleKind;
}

export interface RuleOutcome {
  /** The rules that matched, in order. */
  ruleIds: string[];
  payee?: string;
  categoryId?: string;
  notes?: string;
  transferAccountId?: string;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

type Test = (subject: RuleSubject, payee: string | null) => boolean;

function textTest(
  op: 'contains' | 'is' | 'startsWith',
  wanted: string,
  read: (s: RuleSubject, payee: string | null) => string | null,
): Test {
  const value = fold(wanted);
  return (subject, payee) => {
    const text = read(subject, payee);
    if (text === null) return false;
    const folded = fold(text);
    return op === 'is' ? folded === value : op === 'startsWith' ? folded.startsWith(value) : folded.includes(value);
  };
}

function conditionTest(c: RuleCondition): Test {
  switch (c.field) {
    case 'payee':
      return textTest(c.op, c.value, (_s, payee) => payee);
    case 'description':
      return textTest(c.op, c.value, (s) => s.description);
    case 'amount': {
      if (c.op === 'between') {
        const [low, high] = c.value.map(centsOf) as [bigint, bigint];
        return (s) => {
          const cents = centsOf(s.amount);
          return cents >= low && cents <= high;
        };
      }
      const cents = centsOf(c.value);
      return (s) => centsOf(s.amount) === cents;
    }
    case 'accountId':
      return (s) => s.accountId === c.value;
    case 'kind':
      return (s) => s.kind === c.value;
  }
}

/** The rules made ready to run on many records (an import's rows, a rule applied to every record). */
export function compileRules(rules: readonly RuleSpec[]): (subject: RuleSubject) => RuleOutcome {
  const compiled = rules.map((rule) => ({ rule, tests: rule.conditions.map(conditionTest) }));
  return (subject) => {
    const outcome: RuleOutcome = { ruleIds: [] };
    let payee = subject.payee;
    for (const { rule, tests } of compiled) {
      if (!tests.every((test) => test(subject, payee))) continue;
      outcome.ruleIds.push(rule.id);
      const { payee: newPayee, categoryId, notes, transferAccountId } = rule.actions;
      if (newPayee !== undefined) payee = outcome.payee = newPayee;
      if (categoryId !== undefined) outcome.categoryId = categoryId;
      if (notes !== undefined) outcome.notes = notes;
      if (transferAccountId !== undefined) outcome.transferAccountId = transferAccountId;
    }
    return outcome;
  };
}

/** Runs the rules, in order, on one record. */
export function applyRules(rules: readonly RuleSpec[], subject: RuleSubject): RuleOutcome {
  return compileRules(rules)(subject);
}

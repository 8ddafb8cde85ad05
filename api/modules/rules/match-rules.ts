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

/** A record as the tests read it: its text folded and its amount in cents once, however many conditions look at them. */
interface Read {
  subject: RuleSubject;
  payee: string | null;
  description: string;
  cents: bigint;
}

type Test = (read: Read) => boolean;

function textTest(op: 'contains' | 'is' | 'startsWith', wanted: string, of: (read: Read) => string | null): Test {
  const value = fold(wanted);
  return (read) => {
    const text = of(read);
    if (text === null) return false;
    return op === 'is' ? text === value : op === 'startsWith' ? text.startsWith(value) : text.includes(value);
  };
}

function conditionTest(c: RuleCondition): Test {
  switch (c.field) {
    case 'payee':
      return textTest(c.op, c.value, (read) => read.payee);
    case 'description':
      return textTest(c.op, c.value, (read) => read.description);
    case 'amount': {
      if (c.op === 'between') {
        const [low, high] = c.value.map(centsOf) as [bigint, bigint];
        return (read) => read.cents >= low && read.cents <= high;
      }
      const cents = centsOf(c.value);
      return (read) => read.cents === cents;
    }
    case 'accountId':
      return (read) => read.subject.accountId === c.value;
    case 'kind':
      return (read) => read.subject.kind === c.value;
  }
}

/** The rules made ready to run on many records (an import's rows, a rule applied to every record). */
export function compileRules(rules: readonly RuleSpec[]): (subject: RuleSubject) => RuleOutcome {
  const compiled = rules.map((rule) => ({ rule, tests: rule.conditions.map(conditionTest) }));
  return (subject) => {
    const outcome: RuleOutcome = { ruleIds: [] };
    if (!compiled.length) return outcome;
    const read: Read = {
      subject,
      payee: subject.payee === null ? null : fold(subject.payee),
      description: fold(subject.description),
      cents: centsOf(subject.amount),
    };
    for (const { rule, tests } of compiled) {
      if (!tests.every((test) => test(read))) continue;
      outcome.ruleIds.push(rule.id);
      const { payee, categoryId, notes, transferAccountId } = rule.actions;
      if (payee !== undefined) read.payee = fold((outcome.payee = payee));
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

import { encodeGlobalID } from '@pothos/plugin-relay';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestViewer, graphqlAs } from '../test/graphql-client.ts';
import { startRestServer } from '../test/rest-client.ts';
import { createOneOfEverything } from './sweep-helpers.ts';

// Bad input fuzzing: generated malformed values in every field of every create/update, through
// REST and GraphQL. No 500, no masked "Unexpected error.", a message each time, and a rejected
// request changes nothing (the row counts move only by the accepted creations). The requests go
// through the real REST server and the real GraphQL server over a real database; the sign-in
// step is left out (the auth tests cover it) so that 10,000 cases run in seconds.

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
let db: Database;
let restServer: Awaited<ReturnType<typeof startRestServer>>;
let restCall: ReturnType<Awaited<ReturnType<typeof startRestServer>>['as']>;
let gqlCall: ReturnType<typeof graphqlAs>;
let ids: Awaited<ReturnType<typeof createOneOfEverything>>;
beforeAll(async () => {
  db = await createTestDatabase();
  restServer = await startRestServer(db);
  const viewer = await createTestViewer(db);
  restCall = restServer.as(viewer);
  gqlCall = graphqlAs(db, viewer);
  ids = await createOneOfEverything(gqlCall);
  // A bank connection with one account at the bridge, written directly: no bridge answers here.
  connectionId = (
    await db.prisma.bankConnection.create({
      data: {
        userId: viewer.id,
        name: 'Fuzz bank',
        accessSecret: 'sealed',
        accounts: { create: { userId: viewer.id, remoteId: 'ACT-1', name: 'Fuzz', currency: 'USD', balance: '1.00' } },
      },
    })
  ).id;
});
let connectionId: string;
afterAll(async () => {
  await restServer?.close();
  await db?.close();
});

const TABLES = [
  'account',
  'paycheck',
  'budgetCategory',
  'transaction',
  'recurringBill',
  'billPayment',
  'savingsGoal',
  'goalContribution',
  'transfer',
  'rule',
] as const;
type Table = (typeof TABLES)[number];

/** What a request came to: accepted, or refused with (or without) a message; masked = a server error. */
interface Outcome {
  ok: boolean;
  status: number;
  message?: string;
  masked: boolean;
}

function restOutcome(res: { status: number; body: unknown }): Outcome {
  const message = (res.body as { message?: string } | undefined)?.message;
  return { ok: res.status < 300, status: res.status, message, masked: res.status >= 500 };
}

function graphqlOutcome(res: { status: number; errors?: { message: string }[] }): Outcome {
  const error = res.errors?.[0];
  return {
    ok: !res.errors,
    status: res.status,
    message: error?.message,
    masked: error?.message === 'Unexpected error.' || res.status >= 500,
  };
}

interface Target {
  name: string;
  creates?: Table[];
  send(input: Record<string, unknown>): Promise<Outcome>;
  valid(): Record<string, unknown>;
}

function rest(method: string, path: string, creates: Table[] | undefined, valid: () => Record<string, unknown>): Target {
  return {
    name: `${method} ${path}`,
    creates,
    valid,
    send: async (input) => restOutcome(await restCall(method, path.replace('{connection}', connectionId), input)),
  };
}

function gql(mutation: string, inputType: string, creates: Table[] | undefined, valid: () => Record<string, unknown>): Target {
  return {
    name: mutation,
    creates,
    valid,
    send: async (input) =>
      graphqlOutcome(await gqlCall(`mutation($input: ${inputType}!) { ${mutation}(input: $input) { __typename } }`, { input })),
  };
}

const day = '2026-03-01';
/** A one-row statement of its own each time (a new amount), so an accepted import creates one transaction, never a duplicate. */
let statements = 0;
const statement = () => ({
  fileName: 'fuzz.csv',
  content: `Date,Description,Amount\n${day},Fuzz import,-${++statements}.01\n`,
  mapping: { dateFormat: 'YYYY-MM-DD', expenses: 'negative' },
});
let categoryNames = 0;
const targets = (): Target[] => [
  rest('POST', '/api/imports/preview', undefined, () => ({ ...statement(), accountId: ids.rawIds.account })),
  rest('POST', '/api/imports', ['transaction'], () => ({ ...statement(), accountId: ids.rawIds.account })),
  gql('commitImport', 'CommitImportInput', ['transaction'], () => ({
    ...statement(),
    mapping: { dateFormat: 'YYYY_MM_DD', expenses: 'negative' },
    accountId: ids.globalIds.account,
  })),
  rest('POST', '/api/accounts', ['account'], () => ({ name: 'Fuzz', type: 'savings', balance: '1.00', notes: null })),
  rest('POST', '/api/paychecks', ['paycheck'], () => ({
    amount: '1.00',
    date: day,
    notes: null,
    accountId: ids.rawIds.account,
    payee: 'Fuzz',
  })),
  rest('POST', '/api/budget-categories', ['budgetCategory'], () => ({
    name: `Fuzz ${++categoryNames}`, // a category's name is taken once
    type: 'bills',
    allocatedAmount: '0',
    allocatedPercentage: 0,
  })),
  rest('POST', '/api/transactions', ['transaction'], () => ({
    amount: '1.00',
    description: 'Fuzz',
    date: day,
    categoryId: ids.rawIds.category,
    accountId: ids.rawIds.account,
    payee: 'Fuzz payee',
  })),
  rest('POST', '/api/rules', ['rule'], () => ({
    conditions: [{ field: 'amount', op: 'between', value: ['1.00', '2.00'] }],
    actions: { categoryId: ids.rawIds.category, payee: 'Fuzz' },
  })),
  rest('PATCH', `/api/rules/${ids.rawIds.rule}`, undefined, () => ({
    // A payee no import here has ("Fuzz Import"): an import its transfer turned into a transfer would count as one.
    conditions: [{ field: 'payee', op: 'startsWith', value: 'Fuzz rule' }],
    actions: { notes: 'n', transferAccountId: ids.rawIds.savings },
    position: 0,
  })),
  rest('PATCH', `/api/payees/${ids.rawIds.payee}`, undefined, () => ({ name: 'Fuzz renamed' })),
  rest('POST', '/api/payees/merge', undefined, () => ({ ids: [ids.rawIds.payee], into: ids.rawIds.payee })),
  // Bulk changes: a filter that matches nothing, ids that are no one's; a mutated one is refused or changes no count.
  rest('PATCH', '/api/transactions', undefined, () => ({ filter: { q: 'matches-nothing', minAmount: '1.00' }, categoryId: null })),
  rest('POST', '/api/transactions/bulk-delete', undefined, () => ({ ids: ['00000000-0000-7000-8000-000000000000'] })),
  rest('POST', '/api/transfers', ['transfer'], () => ({
    fromAccountId: ids.rawIds.account,
    toAccountId: ids.rawIds.savings,
    amount: '0.01',
    date: day,
    notes: null,
  })),
  rest('POST', '/api/recurring-bills', ['recurringBill'], () => ({
    name: 'Fuzz',
    amount: '1.00',
    frequency: 'weekly',
    dueDay: 2,
    nextDueDate: day,
    isActive: 1,
    categoryId: null,
    notes: null,
  })),
  rest('POST', '/api/bill-payments', ['billPayment', 'transaction'], () => ({
    recurringBillId: ids.rawIds.bill,
    amount: '1.00',
    paidDate: day,
    notes: null,
  })),
  rest('POST', '/api/savings-goals', ['savingsGoal'], () => ({
    name: 'Fuzz',
    targetAmount: '9999999.00',
    currentAmount: '0',
    targetDate: null,
    category: 'other',
    isCompleted: 0,
    notes: null,
  })),
  rest('POST', '/api/goal-contributions', ['goalContribution'], () => ({
    goalId: ids.rawIds.goal,
    amount: '0.01',
    contributionDate: day,
    notes: null,
  })),
  rest('PUT', `/api/accounts/${ids.rawIds.account}`, undefined, () => ({ isDefault: 1 })),
  rest('PUT', '/api/budget-categories/bulk', undefined, () => ({
    categories: [{ id: ids.rawIds.category, allocatedAmount: '1.00', allocatedPercentage: 1 }],
  })),
  // Edits: any subset of the fields; these valid inputs change every editable field.
  rest('PATCH', `/api/accounts/${ids.rawIds.account}`, undefined, () => ({ name: 'Fuzz', type: 'cash', balance: '-1.00', notes: null })),
  rest('PATCH', `/api/paychecks/${ids.rawIds.paycheck}`, undefined, () => ({ amount: '1.00', date: day, notes: null, accountId: null })),
  rest('PATCH', `/api/transfers/${ids.rawIds.transfer}`, undefined, () => ({
    fromAccountId: ids.rawIds.savings,
    toAccountId: ids.rawIds.account,
    amount: '2.00',
    date: day,
    notes: null,
  })),
  rest('PATCH', `/api/budget-categories/${ids.rawIds.category}`, undefined, () => ({ name: 'Fuzz', type: 'savings' })),
  rest('PATCH', `/api/transactions/${ids.rawIds.transaction}`, undefined, () => ({
    amount: '1.00',
    description: 'Fuzz',
    date: day,
    categoryId: ids.rawIds.category,
    accountId: ids.rawIds.savings,
  })),
  rest('PATCH', `/api/recurring-bills/${ids.rawIds.bill}`, undefined, () => ({
    name: 'Fuzz',
    amount: '1.00',
    frequency: 'monthly',
    dueDay: 31,
    nextDueDate: day,
    isActive: 0,
    categoryId: null,
    notes: null,
  })),
  rest('PATCH', `/api/savings-goals/${ids.rawIds.goal}`, undefined, () => ({
    name: 'Fuzz',
    targetAmount: '9999999.00',
    targetDate: day,
    category: 'other',
    notes: null,
  })),
  gql('updateAccount', 'UpdateAccountInput', undefined, () => ({
    id: ids.globalIds.account,
    name: 'Fuzz',
    type: 'credit',
    balance: '2.00',
  })),
  gql('updatePaycheck', 'UpdatePaycheckInput', undefined, () => ({
    id: ids.globalIds.paycheck,
    amount: '2.00',
    date: day,
    accountId: ids.globalIds.account,
  })),
  gql('updateTransfer', 'UpdateTransferInput', undefined, () => ({ id: ids.globalIds.transfer, amount: '3.00', notes: 'n' })),
  gql('addTransfer', 'AddTransferInput', ['transfer'], () => ({
    fromAccountId: ids.globalIds.savings,
    toAccountId: ids.globalIds.account,
    amount: '1.00',
    date: day,
  })),
  gql('updateBudgetCategory', 'UpdateBudgetCategoryInput', undefined, () => ({ id: ids.globalIds.category, name: 'Fuzz', type: 'bills' })),
  gql('updateTransaction', 'UpdateTransactionInput', undefined, () => ({
    id: ids.globalIds.transaction,
    amount: '2.00',
    description: 'Fuzz',
    categoryId: null,
    accountId: null,
  })),
  gql('updateRecurringBill', 'UpdateRecurringBillInput', undefined, () => ({ id: ids.globalIds.bill, amount: '2.00', isActive: true })),
  gql('updateSavingsGoal', 'UpdateSavingsGoalInput', undefined, () => ({
    id: ids.globalIds.goal,
    targetAmount: '9999999.00',
    targetDate: null,
  })),
  gql('createAccount', 'CreateAccountInput', ['account'], () => ({ name: 'Fuzz', type: 'cash', balance: '-1.00', notes: 'n' })),
  gql('addPaycheck', 'AddPaycheckInput', ['paycheck'], () => ({
    amount: '1.00',
    date: day,
    notes: null,
    accountId: ids.globalIds.savings,
  })),
  gql('addBudgetCategory', 'AddBudgetCategoryInput', ['budgetCategory'], () => ({ name: `Fuzz ${++categoryNames}`, type: 'expenses' })),
  gql('addTransaction', 'AddTransactionInput', ['transaction'], () => ({
    amount: '1.00',
    description: 'Fuzz',
    date: day,
    categoryId: ids.globalIds.category,
    accountId: ids.globalIds.account,
    payee: 'Fuzz',
  })),
  gql('createRule', 'CreateRuleInput', ['rule'], () => ({
    conditions: [{ field: 'KIND', op: 'IS', value: ['expense'] }],
    actions: { payee: 'Fuzz', categoryId: ids.globalIds.category },
  })),
  gql('addRecurringBill', 'AddRecurringBillInput', ['recurringBill'], () => ({
    name: 'Fuzz',
    amount: '1.00',
    frequency: 'yearly',
    dueDay: 31,
    nextDueDate: day,
  })),
  gql('recordBillPayment', 'RecordBillPaymentInput', ['billPayment', 'transaction'], () => ({
    recurringBillId: ids.globalIds.bill,
    amount: '1.00',
    paidDate: day,
    accountId: ids.globalIds.account,
  })),
  gql('createSavingsGoal', 'CreateSavingsGoalInput', ['savingsGoal'], () => ({
    name: 'Fuzz',
    targetAmount: '9999999.00',
    category: 'vacation',
  })),
  gql('addGoalContribution', 'AddGoalContributionInput', ['goalContribution'], () => ({
    goalId: ids.globalIds.goal,
    amount: '0.01',
    contributionDate: day,
  })),
  gql('updateBudgetAllocations', 'UpdateBudgetAllocationsInput', undefined, () => ({
    allocations: [{ id: ids.globalIds.category, allocatedAmount: '1.00', allocatedPercentage: 1 }],
  })),
  rest('POST', '/api/tokens', undefined, () => ({ name: 'Fuzz', access: 'read', expiresInDays: 30 })),
  // Bank connections (docs/product.md#bank-sync): a token no bridge answers (refused before any call), and links.
  rest('POST', '/api/connections', undefined, () => ({ setupToken: Buffer.from('https://').toString('base64') })),
  gql('connectBank', 'ConnectBankInput', undefined, () => ({ setupToken: 'bm90IGEgdG9rZW4=' })),
  rest('PATCH', '/api/connections/{connection}', undefined, () => ({ links: [{ remoteId: 'ACT-1', accountId: ids.rawIds.account }] })),
  gql('linkBankAccounts', 'LinkBankAccountsInput', undefined, () => ({
    id: encodeGlobalID('BankConnection', connectionId),
    links: [{ remoteId: 'ACT-1', accountId: ids.globalIds.account }],
  })),
  // Reminders (docs/product.md#reminders): the settings, and marking read (an id of no notification: 404 is a message too).
  rest('PATCH', '/api/settings/reminders', undefined, () => ({ reminderDays: 5, reminderEmail: 'digest' })),
  rest('POST', '/api/notifications/read', undefined, () => ({ ids: [ids.rawIds.account] })),
  gql('updateReminderSettings', 'UpdateReminderSettingsInput', undefined, () => ({ days: 7, email: 'each' })),
  gql('createApiToken', 'CreateApiTokenInput', undefined, () => ({ name: 'Fuzz', access: 'write', expiresInDays: null })),
];

/** Values that must be refused (or, for the harmless ones, accepted) without a server error. */
const badValue = fc.oneof(
  fc.constantFrom(
    '1e5',
    '-0',
    '12.345',
    '1234567890123',
    'NaN',
    'Infinity',
    '١٢٣',
    '１２',
    '0x10',
    '1,000.00',
    ' 5',
    '5 ',
    '.5',
    '5.',
    '+5',
    '−5',
    '',
    ' ',
    '\u0000',
    '💸',
  ),
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '2026-1-1', 'tomorrow', '2026-02-29T25:00:00Z', '99999-01-01', '1899-12-31'),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, ['x'], { nested: 'x' }),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(10_000)),
  fc.constant('a\u0000b'),
  fc.integer(),
  fc.double(),
);

const mutation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('set' as const), value: badValue }), weight: 12 },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('extra' as const), value: badValue }), weight: 4 },
  // An oversized body (over the 1 MB limit): rarer, each one moves a megabyte.
  { arbitrary: fc.record({ kind: fc.constant('huge' as const) }), weight: 1 },
);

async function counts(): Promise<Record<Table, number>> {
  const p = db.prisma as unknown as Record<Table, { count(): Promise<number> }>;
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await p[t].count()]))) as Record<Table, number>;
}

describe('bad input fuzzing', () => {
  it(`${RUNS} generated inputs across every mutation and REST write: no 500, a message each time, nothing changed when refused`, async () => {
    const all = targets();
    const before = await counts();
    const expected = { ...before };
    const tally = { accepted: 0, refused: 0, failures: [] as string[] };
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: all.length - 1 }), mutation, fc.nat(), async (which, change, fieldPick) => {
        const target = all[which]!;
        const input: Record<string, unknown> = target.valid();
        const keys = Object.keys(input);
        const key = keys[fieldPick % keys.length]!;
        if (change.kind === 'set') input[key] = change.value;
        if (change.kind === 'drop') delete input[key];
        if (change.kind === 'extra') input[`extra${fieldPick % 3}`] = change.value;
        if (change.kind === 'huge') input[key] = 'y'.repeat(1_100_000);
        const res = await target.send(input);
        if (res.ok) {
          tally.accepted++;
          for (const t of target.creates ?? []) expected[t]++;
        } else {
          tally.refused++;
          if (res.masked || !res.message)
            tally.failures.push(
              `${target.name} ${JSON.stringify({ [key]: String(input[key]).slice(0, 40) })}: ${res.status} ${res.message}`,
            );
        }
        return true;
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
    console.log(
      `fuzz: ${RUNS} inputs, ${tally.refused} refused with a message, ${tally.accepted} accepted, failures: ${tally.failures.length}`,
    );
    expect(tally.failures.slice(0, 20)).toEqual([]);
    expect(await counts()).toEqual(expected);
  }, 600_000);

  it(`${ID_RUNS} generated ids and query parameters across every delete, path id and read argument: no 500, nothing deleted`, async () => {
    const all = idTargets();
    const before = await counts();
    const tally = { accepted: 0, refused: 0, failures: [] as string[] };
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: all.length - 1 }), fc.oneof(badValue, fc.constant(undefined)), async (which, value) => {
        const target = all[which]!;
        const res = await target.send(value);
        if (res.ok) tally.accepted++;
        else {
          tally.refused++;
          if (res.masked || !res.message)
            tally.failures.push(`${target.name} ${JSON.stringify(String(value).slice(0, 40))}: ${res.status} ${res.message}`);
        }
        return true;
      }),
      { numRuns: ID_RUNS, seed: 20261123 },
    );
    console.log(
      `fuzz (ids and parameters): ${ID_RUNS} inputs on ${all.length} routes and operations, ${tally.refused} refused with a message, ${tally.accepted} accepted, failures: ${tally.failures.length}`,
    );
    expect(tally.failures.slice(0, 20)).toEqual([]);
    // None of the generated values is an id of this user's rows: nothing may have been deleted.
    expect(await counts()).toEqual(before);
  }, 600_000);
});

const ID_RUNS = Math.ceil(RUNS / 5);
const ROLE_RUNS = Math.ceil(RUNS / 5);

describe('budgets and roles under fuzz (docs/security.md#budgets-and-roles)', () => {
  it(`${ROLE_RUNS} generated budget ids, names, roles, tokens and paging values, as owner, editor, viewer, removed member and stranger: no 500, nothing changed when refused`, async () => {
    const owner = await createTestViewer(db);
    const asOwner = restServer.as(owner);
    const budget = (await asOwner('POST', '/api/budgets', { name: 'Fuzz household' })).body.id as string;
    const join = async (role: 'editor' | 'viewer') => {
      const v = await createTestViewer(db);
      const url = (await asOwner('POST', `/api/budgets/${budget}/invitations`, { role })).body.url as string;
      expect((await restServer.as(v)('POST', `/api/invitations/${url.split('/invitations/')[1]}/accept`, {})).status).toBe(200);
      return v;
    };
    const editor = await join('editor');
    const viewer = await join('viewer');
    const removed = await join('editor');
    expect((await asOwner('DELETE', `/api/budgets/${budget}/members/${removed.id}`)).status).toBe(204);
    const stranger = await createTestViewer(db);
    const roles = { owner, editor, viewer, removed, stranger };
    const members = () => db.prisma.budgetMember.findMany({ where: { budgetId: budget }, orderBy: { userId: 'asc' } });
    const before = { members: await members(), transactions: await db.prisma.transaction.count({ where: { userId: budget } }) };
    const tally = { accepted: 0, refused: 0, failures: [] as string[], forbidden: 0 };
    const role = fc.constantFrom(...(Object.keys(roles) as (keyof typeof roles)[]));
    const kinds = ['header', 'create', 'rename', 'role', 'invite', 'preview', 'accept', 'activity', 'write'] as const;
    await fc.assert(
      fc.asyncProperty(role, fc.constantFrom(...kinds), badValue, async (who, kind, value) => {
        const call = restServer.as(roles[who]);
        const on = { 'x-budget-id': budget };
        const v = inUrl(value);
        const res =
          kind === 'header'
            ? await call('GET', '/api/transactions', undefined, {
                'x-budget-id': typeof value === 'string' && /^[\x20-\x7e]*$/.test(value) ? value : 'x',
              })
            : kind === 'create'
              ? await call('POST', '/api/budgets', { name: value })
              : kind === 'rename'
                ? await call('PATCH', `/api/budgets/${budget}`, { name: value })
                : kind === 'role'
                  ? await call('PATCH', `/api/budgets/${budget}/members/${v}`, { role: value })
                  : kind === 'invite'
                    ? await call('POST', `/api/budgets/${budget}/invitations`, { role: value })
                    : kind === 'preview'
                      ? await call('GET', `/api/invitations/${v}`)
                      : kind === 'accept'
                        ? await call('POST', `/api/invitations/${v}/accept`, {})
                        : kind === 'activity'
                          ? await call(
                              'GET',
                              `/api/budgets/${budget}/activity?${['limit', 'cursor', 'entity', 'memberId'][String(value).length % 4]}=${v}`,
                            )
                          : await call('POST', '/api/transactions', { amount: value, description: 'fuzz', date: '2026-01-01' }, on);
        const outcome = restOutcome(res);
        if (outcome.ok) tally.accepted++;
        else tally.refused++;
        if (outcome.masked || (!outcome.ok && !outcome.message))
          tally.failures.push(`${who} ${kind} ${JSON.stringify(String(value).slice(0, 40))}: ${res.status}`);
        // A viewer's write is refused before its input is read; the others' never reach the budget.
        if (kind === 'write' && who === 'viewer' && (res.status !== 403 || outcome.message !== 'This budget is read-only for you'))
          tally.failures.push(`viewer write: ${res.status} ${outcome.message}`);
        if (kind === 'write' && (who === 'removed' || who === 'stranger') && res.status !== 404)
          tally.failures.push(`${who} write: ${res.status}`);
        if (kind === 'write' && who === 'viewer') tally.forbidden++;
        if (kind === 'write' && outcome.ok) before.transactions++;
        return true;
      }),
      { numRuns: ROLE_RUNS, seed: 20261127 },
    );
    console.log(
      `fuzz (budgets and roles): ${ROLE_RUNS} inputs, ${tally.refused} refused with a message (${tally.forbidden} viewer writes, each 403), ${tally.accepted} accepted, failures: ${tally.failures.length}`,
    );
    expect(tally.failures.slice(0, 20)).toEqual([]);
    // No generated value is a member's id or a valid role change: the members are as they were.
    expect(await members()).toEqual(before.members);
    expect(await db.prisma.transaction.count({ where: { userId: budget } })).toBe(before.transactions);
  }, 600_000);
});

/** A value in a URL; one that cannot be encoded goes as a malformed escape, which must be refused too. */
function inUrl(value: unknown) {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%E0%A4%A';
  }
}

interface IdTarget {
  name: string;
  send(value: unknown): Promise<Outcome>;
}

function restPath(method: string, path: (value: unknown) => string, body?: unknown): IdTarget {
  return {
    name: `${method} ${path(':value')}`,
    send: async (value) => restOutcome(await restCall(method, path(value), body)),
  };
}

function gqlOperation(document: string, variable: string): IdTarget {
  return {
    name: document,
    send: async (value) => graphqlOutcome(await gqlCall(document, value === undefined ? {} : { [variable]: value })),
  };
}

const idTargets = (): IdTarget[] => [
  ...[
    'accounts',
    'paychecks',
    'budget-categories',
    'transactions',
    'recurring-bills',
    'savings-goals',
    'transfers',
    'imports',
    'connections',
  ].map((r) => restPath('DELETE', (v) => `/api/${r}/${inUrl(v)}`)),
  restPath('PUT', (v) => `/api/accounts/${inUrl(v)}`, { isDefault: 1 }),
  restPath('GET', (v) => `/api/goal-contributions?goalId=${inUrl(v)}`),
  restPath('GET', (v) => `/api/accounts/${inUrl(v)}/activity`),
  restPath('GET', (v) => `/api/accounts/${ids.rawIds.account}/activity?cursor=${inUrl(v)}`),
  restPath('GET', (v) => `/api/transactions?limit=5&accountId=${inUrl(v)}`),
  ...['q', 'from', 'to', 'minAmount', 'maxAmount', 'categoryId', 'uncategorized'].map((p) =>
    restPath('GET', (v) => `/api/transactions/summary?${p}=${inUrl(v)}`),
  ),
  restPath('GET', (v) => `/api/transactions?limit=5&q=${inUrl(v)}`),
  restPath('GET', (v) => `/api/transfers?accountId=${inUrl(v)}`),
  restPath('GET', (v) => `/api/export/transactions.csv?period=${inUrl(v)}`),
  restPath('GET', (v) => `/api/export/report.html?period=${inUrl(v)}`),
  ...['offset', 'from', 'to', 'accountId'].map((p) => restPath('GET', (v) => `/api/reports?${p}=${inUrl(v)}`)),
  restPath('GET', (v) => `/api/reports?from=2026-01-01&to=${inUrl(v)}`),
  restPath('GET', (v) => `/api/export/transactions.csv?period=month&offset=${inUrl(v)}`),
  restPath('GET', (v) => `/api/export/report.html?period=week&from=${inUrl(v)}&to=2026-01-31`),
  restPath('GET', (v) => `/api/reports/trend?months=${inUrl(v)}`),
  restPath('GET', (v) => `/api/reports/trend?accountId=${inUrl(v)}`),
  ...[
    'deleteAccount',
    'deleteBudgetCategory',
    'deletePaycheck',
    'deleteRecurringBill',
    'deleteSavingsGoal',
    'deleteTransaction',
    'deleteTransfer',
  ].map((m) => gqlOperation(`mutation($id: ID!) { ${m}(id: $id) { deletedId } }`, 'id')),
  gqlOperation('mutation($id: ID!) { setDefaultAccount(id: $id) { __typename } }', 'id'),
  gqlOperation('mutation($id: ID!) { undoImport(id: $id) { __typename } }', 'id'),
  restPath('POST', (v) => `/api/connections/${inUrl(v)}/sync`, {}),
  gqlOperation('mutation($id: ID!) { syncBankConnection(input: { id: $id }) { imported } }', 'id'),
  gqlOperation('mutation($id: ID!) { deleteBankConnection(id: $id) { deletedId } }', 'id'),
  gqlOperation('query($id: ID!) { node(id: $id) { id } }', 'id'),
  gqlOperation('query($c: ID) { viewer { transactions(first: 5, filter: { categoryId: $c }) { totalCount } } }', 'c'),
  gqlOperation('query($a: ID) { viewer { transactions(first: 5, filter: { accountId: $a }) { totalCount } } }', 'a'),
  gqlOperation('query($q: String) { viewer { transactionSummary(filter: { q: $q }) { count total } } }', 'q'),
  gqlOperation('query($m: Money) { viewer { transactions(first: 5, filter: { minAmount: $m }) { totalCount } } }', 'm'),
  gqlOperation('query($a: ID) { viewer { transfers(first: 5, accountId: $a) { totalCount } } }', 'a'),
  gqlOperation('query($c: String) { viewer { allAccounts { activity(first: 2, after: $c) { edges { node { balanceAfter } } } } } }', 'c'),
  gqlOperation('query($d: String!) { viewer { categorySuggestion(description: $d) { name } } }', 'd'),
  gqlOperation('query($p: ReportPeriod!) { viewer { report(period: $p) { totalSpent } } }', 'p'),
  gqlOperation('query($o: Int) { viewer { report(period: MONTH, offset: $o) { totalSpent } } }', 'o'),
  gqlOperation('query($f: Date) { viewer { report(period: WEEK, from: $f, to: "2026-01-31") { totalSpent } } }', 'f'),
  gqlOperation('query($a: ID) { viewer { report(period: YEAR, accountId: $a) { totalSpent } } }', 'a'),
  gqlOperation('query($m: Int) { viewer { trend(months: $m) { month } } }', 'm'),
  gqlOperation('query($a: ID) { viewer { trend(accountId: $a) { month } } }', 'a'),
];

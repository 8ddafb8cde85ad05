import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { HttpClient, signUp } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { BACKUP_TABLES, keySql } from '../db/backup.ts';
import { schema } from '../graphql/schema.ts';
import { createChangeEvents } from '../lib/change-events.ts';
import { createReadMemo } from '../lib/read-memo.ts';
import { checkReminders } from '../modules/reminders/reminder-checks.ts';
import { createOneOfEverything, operationFor, restRoutes, rootFields, sampleValue, SECRET, viewerFieldsWithArgs } from './sweep-helpers.ts';

/**
 * A sweep makes about a thousand calls (more with every route and id type): minutes on a loaded
 * 2-core machine, seconds alone. A hang guard, not a speed check.
 */
const SWEEP_TIMEOUT_MS = 480_000;

let server: Awaited<ReturnType<typeof startTestServer>>;
let alice: HttpClient;
let bob: HttpClient;
/** Bob again, through an API token that may write (docs/security.md#api-tokens). */
let bobToken: HttpClient;
let ids: Everything;
beforeAll(async () => {
  // The sweeps take longer than a sign-in counts as recent on a loaded host: the security
  // operations' password check (tested in confirm-identity.test.ts) is not what is swept here.
  server = await startTestServer({ env: { RECENT_SIGN_IN_MINUTES: '1440' } });
  alice = (await signUp(server.base)).client;
  bob = (await signUp(server.base)).client;
  ids = await withReminders(alice, await createOneOfEverything(alice));
  // A bank connection of Alice's with one linked account (docs/product.md#bank-sync), written
  // directly: no bridge answers in this sweep.
  const connection = await server.app.db.prisma.bankConnection.create({
    data: {
      userId: ids.rawIds.user,
      name: `${SECRET} bank`,
      accessSecret: SECRET,
      accounts: {
        create: {
          userId: ids.rawIds.user,
          remoteId: 'ACT-1',
          name: SECRET,
          currency: 'USD',
          balance: '1.00',
          accountId: ids.rawIds.account,
        },
      },
    },
  });
  Object.assign(ids.rawIds, { bankConnection: connection.id });
  Object.assign(ids.globalIds, { bankConnection: encodeGlobalID('BankConnection', connection.id) });
});

type Everything = Awaited<ReturnType<typeof withReminders>>;

/** One of everything, and the reminders the server makes of it (its bill is due): a notification's ids too. */
async function withReminders(client: HttpClient, made: Awaited<ReturnType<typeof createOneOfEverything>>) {
  const events = createChangeEvents();
  await checkReminders(server.app.db.prisma, createReadMemo(events), made.rawIds.user);
  const res = await client.graphql('{ viewer { notifications(first: 1) { edges { node { id } } } } }');
  const notification = res.data.viewer.notifications.edges[0].node.id as string;
  return {
    globalIds: { ...made.globalIds, notification },
    rawIds: { ...made.rawIds, notification: Buffer.from(notification, 'base64').toString().split(':').slice(1).join(':') },
  };
}

/** A new write token of Bob's: the session sweep's signOutOtherSessions revokes his tokens. */
async function mintBobToken() {
  const created = await bob.graphql('mutation { createApiToken(input: { name: "sweep", access: write }) { token } }');
  bobToken = new HttpClient(server.base, created.data.createApiToken.token);
  // The token sweep means something only if the token acts as Bob.
  expect((await bobToken.graphql('{ viewer { email } }')).data.viewer.email).toBe(
    (await bob.graphql('{ viewer { email } }')).data.viewer.email,
  );
}
afterAll(() => server?.close());

/** Every row of Alice's, as PostgreSQL prints it: must be identical before and after Bob's attempts. */
async function aliceRows() {
  const out: string[] = [];
  for (const [table, key] of BACKUP_TABLES) {
    if (['app_secrets', 'local_accounts', 'recovery_codes'].includes(table)) continue;
    const column =
      table === 'users' || table === 'budgets'
        ? 'id'
        : ['budget_invitations', 'budget_activity', 'budget_members'].includes(table)
          ? 'budget_id'
          : 'user_id';
    const [row] = await server.app.db.prisma.$queryRawUnsafe<{ j: string | null }[]>(
      `SELECT json_agg(t ORDER BY ${keySql(key)})::text AS j FROM "${table}" t WHERE ${column} = $1`,
      ids.rawIds.user,
    );
    out.push(row?.j ?? '[]');
  }
  return out;
}

/**
 * For one operation or route: whether a request that carries none of A's ids (a list without
 * arguments, a body without an id) has already been made once, so it is not made again for each
 * of A's ids, as the same request each time.
 */
function onceWithoutId() {
  let made = false;
  return (request: unknown, id: string) => {
    if (JSON.stringify(request).includes(id)) return false;
    if (made) return true;
    made = true;
    return false;
  };
}

/** An answer with the ids in it blanked, to compare "Alice's id" with "an id that does not exist". */
function shape(body: unknown, id: string) {
  return JSON.stringify(body).replaceAll(id, '<id>');
}

function leaks(body: unknown) {
  const text = JSON.stringify(body);
  const raw = Object.entries(ids.rawIds)
    .filter(([k]) => k !== 'user')
    .map(([, v]) => v);
  return text.includes(SECRET) || raw.some((id) => text.includes(id));
}

let bobCategories = 0;
const REST_BODIES: Record<string, (id: string) => unknown> = {
  'POST /api/accounts': () => ({ name: 'Bob account', type: 'cash' }),
  'PUT /api/accounts/:id': () => ({ isDefault: 1 }),
  'POST /api/paychecks': (id) => ({ amount: '1.00', date: '2026-01-01', accountId: id }),
  'POST /api/budget-categories': () => ({ name: `Bob ${++bobCategories}`, type: 'bills' }), // a name is taken once
  'PUT /api/budget-categories/bulk': (id) => [{ id, allocatedAmount: '1.00', allocatedPercentage: 1 }],
  'PUT /api/budget/month/:month/categories/:categoryId': () => ({ assigned: '1.00' }),
  'POST /api/budget/month/:month/move': (id) => ({ fromCategoryId: id, toCategoryId: 'another', amount: '1.00' }),
  'POST /api/budget/month/:month/assign-from-plan': () => ({}),
  'POST /api/transactions': (id) => ({ amount: '1.00', description: 'Bob', date: '2026-01-01', categoryId: id }),
  'POST /api/recurring-bills': (id) => ({
    name: 'Bob',
    amount: '1.00',
    frequency: 'monthly',
    dueDay: 1,
    nextDueDate: '2026-01-01',
    categoryId: id,
  }),
  'POST /api/bill-payments': (id) => ({ recurringBillId: id, amount: '1.00', paidDate: '2026-01-01' }),
  'POST /api/savings-goals': () => ({ name: 'Bob', targetAmount: '10.00' }),
  'POST /api/goal-contributions': (id) => ({ goalId: id, amount: '1.00', contributionDate: '2026-01-01' }),
  'PATCH /api/accounts/:id': () => ({ name: 'Bob account' }),
  'POST /api/accounts/:id/reconcile': () => ({ statementBalance: '0.00', statementDate: '2026-01-01', adjust: true }),
  'PUT /api/accounts/:id/activity/status': (id) => ({ kind: 'expense', id, status: 'cleared' }),
  'PATCH /api/paychecks/:id': () => ({ amount: '1.00' }),
  'PATCH /api/budget-categories/:id': () => ({ name: 'Bob' }),
  'PATCH /api/transactions/:id': (id) => ({ amount: '1.00', categoryId: id }),
  'PATCH /api/recurring-bills/:id': (id) => ({ name: 'Bob', categoryId: id }),
  'PATCH /api/savings-goals/:id': () => ({ name: 'Bob' }),
  'POST /api/transfers': (id) => ({ fromAccountId: id, toAccountId: 'another', amount: '1.00', date: '2026-01-01' }),
  'PATCH /api/transfers/:id': (id) => ({ amount: '1.00', toAccountId: id }),
  'POST /api/schedules': (id) => ({
    kind: 'expense',
    amount: '1.00',
    payee: 'Bob',
    accountId: id,
    frequency: 'weekly',
    startDate: '2026-01-01',
  }),
  'PATCH /api/schedules/:id': (id) => ({ amount: '1.00', accountId: id }),
  'POST /api/schedules/:id/post': () => ({ date: '2026-01-08' }),
  'POST /api/schedules/:id/skip': () => ({ date: '2026-01-08' }),
  'POST /api/notifications/read': (id) => ({ ids: [id] }),
  'PATCH /api/settings/reminders': () => ({ reminderDays: 5 }),
  'PATCH /api/transactions': (id) => ({ ids: [id], categoryId: null }),
  'PATCH /api/payees/:id': () => ({ name: `Bob payee ${++bobCategories}` }),
  'POST /api/payees/merge': (id) => ({ ids: [id], into: id }),
  'POST /api/rules': (id) => ({ conditions: [{ field: 'accountId', op: 'is', value: id }], actions: { categoryId: id } }),
  'PATCH /api/rules/:id': (id) => ({ actions: { transferAccountId: id } }),
  'POST /api/rules/:id/apply': () => ({}),
  'POST /api/transactions/bulk-delete': (id) => ({ ids: [id] }),
  'PATCH /api/profile': () => ({ firstName: 'Bob', lastName: 'Builder' }),
  // Refused before any password or code is checked (a check would count against Bob's limit).
  'PUT /api/password': () => ({ currentPassword: 'x', newPassword: 'short' }),
  'POST /api/two-factor/setup': () => ({}),
  'POST /api/two-factor/confirm': () => ({ code: 'x' }),
  'POST /api/two-factor/disable': () => ({ code: 'x' }),
  'POST /api/sessions/sign-out-others': () => ({}),
  'POST /api/tokens': () => ({ name: 'Bob', access: 'read' }),
  // A setup token that is none: refused before any bridge is called.
  'POST /api/connections': () => ({ setupToken: 'bob' }),
  'PATCH /api/connections/:id': (id) => ({ links: [{ remoteId: 'ACT-1', accountId: id }] }),
  'POST /api/connections/:id/sync': () => ({}),
  'POST /api/imports/preview': (id) => ({ fileName: 'bob.csv', content: 'Date,Description,Amount\n2026-01-01,Bob,-1.00\n', accountId: id }),
  'POST /api/budgets': () => ({ name: 'Bob budget' }),
  'PATCH /api/budgets/:id': () => ({ name: 'Bob budget' }),
  'PATCH /api/budgets/:id/members/:userId': () => ({ role: 'viewer' }),
  'POST /api/budgets/:id/invitations': () => ({ role: 'viewer' }),
  'POST /api/invitations/:token/accept': () => ({}),
  'POST /api/imports': (id) => ({
    fileName: 'bob.csv',
    content: 'Date,Description,Amount\n2026-01-01,Bob,-1.00\n',
    accountId: id,
    rows: [{ index: 2, include: true, categoryId: id }],
  }),
};
/** A route's path with `id` for its ids and a month of Alice's budget for its month. */
const pathWith = (path: string, id: string) =>
  path
    .replace(':id', id)
    .replace(':categoryId', id)
    .replace(':userId', id)
    .replace(':invitationId', id)
    .replace(':token', id)
    .replace(':month', '2026-01');

const PUBLIC = ['GET /api/login', 'GET /api/callback', 'GET /api/logout', 'POST /api/logout', 'GET /api/openapi.json'];

describe.each([
  ['a session', () => bob],
  ['an API token', () => bobToken],
])("isolation: user B (with %s) with user A's ids", (credential, bobClient) => {
  beforeEach(async () => {
    if (credential === 'an API token') await mintBobToken();
  });
  it(
    "GraphQL: every mutation and query, with every one of A's ids, reads and changes nothing of A's",
    async () => {
      const bob = bobClient();
      const before = await aliceRows();
      let calls = 0;
      const problems: string[] = [];
      const fields: (readonly [kind: 'query' | 'mutation', GraphQLField<unknown, unknown>])[] = [
        ...rootFields('mutation').map((f) => ['mutation', f] as const),
        ...rootFields('query').map((f) => ['query', f] as const),
      ];
      for (const [kind, field] of fields) {
        const once = onceWithoutId();
        for (const [type, globalId] of Object.entries(ids.globalIds)) {
          const op = operationFor(kind, field, globalId);
          if (once(op.variables, globalId)) continue;
          const missing = encodeGlobalID(Buffer.from(globalId, 'base64').toString().split(':')[0]!, '00000000-0000-7000-8000-000000000000');
          const theirs = await bob.graphql(op.text, op.variables);
          const none = await bob.graphql(op.text, operationFor(kind, field, missing).variables);
          calls += 2;
          if (leaks(theirs)) problems.push(`${field.name}(${type}) leaked: ${JSON.stringify(theirs).slice(0, 200)}`);
          if (
            shape(theirs.errors?.map((e) => e.extensions?.code) ?? theirs.data, globalId) !==
            shape(none.errors?.map((e) => e.extensions?.code) ?? none.data, missing)
          ) {
            problems.push(
              `${field.name}(${type}) differs from a missing id: ${JSON.stringify(theirs).slice(0, 200)} vs ${JSON.stringify(none).slice(0, 200)}`,
            );
          }
        }
      }
      for (const field of viewerFieldsWithArgs()) {
        const once = onceWithoutId();
        for (const globalId of Object.values(ids.globalIds)) {
          const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
          const defs = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
          const selection = getNamedType(field.type).name.endsWith('Connection')
            ? '{ totalCount edges { node { id } } }'
            : '{ __typename }';
          const variables = Object.fromEntries(field.args.map((a) => [a.name, sampleValue(a.type, globalId)]));
          if (once(variables, globalId)) continue;
          const res = await bob.graphql(`query(${defs}) { viewer { ${field.name}(${args}) ${selection} } }`, variables);
          calls++;
          if (leaks(res)) problems.push(`viewer.${field.name} leaked`);
        }
      }
      console.log(`isolation (GraphQL, ${credential}): ${calls} calls as user B with user A's ids; problems: ${problems.length}`);
      expect(problems).toEqual([]);
      expect(await aliceRows()).toEqual(before);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "REST: every route, with every one of A's raw ids, reads and changes nothing of A's",
    async () => {
      const bob = bobClient();
      const before = await aliceRows();
      const routes = restRoutes(server.app.app).filter((r) => !PUBLIC.includes(`${r.method} ${r.path}`));
      for (const r of routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE')) {
        expect(REST_BODIES[`${r.method} ${r.path}`], `a sample body for ${r.method} ${r.path}`).toBeDefined();
      }
      let calls = 0;
      const problems: string[] = [];
      const missing = '00000000-0000-7000-8000-000000000000';
      const requestFor = (r: { method: string; path: string }, id: string) => ({
        url:
          pathWith(r.path, id) +
          (r.path.endsWith('goal-contributions') ? `?goalId=${id}` : r.path.endsWith('bill-payments') ? `?recurringBillId=${id}` : ''),
        body: REST_BODIES[`${r.method} ${r.path}`]?.(id),
      });
      const call = async (method: string, { url, body }: ReturnType<typeof requestFor>) => {
        const res = await bob.request(url, { method, ...(body === undefined ? {} : { json: body }) });
        const text = await res.text();
        calls++;
        return { status: res.status, text };
      };
      for (const r of routes) {
        const once = onceWithoutId();
        for (const [type, id] of Object.entries(ids.rawIds)) {
          const request = requestFor(r, id);
          if (once(request, id)) continue;
          const theirs = await call(r.method, request);
          const none = await call(r.method, requestFor(r, missing));
          if (leaks(theirs.text)) problems.push(`${r.method} ${r.path} (${type}) leaked`);
          if (theirs.status !== none.status || theirs.text.replaceAll(id, '<id>') !== none.text.replaceAll(missing, '<id>')) {
            if (r.method === 'GET' || r.method === 'PUT' || r.method === 'DELETE' || theirs.status >= 400 || none.status >= 400) {
              // Creations as Bob succeed either way; their new ids differ, so compare only the status then.
              if (theirs.status !== none.status || theirs.status >= 400)
                problems.push(
                  `${r.method} ${r.path} (${type}): ${theirs.status} ${theirs.text.slice(0, 120)} vs ${none.status} ${none.text.slice(0, 120)}`,
                );
            }
          }
        }
      }
      console.log(
        `isolation (REST, ${credential}): ${calls} calls on ${routes.length} routes as user B with user A's ids; problems: ${problems.length}`,
      );
      expect(problems).toEqual([]);
      expect(await aliceRows()).toEqual(before);
    },
    SWEEP_TIMEOUT_MS,
  );
});

describe('signed out', () => {
  it('every GraphQL operation answers 401 UNAUTHENTICATED and every /api route 401', async () => {
    const anonymous = new HttpClient(server.base);
    const problems: string[] = [];
    let calls = 0;
    for (const kind of ['query', 'mutation'] as const) {
      for (const field of rootFields(kind)) {
        const op = operationFor(kind, field, ids.globalIds.account);
        const res = await anonymous.graphql(op.text, op.variables);
        calls++;
        if (res.status !== 401 || res.errors?.[0]?.extensions?.code !== 'UNAUTHENTICATED' || leaks(res))
          problems.push(`${kind} ${field.name}: ${res.status} ${JSON.stringify(res.errors)}`);
      }
    }
    for (const r of restRoutes(server.app.app)) {
      const body = REST_BODIES[`${r.method} ${r.path}`]?.(ids.rawIds.account);
      const res = await anonymous.request(pathWith(r.path, ids.rawIds.account), {
        method: r.method,
        ...(body === undefined ? {} : { json: body }),
      });
      const text = await res.text();
      calls++;
      const expected = r.path === '/api/openapi.json' ? [200] : PUBLIC.includes(`${r.method} ${r.path}`) ? [302, 303, 403] : [401];
      if (!expected.includes(res.status) || leaks(text)) problems.push(`${r.method} ${r.path}: ${res.status}`);
      if (res.status === 401 && text !== '{"message":"Unauthorized"}') problems.push(`${r.method} ${r.path}: body ${text}`);
    }
    console.log(`signed out: ${calls} operations and routes; problems: ${problems.length}`);
    expect(problems).toEqual([]);
  });
});

describe("connections: a cursor of another user's row", () => {
  // Runs last: it gives B data of their own (with the marker text), two of everything, so that a
  // page relative to A's row would hold B's rows (a cursor's own row is skipped).
  it('answers exactly like a cursor of a missing row, on every connection of the schema', async () => {
    const own = await withReminders(bob, await createOneOfEverything(bob));
    await withReminders(bob, await createOneOfEverything(bob));
    await bob.graphql(
      'mutation($b: ID!) { recordBillPayment(input: { recurringBillId: $b, amount: "1.00", paidDate: "2026-01-05" }) { billPayment { id } } }',
      { b: own.globalIds.bill },
    );
    await bob.graphql(
      'mutation($g: ID!) { addGoalContribution(input: { goalId: $g, amount: "1.00", contributionDate: "2026-01-05" }) { contribution { id } } }',
      { g: own.globalIds.goal },
    );
    const KEYS: Record<string, keyof typeof ids.rawIds> = {
      User: 'user',
      Account: 'account',
      Paycheck: 'paycheck',
      BudgetCategory: 'category',
      Transaction: 'transaction',
      RecurringBill: 'bill',
      BillPayment: 'payment',
      SavingsGoal: 'goal',
      GoalContribution: 'contribution',
      Transfer: 'transfer',
      Schedule: 'schedule',
      Import: 'import',
      Payee: 'payee',
      Rule: 'rule',
      Notification: 'notification',
      Budget: 'budget',
      BudgetActivity: 'activity',
    };
    // An account's activity pages by sort key (date, time, id), never by looking a row up: a key
    // taken from another user's row only positions a page of one's own account (ledger.test.ts).
    const KEY_CURSORS = ['Account.activity'];
    const cursor = (rawId: string) => Buffer.from(`GPC:S:${rawId}`).toString('base64');
    const missing = cursor('00000000-0000-7000-8000-000000000000');
    const connections = Object.values(schema.getTypeMap())
      .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'))
      .flatMap((parent) =>
        Object.values(parent.getFields())
          .filter((f) => {
            // Relay connections (a type with edges), not a type that is merely named so (BankConnection).
            const type = getNamedType(f.type);
            return isObjectType(type) && 'edges' in type.getFields() && !KEY_CURSORS.includes(`${parent.name}.${f.name}`);
          })
          .map((field) => ({ parent, field })),
      );
    const problems: string[] = [];
    let calls = 0;
    for (const { parent, field } of connections) {
      const edge = getNamedType((getNamedType(field.type) as GraphQLObjectType).getFields().edges!.type) as GraphQLObjectType;
      const nodeType = getNamedType(edge.getFields().node!.type).name;
      expect(KEYS[parent.name], `a way to reach ${parent.name}.${field.name}`).toBeDefined();
      expect(KEYS[nodeType], `an id of ${nodeType}`).toBeDefined();
      let ownRows = 0;
      // A connection that pages forward only (a budget's activity log) is checked forward.
      const directions = (
        [
          ['after', 'first'],
          ['before', 'last'],
        ] as const
      ).filter(([direction]) => field.args.some((a) => a.name === direction));
      for (const [direction, size] of directions) {
        const selection = `${field.name}(${direction}: $c, ${size}: 50) { totalCount edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }`;
        const query =
          parent.name === 'User'
            ? `query($c: String) { viewer { ${selection} } }`
            : `query($c: String, $id: ID!) { node(id: $id) { ... on ${parent.name} { ${selection} } } }`;
        const run = (c: string) => bob.graphql(query, { c, ...(parent.name === 'User' ? {} : { id: own.globalIds[KEYS[parent.name]!] }) });
        const theirs = await run(cursor(ids.rawIds[KEYS[nodeType]!]));
        const none = await run(missing);
        const mine = await run(cursor(own.rawIds[KEYS[nodeType]!]));
        calls += 3;
        ownRows += JSON.stringify(mine.data).split('"cursor"').length - 1;
        if (leaks({ ...theirs, data: JSON.stringify(theirs.data).replaceAll(SECRET, '') }))
          problems.push(`${parent.name}.${field.name} (${direction}) leaked`);
        if (JSON.stringify(theirs) !== JSON.stringify(none))
          problems.push(
            `${parent.name}.${field.name} (${direction}): ${JSON.stringify(theirs).slice(0, 160)} vs ${JSON.stringify(none).slice(0, 160)}`,
          );
      }
      // B's own row as the cursor does page: the comparison above would have seen A's row used.
      if (ownRows === 0) problems.push(`${parent.name}.${field.name}: no rows around B's own cursor`);
    }
    console.log(
      `isolation (cursors): ${connections.length} connections (${connections.map((c) => `${c.parent.name}.${c.field.name}`).join(', ')}), ${calls} calls as user B with cursors of A's rows; problems: ${problems.length}`,
    );
    expect(problems).toEqual([]);
  });
});

/** Every row of a budget's, as PostgreSQL prints it. */
async function budgetRows(budgetId: string) {
  const out: string[] = [];
  for (const [table, key] of BACKUP_TABLES) {
    if (['app_secrets', 'local_accounts', 'recovery_codes', 'users', 'notifications', 'api_tokens'].includes(table)) continue;
    const column =
      table === 'budgets' ? 'id' : ['budget_invitations', 'budget_activity', 'budget_members'].includes(table) ? 'budget_id' : 'user_id';
    const [row] = await server.app.db.prisma.$queryRawUnsafe<{ j: string | null }[]>(
      `SELECT json_agg(t ORDER BY ${keySql(key)})::text AS j FROM "${table}" t WHERE ${column} = $1`,
      budgetId,
    );
    out.push(row?.j ?? '[]');
  }
  return out;
}

/** A person's own operations: they change the caller's things (their tokens, sessions, profile), never a budget's data. */
const PERSONAL = new Set([
  'tokens',
  'sessions',
  'password',
  'two-factor',
  'profile',
  'settings',
  'notifications',
  'budgets',
  'invitations',
  'logout',
  'login',
  'callback',
  'openapi.json',
  'auth',
]);
const PERSONAL_MUTATIONS =
  /^(changePassword|confirmTwoFactorSetup|createApiToken|deleteMyAccount|disableTwoFactor|markNotificationsRead|revokeApiToken|signOutSession|signOutOtherSessions|startTwoFactorSetup|updateProfile|updateReminderSettings|createBudget|renameBudget|deleteBudget|createBudgetInvitation|revokeBudgetInvitation|acceptBudgetInvitation|changeBudgetMemberRole|removeBudgetMember)$/;

// Last: it signs up users of its own, and the sweeps above need Bob's sign-in to be recent.
describe('roles: a shared budget, for each role with a session and with a token (docs/security.md#budgets-and-roles)', () => {
  it(
    "owner and editor read it, a viewer reads and changes nothing, a removed member and a stranger find nothing; no one reaches the owner's personal budget",
    async () => {
      const owner = (await signUp(server.base)).client;
      const ownerId = (await owner.graphql('{ viewer { id } }')).data.viewer.id as string;
      const ownerPersonal = Buffer.from(ownerId, 'base64').toString().split(':').slice(1).join(':');
      const shared = (await (await owner.request('/api/budgets', { method: 'POST', json: { name: `${SECRET} household` } })).json())
        .id as string;
      const graphqlOn =
        (client: HttpClient, budgetId: string) =>
        async (query: string, variables: Record<string, unknown> = {}) => {
          const res = await client.request('/graphql', {
            method: 'POST',
            json: { query, variables },
            headers: { 'x-graphql-yoga-csrf': '1', 'x-budget-id': budgetId },
          });
          return {
            status: res.status,
            ...((await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }),
          };
        };
      const made = await createOneOfEverything(graphqlOn(owner, shared));
      const join = async (role: 'editor' | 'viewer') => {
        const client = (await signUp(server.base)).client;
        const invited = await (await owner.request(`/api/budgets/${shared}/invitations`, { method: 'POST', json: { role } })).json();
        const token = (invited.url as string).split('/invitations/')[1]!;
        expect((await client.request(`/api/invitations/${token}/accept`, { method: 'POST', json: {} })).status).toBe(200);
        return client;
      };
      const tokenOf = async (client: HttpClient, budgetId: string) => {
        const res = await graphqlOn(client, budgetId)('mutation { createApiToken(input: { name: "role", access: write }) { token } }');
        return new HttpClient(server.base, res.data.createApiToken.token);
      };
      const editor = await join('editor');
      const viewer = await join('viewer');
      const removed = await join('editor');
      const stranger = (await signUp(server.base)).client;
      const tokens = {
        owner: await tokenOf(owner, shared),
        editor: await tokenOf(editor, shared),
        viewer: await tokenOf(viewer, shared),
        removed: await tokenOf(removed, shared),
        // A stranger can make a token only for a budget of theirs.
        stranger: await tokenOf(stranger, (await stranger.graphql('{ viewer { currentBudget { id } } }')).data.viewer.currentBudget.id),
      };
      const removedId = Buffer.from((await removed.graphql('{ viewer { id } }')).data.viewer.id, 'base64')
        .toString()
        .split(':')
        .slice(1)
        .join(':');
      expect((await owner.request(`/api/budgets/${shared}/members/${removedId}`, { method: 'DELETE', json: {} })).status).toBe(204);

      type Role = 'owner' | 'editor' | 'viewer' | 'removed' | 'stranger';
      const clients: [Role, 'session' | 'token', HttpClient][] = [
        ['owner', 'session', owner],
        ['owner', 'token', tokens.owner],
        ['editor', 'session', editor],
        ['editor', 'token', tokens.editor],
        ['viewer', 'session', viewer],
        ['viewer', 'token', tokens.viewer],
        ['removed', 'session', removed],
        ['removed', 'token', tokens.removed],
        ['stranger', 'session', stranger],
        ['stranger', 'token', tokens.stranger],
      ];
      const routes = restRoutes(server.app.app).filter((r) => !PUBLIC.includes(`${r.method} ${r.path}`));
      const problems: string[] = [];
      let calls = 0;
      const sharedLeaks = (text: string) =>
        text.includes(SECRET) || Object.entries(made.rawIds).some(([k, id]) => k !== 'user' && k !== 'budget' && text.includes(id));
      for (const [role, credential, client] of clients) {
        const who = `${role} (${credential})`;
        const before = await budgetRows(shared);
        const reads = await client.request('/api/transactions', { headers: { 'x-budget-id': shared } });
        const readText = await reads.text();
        calls++;
        const member = role === 'owner' || role === 'editor' || role === 'viewer';
        if (member && !(reads.status === 200 && readText.includes(SECRET)))
          problems.push(`${who}: cannot read the budget (${reads.status})`);
        // Not a member: a session finds no budget (404), the removed member's token is gone (401), the stranger's acts on their own.
        // (A 429 for the removed member's token: the address used up its bad-token allowance, also a refusal.)
        const refusal = credential === 'session' ? [404] : role === 'removed' ? [401, 429] : [200];
        if (!member && (sharedLeaks(readText) || !refusal.includes(reads.status)))
          problems.push(`${who}: read the budget: ${reads.status} ${readText.slice(0, 120)}`);
        // The owner's personal budget, named in the header: a session of anyone else finds nothing.
        if (credential === 'session' && role !== 'owner') {
          const personal = await client.request('/api/transactions', { headers: { 'x-budget-id': ownerPersonal } });
          calls++;
          if (personal.status !== 404 || (await personal.text()) !== '{"message":"Budget not found"}')
            problems.push(`${who}: the owner's personal budget answered ${personal.status}`);
        }
        // The owner and editor write; the removed member's token is gone (401, then the bad-token limit's 429): nothing more to call.
        if (role === 'owner' || role === 'editor' || (role === 'removed' && credential === 'token')) continue;
        for (const r of routes) {
          if (PERSONAL.has(r.path.split('/')[2] ?? '')) continue;
          const body = REST_BODIES[`${r.method} ${r.path}`]?.(made.rawIds.account);
          const res = await client.request(pathWith(r.path, made.rawIds.account), {
            method: r.method,
            headers: { 'x-budget-id': shared },
            ...(body === undefined ? {} : { json: body }),
          });
          const text = await res.text();
          calls++;
          if (role === 'viewer') {
            if (r.method !== 'GET' && (res.status !== 403 || text !== '{"message":"This budget is read-only for you"}'))
              problems.push(`${who} ${r.method} ${r.path}: ${res.status} ${text.slice(0, 100)}`);
          } else {
            if (sharedLeaks(text)) problems.push(`${who} ${r.method} ${r.path} leaked`);
            const expected = credential === 'token' && role === 'removed' ? [401] : credential === 'session' ? [404] : null;
            if (expected && !expected.includes(res.status))
              problems.push(`${who} ${r.method} ${r.path}: ${res.status} ${text.slice(0, 100)}`);
          }
        }
        const gql = credential === 'session' ? graphqlOn(client, shared) : (q: string, v?: Record<string, unknown>) => client.graphql(q, v);
        for (const [kind, field] of [
          ...rootFields('mutation').map((f) => ['mutation', f] as const),
          ...rootFields('query').map((f) => ['query', f] as const),
        ]) {
          if (kind === 'mutation' && PERSONAL_MUTATIONS.test(field.name)) continue;
          const op = operationFor(kind, field, made.globalIds.account);
          const res = await gql(op.text, op.variables);
          calls++;
          const code = res.errors?.[0]?.extensions?.code;
          if (role === 'viewer') {
            if (kind === 'mutation' && code !== 'FORBIDDEN') problems.push(`${who} ${field.name}: ${JSON.stringify(res).slice(0, 120)}`);
          } else {
            if (sharedLeaks(JSON.stringify(res))) problems.push(`${who} ${field.name} leaked`);
            if (credential === 'session' && (code !== 'NOT_FOUND' || res.errors?.[0]?.message !== 'Budget not found'))
              problems.push(`${who} ${field.name}: ${JSON.stringify(res).slice(0, 120)}`);
          }
        }
        if (JSON.stringify(await budgetRows(shared)) !== JSON.stringify(before)) problems.push(`${who}: changed the budget's rows`);
      }
      console.log(`isolation (roles): ${clients.length} role × credential pairs, ${calls} calls; problems: ${problems.length}`);
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS * 2,
  );
});

import type { Prisma } from '../../generated/prisma/client.ts';
import { rowJson } from '../../rest/json.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { letOthersIn } from '../../lib/work-in-slices.ts';
import { spool } from '../../lib/spooled-file.ts';

/**
 * "Export all my data" (docs/product.md#export-of-everything): every row of the user's personal
 * budget and of the other budgets they own (under `otherBudgets`), one JSON
 * document, written as the REST API writes rows (money as two-decimal strings, calendar days as
 * YYYY-MM-DD, instants as ISO timestamps), read in batches from one snapshot of the database, so
 * its size is not held in memory and a write meanwhile is either wholly in it or not at all.
 */

export const EXPORT_FORMAT = 'budget-export';
export const EXPORT_VERSION = 1;
const BATCH = 1000;
/** The snapshot's transaction may last this long (a large account's read): beyond, the export fails rather than hold the database. */
const SNAPSHOT_TIMEOUT_MS = 120_000;

type Db = Prisma.TransactionClient;

/** One page of a user-owned table, by id (time-ordered UUIDs: oldest first). */
type Page = { where: { userId: string; id?: { gt: string } }; orderBy: { id: 'asc' }; take: number };

interface Table {
  find(db: Db, page: Page): Promise<({ id: string } & object)[]>;
  /** Date-only fields, written as calendar days. */
  days?: string[];
  /** Fields that are not the user's data to take away (a bank link's access token is the server's credential). */
  omit?: string[];
  /** The user's own rows (not a budget's): in the top level only. */
  personal?: boolean;
}

/**
 * The user's tables in the export, parents before children (the order an import reads them in):
 * a new user-owned table is one line here.
 */
export const EXPORTED_TABLES: Record<string, Table> = {
  accounts: { find: (db, page) => db.account.findMany(page) },
  bankLinks: { find: (db, page) => db.bankLink.findMany(page), omit: ['plaidAccessToken'] },
  budgetCategories: { find: (db, page) => db.budgetCategory.findMany(page), days: ['targetDate'] },
  // A month's own assigned amounts (docs/product.md#the-months-writes), each naming its category.
  budgetAssignments: { find: (db, page) => db.budgetAssignment.findMany(page) },
  imports: { find: (db, page) => db.import.findMany(page) },
  importMappings: { find: (db, page) => db.importMapping.findMany(page) },
  schedules: { find: (db, page) => db.schedule.findMany(page), days: ['startDate', 'endDate', 'nextDate'] },
  scheduleOccurrences: { find: (db, page) => db.scheduleOccurrence.findMany(page), days: ['date'] },
  // Who records paid or came from (docs/product.md#payees), before the records that name them; the user's rules.
  payees: { find: (db, page) => db.payee.findMany(page) },
  rules: { find: (db, page) => db.rule.findMany(page) },
  paychecks: { find: (db, page) => db.paycheck.findMany(page), days: ['date'] },
  transactions: { find: (db, page) => db.transaction.findMany(page), days: ['date'] },
  // The lines of split transactions (docs/product.md#refunds-and-splits), each naming its transaction.
  transactionSplits: { find: (db, page) => db.transactionSplit.findMany(page) },
  recurringBills: { find: (db, page) => db.recurringBill.findMany(page), days: ['nextDueDate'] },
  billPayments: { find: (db, page) => db.billPayment.findMany(page), days: ['paidDate'] },
  savingsGoals: { find: (db, page) => db.savingsGoal.findMany(page), days: ['targetDate'] },
  goalContributions: { find: (db, page) => db.goalContribution.findMany(page), days: ['contributionDate'] },
  transfers: { find: (db, page) => db.transfer.findMany(page), days: ['date'] },
  // Bank connections (docs/product.md#bank-sync): never their access, the server's credential.
  bankConnections: { find: (db, page) => db.bankConnection.findMany(page), omit: ['accessSecret'] },
  bankConnectionAccounts: { find: (db, page) => db.bankConnectionAccount.findMany(page) },
  // The bell's reminders (docs/product.md#reminders), read or not: the user's own, not a budget's.
  notifications: { find: (db, page) => db.notification.findMany(page), personal: true },
};

function rowOut(row: object, table: Pick<Table, 'days' | 'omit'> = {}) {
  const json = rowJson(row as Record<string, unknown>, table.days ?? []);
  for (const field of ['userId', ...(table.omit ?? [])]) delete json[field];
  return JSON.stringify(json);
}

async function* exportChunks(viewer: Viewer, db: Db) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      profileImageUrl: true,
      reminderDays: true,
      reminderEmail: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  yield `{"format":"${EXPORT_FORMAT}","version":${EXPORT_VERSION},"exportedAt":"${new Date().toISOString()}","user":${rowOut(user)}`;
  // The top level is the personal budget (its id is the user's), as before shared budgets.
  yield* budgetTables(db, viewer.id, viewer.id);
  // The other budgets the user owns, each apart, under a key a user with only a personal budget never sees.
  const others = await db.budget.findMany({
    where: { id: { not: viewer.id }, members: { some: { userId: viewer.id, role: 'owner' } } },
    select: { id: true, name: true, _count: { select: BUDGET_TABLES } },
    orderBy: { id: 'asc' },
  });
  if (others.length) {
    yield ',\n"otherBudgets":[';
    for (const [i, budget] of others.entries()) {
      yield `${i ? ',' : ''}\n{"id":${JSON.stringify(budget.id)},"name":${JSON.stringify(budget.name)}`;
      yield* budgetTables(db, budget.id, viewer.id, budget._count);
      yield '}';
    }
    yield ']';
  }
  yield '}\n';
}

/**
 * A budget's tables, each a relation of the budget of the same name, counted for every other
 * budget at once: an owner of many budgets, most of them small, is not a query per table each.
 */
const BUDGET_TABLES = Object.fromEntries(
  Object.entries(EXPORTED_TABLES).flatMap(([key, table]) => (table.personal ? [] : [[key, true]])),
) as Prisma.BudgetCountOutputTypeSelect;

/**
 * A budget's tables as `,"key":[rows]`: with `counts` (another budget's), its tables only and
 * those with rows read; without, the top level's (the personal budget's and the user's own).
 */
async function* budgetTables(db: Db, budgetId: string, userId: string, counts?: Record<string, number>) {
  for (const [key, table] of Object.entries(EXPORTED_TABLES)) {
    if (table.personal && counts) continue;
    yield `,\n"${key}":[`;
    if (counts?.[key] === 0) {
      yield ']';
      continue;
    }
    let after: string | undefined;
    for (;;) {
      const rows = await table.find(db, {
        where: { userId: table.personal ? userId : budgetId, ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: 'asc' },
        take: BATCH,
      });
      if (rows.length) yield `${after ? ',' : ''}\n${rows.map((row) => rowOut(row, table)).join(',\n')}`;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
      await letOthersIn();
    }
    yield ']';
    await letOthersIn();
  }
}

/**
 * The export as a stream of JSON text. Every table is read in one read-only repeatable-read
 * transaction (on PGlite, its one connection is the export's meanwhile, as for a backup), written
 * to a spooled file as it goes, and the file is streamed once the snapshot is closed: a client
 * that reads slowly holds no database connection.
 */
export async function exportAll(viewer: Viewer) {
  return spool((append) =>
    viewer.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SET TRANSACTION READ ONLY`;
        for await (const chunk of exportChunks(viewer, tx)) await append(chunk);
      },
      { isolationLevel: 'RepeatableRead', timeout: SNAPSHOT_TIMEOUT_MS },
    ),
  );
}

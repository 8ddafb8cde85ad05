import { Readable } from 'node:stream';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { rowJson } from '../../rest/json.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { letOthersIn } from '../../lib/let-others-in.ts';

/**
 * "Export all my data" (docs/product.md#export-all-my-data): every row of the user, one JSON
 * document, written as the REST API writes rows (money as two-decimal strings, calendar days as
 * YYYY-MM-DD, instants as ISO timestamps), streamed in batches so its size is not held in memory.
 */

export const EXPORT_FORMAT = 'budget-export';
export const EXPORT_VERSION = 1;
const BATCH = 1000;

/** One page of a user-owned table, by id (time-ordered UUIDs: oldest first). */
type Page = { where: { userId: string; id?: { gt: string } }; orderBy: { id: 'asc' }; take: number };

interface Table {
  find(db: PrismaClient, page: Page): Promise<({ id: string } & object)[]>;
  /** Date-only fields, written as calendar days. */
  days?: string[];
  /** Fields that are not the user's data to take away (a bank link's access token is the server's credential). */
  omit?: string[];
}

/**
 * The user's tables in the export, parents before children (the order an import reads them in):
 * a new user-owned table is one line here.
 */
export const EXPORTED_TABLES: Record<string, Table> = {
  accounts: { find: (db, page) => db.account.findMany(page) },
  bankLinks: { find: (db, page) => db.bankLink.findMany(page), omit: ['plaidAccessToken'] },
  budgetCategories: { find: (db, page) => db.budgetCategory.findMany(page) },
  imports: { find: (db, page) => db.import.findMany(page) },
  importMappings: { find: (db, page) => db.importMapping.findMany(page) },
  paychecks: { find: (db, page) => db.paycheck.findMany(page), days: ['date'] },
  transactions: { find: (db, page) => db.transaction.findMany(page), days: ['date'] },
  recurringBills: { find: (db, page) => db.recurringBill.findMany(page), days: ['nextDueDate'] },
  billPayments: { find: (db, page) => db.billPayment.findMany(page), days: ['paidDate'] },
  savingsGoals: { find: (db, page) => db.savingsGoal.findMany(page), days: ['targetDate'] },
  goalContributions: { find: (db, page) => db.goalContribution.findMany(page), days: ['contributionDate'] },
  transfers: { find: (db, page) => db.transfer.findMany(page), days: ['date'] },
};

function rowOut(row: object, table: Pick<Table, 'days' | 'omit'> = {}) {
  const json = rowJson(row as Record<string, unknown>, table.days ?? []);
  for (const field of ['userId', ...(table.omit ?? [])]) delete json[field];
  return JSON.stringify(json);
}

async function* exportChunks(viewer: Viewer) {
  const user = await viewer.prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: { id: true, email: true, firstName: true, lastName: true, profileImageUrl: true, createdAt: true, updatedAt: true },
  });
  yield `{"format":"${EXPORT_FORMAT}","version":${EXPORT_VERSION},"exportedAt":"${new Date().toISOString()}","user":${rowOut(user)}`;
  for (const [key, table] of Object.entries(EXPORTED_TABLES)) {
    yield `,\n"${key}":[`;
    let after: string | undefined;
    for (;;) {
      const rows = await table.find(viewer.prisma, {
        where: { ...owned(viewer), ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: 'asc' },
        take: BATCH,
      });
      if (rows.length) yield `${after ? ',' : ''}\n${rows.map((row) => rowOut(row, table)).join(',\n')}`;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
      await letOthersIn();
    }
    yield ']';
  }
  yield '}\n';
}

/** The export as a stream of JSON text. */
export function exportAll(viewer: Viewer) {
  return Readable.from(exportChunks(viewer));
}

import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { commitImportInput, previewImportInput, type CsvMapping, type DateFormat } from '../../../shared/inputs/imports.ts';
import { letOthersIn, mapInSlices, slices } from '../../lib/work-in-slices.ts';
import { IMPORT_TURN_MS } from '../../lib/turns.ts';
import { withRoomToGrow } from '../../lib/memory.ts';
import { transactionEffect, incomeEffect, ledgerWrite, moveBalances, ownedAccountId } from '../accounts/ledger.ts';
import { categorySuggester } from '../suggestions/suggestions.service.ts';
import type { FileRow } from './cells.ts';
import { DUPLICATE_DAYS, findDuplicates, type ExistingRecord } from './duplicates.ts';
import { decodeContent, readFile } from './file-rows.ts';

/**
 * Importing bank files (docs/product.md#import): a preview that writes nothing, a commit that
 * writes the chosen rows in one database transaction, and an undo that removes what an import
 * created (and still exists).
 */

export interface PreviewRow extends FileRow {
  suggestedCategoryId: string | null;
  duplicateOf: Pick<ExistingRecord, 'id' | 'kind'> | null;
  /** Ticked by default: readable and not a duplicate. */
  include: boolean;
}

/** The CSV mapping used, its columns, the date formats the data allows, and whether it was remembered. */
export type PreviewMapping = CsvMapping & { columns: string[]; dateFormats: DateFormat[]; remembered: boolean };

export interface ImportPreview {
  format: 'csv' | 'ofx';
  /** Null for OFX. */
  mapping: PreviewMapping | null;
  rows: PreviewRow[];
}

/**
 * Rows created per statement: small enough that one statement holds the embedded database (and
 * with it the process) for a moment only; others run between two. The search index's pending list
 * is kept small for the same reason (see `commit`; docs/decisions/003-import-writes.md).
 */
const BATCH = 200;
const PENDING_LIST_KB = 128;
/** Existing records read per statement, for the same reason: each page holds the database a moment (docs/performance.md#imports). */
const PAGE = 5000;

/** Reads a file and answers what importing it would write; one preview or commit of a user at a time (api/lib/turns.ts). */
export async function previewImport(viewer: Viewer, input: unknown): Promise<ImportPreview> {
  const data = parseInput(previewImportInput, input);
  return viewer.turns.run('import', viewer.id, () => withRoomToGrow(async () => (await buildPreview(viewer, data)).preview));
}

async function buildPreview(
  viewer: Viewer,
  data: Parameters<typeof decodeContent>[0] & { accountId?: string | null; mapping?: Parameters<typeof readFile>[1] },
) {
  const accountId = await ownedAccountId(viewer.prisma, viewer, data.accountId);
  const file = await readFile(decodeContent(data), data.mapping, async (signature) => {
    const stored = await viewer.prisma.importMapping.findFirst({ where: { signature, ...owned(viewer) } });
    return stored?.mapping;
  });
  const rows = await previewRows(viewer, accountId, file.rows);
  const mapping = file.csv && {
    ...file.csv.mapping,
    columns: file.csv.columns,
    dateFormats: file.csv.dateFormats,
    remembered: file.remembered,
  };
  return { preview: { format: file.format, mapping, rows } satisfies ImportPreview, accountId, csv: file.csv };
}

/**
 * What importing rows into an account (owned, already checked) would write: each row with its
 * suggested category, the existing record it duplicates, and whether it is ticked. The one path
 * for rows from a file and from a bank connection.
 */
export async function previewRows(viewer: Viewer, accountId: string | null, fileRows: FileRow[]): Promise<PreviewRow[]> {
  const [duplicates, suggest, categories] = await Promise.all([
    existingRecords(viewer, accountId, fileRows).then((existing) => findDuplicates(fileRows, existing)),
    categorySuggester(viewer),
    viewer.prisma.budgetCategory.findMany({ where: owned(viewer), select: { id: true, name: true } }),
  ]);
  const byName = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.id]));
  const suggestions = new Map<string, string | null>();
  const suggestionFor = (row: FileRow) => {
    if (row.kind !== 'transaction') return null;
    // A category the file names that the user has (our own export's column) wins over a suggestion.
    const named = row.category && byName.get(row.category.toLowerCase());
    if (named) return named;
    if (!suggestions.has(row.description)) suggestions.set(row.description, suggest(row.description));
    return suggestions.get(row.description)!;
  };
  return mapInSlices(fileRows, (row) => {
    const duplicate = duplicates.get(row.index);
    return {
      ...row,
      suggestedCategoryId: suggestionFor(row),
      duplicateOf: duplicate ? { id: duplicate.id, kind: duplicate.kind } : null,
      include: !row.error && !duplicate && row.date !== null,
    };
  });
}

/**
 * The user's transactions and paychecks a file's rows could duplicate: those of the account the
 * file goes into (or without an account, when it goes into none) dated within the file's dates
 * (±3 days) or carrying one of its FITIDs, oldest first. Read a page at a time, each page one JSON
 * text (PGlite would decode every field of rows read as objects on its own), so no statement holds
 * the database long.
 */
async function existingRecords(viewer: Viewer, accountId: string | null, rows: FileRow[]): Promise<ExistingRecord[]> {
  let [first, last] = [null as string | null, null as string | null];
  const fitids = new Set<string>();
  for (const { date, fitid } of rows) {
    if (date && (!first || date < first)) first = date;
    if (date && (!last || date > last)) last = date;
    if (fitid) fitids.add(fitid);
  }
  const shift = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000);
  const found = new Map<string, ExistingRecord>();
  const inAccount = accountId ? Prisma.sql`account_id = ${accountId}` : Prisma.sql`account_id IS NULL`;
  for (const kind of ['transaction', 'paycheck'] as const) {
    const [table, text] =
      kind === 'transaction' ? [Prisma.sql`transactions`, Prisma.sql`description`] : [Prisma.sql`paychecks`, Prisma.sql`notes`];
    const read = async (where: Prisma.Sql) => {
      const [result] = await viewer.prisma.$queryRaw<{ json: string | null }[]>`
        SELECT json_agg(json_build_array(id, amount::text, to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ${text}, fitid, date) ORDER BY date, id)::text AS json
        FROM (SELECT * FROM ${table} WHERE user_id = ${viewer.id} AND ${inAccount} AND ${where}) page`;
      const page = JSON.parse(result?.json ?? '[]') as [string, string, string, string | null, string | null, string][];
      for (const [id, amount, date, description, fitid] of page) found.set(id, { id, kind, amount, date, description, fitid });
      await letOthersIn();
      return page;
    };
    // The file's days, oldest first, each page after the last one's last row (by date, then id).
    if (first && last) {
      let after: [string, string] = [shift(first, -DUPLICATE_DAYS).toISOString(), ''];
      const to = shift(last, DUPLICATE_DAYS);
      for (;;) {
        const [from, id] = after;
        const page = await read(
          Prisma.sql`date >= ${from}::timestamptz AND (date, id) > (${from}::timestamptz, ${id}) AND date <= ${to} ORDER BY date, id LIMIT ${PAGE}`,
        );
        if (page.length < PAGE) break;
        const end = page.at(-1)!;
        after = [end[5], end[0]];
      }
    }
    const ids = [...fitids];
    for (let i = 0; i < ids.length; i += PAGE)
      // `= ANY` of an array: the (user_id, fitid) index answers it even before the table has statistics.
      await read(Prisma.sql`fitid = ANY(${ids.slice(i, i + PAGE)}::text[])`);
  }
  return [...found.values()];
}

export interface ImportResult {
  import: Prisma.ImportGetPayload<object>;
  transactions: number;
  paychecks: number;
  skipped: number;
}

/**
 * Writes the chosen rows of a file (the preview's, with the choices sent) in one database
 * transaction, into the chosen account: all of them or, on any refusal, nothing. Remembers the
 * CSV mapping for the file's layout. One preview or commit of a user at a time.
 */
export async function commitImport(viewer: Viewer, input: unknown): Promise<ImportResult> {
  const data = parseInput(commitImportInput, input);
  return viewer.turns.run('import', viewer.id, () => withRoomToGrow(() => commit(viewer, data)));
}

async function commit(viewer: Viewer, data: z.output<typeof commitImportInput>): Promise<ImportResult> {
  const { preview, accountId, csv } = await buildPreview(viewer, data);
  const choices = checkedChoices(preview, data.rows ?? []);
  return writePreviewRows(viewer, { accountId, fileName: data.fileName }, preview.rows, choices, async (tx) => {
    if (csv?.signature) await rememberMapping(tx, viewer, csv.signature, csv.mapping);
  });
}

/**
 * Writes the chosen rows of a preview (its ticks, changed by the choices) as one import, in one
 * database transaction: all of them or, on any refusal, nothing. `alsoWrite` runs in the same
 * transaction. The one path for rows from a file and from a bank connection.
 */
export async function writePreviewRows(
  viewer: Viewer,
  target: { accountId: string | null; fileName: string },
  rows: PreviewRow[],
  choices: RowChoices = new Map(),
  alsoWrite?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<ImportResult> {
  const chosen = await chooseRows(viewer, rows, choices);
  const created = await ledgerWrite(
    viewer,
    async (tx) => {
      const record = await writeImport(tx, viewer, target, chosen);
      await alsoWrite?.(tx);
      return record;
    },
    { timeoutMs: IMPORT_TURN_MS },
  );
  viewer.events.publish(viewer.id);
  return { import: created, transactions: chosen.spent.length, paychecks: chosen.earned.length, skipped: chosen.skipped };
}

export type RowChoices = Map<number, { include: boolean; categoryId?: string | null }>;

/** The choices sent, by row: refused while the file's date format is to be chosen, or when one names no row. */
function checkedChoices(preview: ImportPreview, sent: NonNullable<z.output<typeof commitImportInput>['rows']>): RowChoices {
  if (preview.mapping && !preview.mapping.dateFormat) {
    const choices = preview.mapping.dateFormats.join(' or ');
    throw new ValidationError([{ path: ['mapping', 'dateFormat'], message: `Choose the date format of this file: ${choices}` }]);
  }
  const indexes = new Set(preview.rows.map((r) => r.index));
  const choices: RowChoices = new Map();
  sent.forEach((choice, i) => {
    if (!indexes.has(choice.index))
      throw new ValidationError([{ path: ['rows', String(i), 'index'], message: `Row ${choice.index}: no such row` }]);
    choices.set(choice.index, choice);
  });
  return choices;
}

type ChosenRow = Pick<PreviewRow, 'amount' | 'date' | 'description' | 'fitid' | 'pending'> & { categoryId: string | null };

interface ChosenRows {
  /** Expenses, written as transactions. */
  spent: ChosenRow[];
  /** Income, written as paychecks. */
  earned: ChosenRow[];
  /** Duplicates left out. */
  skipped: number;
}

/**
 * The rows to write: the ticked ones (the preview's ticks, changed by the choices), each with its
 * category (the chosen one, else the suggested one). A ticked row with an error, or a category
 * that is not the user's, refuses the whole import.
 */
async function chooseRows(viewer: Viewer, rows: PreviewRow[], choices: RowChoices): Promise<ChosenRows> {
  const categoryIds = new Set(
    (await viewer.prisma.budgetCategory.findMany({ where: owned(viewer), select: { id: true } })).map((c) => c.id),
  );
  const chosen: ChosenRows = { spent: [], earned: [], skipped: 0 };
  const sliceEnds = slices();
  for (const row of rows) {
    if (sliceEnds()) await letOthersIn();
    const choice = choices.get(row.index);
    if (!(choice?.include ?? row.include)) {
      if (row.duplicateOf) chosen.skipped++;
      continue;
    }
    if (row.error || !row.date) throw new ValidationError([{ path: ['rows'], message: row.error ?? `Row ${row.index}: no date` }]);
    const categoryId = choice?.categoryId === undefined ? row.suggestedCategoryId : choice.categoryId;
    if (categoryId && !categoryIds.has(categoryId))
      throw new ValidationError([{ path: ['rows', 'categoryId'], message: 'Category not found' }]);
    if (row.kind === 'transaction') {
      chosen.spent.push({ ...row, categoryId: categoryId ?? null });
    } else {
      chosen.earned.push({ ...row, categoryId: null });
    }
  }
  return chosen;
}

/** The import's record, its rows into the chosen account, and the account's balance moved by their total. */
async function writeImport(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  data: { accountId?: string | null; fileName: string },
  chosen: ChosenRows,
) {
  const accountId = await ownedAccountId(tx, viewer, data.accountId);
  const record = await tx.import.create({
    data: {
      userId: viewer.id,
      accountId,
      fileName: data.fileName,
      transactionCount: chosen.spent.length,
      paycheckCount: chosen.earned.length,
      skippedCount: chosen.skipped,
    },
  });
  // The search index's pending entries are merged into it whenever they pass this size, in the
  // statement that passes it: a small size keeps every statement short (on PGlite the process waits on it).
  // set_config(…, true) is SET LOCAL, which takes no parameter.
  await tx.$executeRaw`SELECT set_config('gin_pending_list_limit', ${`${PENDING_LIST_KB}kB`}, true)`;
  const owner = { userId: viewer.id, accountId, importId: record.id };
  await insertRows(tx, 'transactions', owner, chosen.spent);
  await insertRows(tx, 'paychecks', owner, chosen.earned);
  await moveBalances(
    tx,
    viewer,
    [],
    // Row by row: a row dated before the account's starting date moves nothing (docs/product.md#reconcile).
    [
      ...chosen.spent.flatMap((r) => transactionEffect({ accountId, amount: r.amount!, kind: 'expense', date: `${r.date}T00:00:00Z` })),
      ...chosen.earned.flatMap((r) => incomeEffect({ accountId, amount: r.amount!, date: `${r.date}T00:00:00Z` })),
    ],
  );
  return record;
}

/** Remembers the mapping a CSV file was read with, for the next file of its layout. */
async function rememberMapping(tx: Prisma.TransactionClient, viewer: Viewer, signature: string, mapping: CsvMapping) {
  await tx.importMapping.upsert({
    where: { userId_signature: { userId: viewer.id, signature } },
    create: { userId: viewer.id, signature, mapping },
    update: { mapping },
  });
}

/**
 * Writes rows in batches, each one INSERT reading a JSON array (one parameter), where Prisma's
 * createMany binds every value as its own parameter.
 * Ids are UUIDv7, as Prisma's default writes them; a paycheck keeps the description in its notes.
 * Imported rows arrive cleared: the bank has them (docs/product.md#reconcile).
 * Rows go newest day first, the order of the `(…, date DESC …)` indexes: each entry lands at their
 * right end, so their pages fill up instead of splitting in halves, which leaves the indexes
 * smaller and the writes faster (docs/decisions/003-import-writes.md). Between two batches others
 * run (on PGlite a batch holds the process while it runs).
 */
async function insertRows(
  tx: Prisma.TransactionClient,
  table: 'transactions' | 'paychecks',
  owner: { userId: string; accountId: string | null; importId: string },
  rows: ChosenRow[],
) {
  const [text, values] =
    table === 'transactions'
      ? [Prisma.sql`description, category_id`, Prisma.sql`x.description, x.category_id`]
      : [Prisma.sql`notes`, Prisma.sql`x.description`];
  const byDay = new Map<string, ChosenRow[]>();
  for (const row of rows) {
    const day = byDay.get(row.date!);
    if (day) day.push(row);
    else byDay.set(row.date!, [row]);
  }
  const newestFirst = [...byDay.keys()]
    .sort()
    .reverse()
    .flatMap((day) => byDay.get(day)!);
  for (let i = 0; i < newestFirst.length; i += BATCH) {
    const batch = newestFirst.slice(i, i + BATCH).map((r) => ({
      id: uuidv7(),
      amount: r.amount,
      date: `${r.date}T00:00:00Z`,
      description: r.description,
      fitid: r.fitid,
      category_id: r.categoryId,
      pending: r.pending ?? false,
    }));
    await tx.$executeRaw`
      INSERT INTO ${Prisma.raw(table)} (id, user_id, account_id, import_id, fitid, amount, date, status, pending, ${text})
      SELECT x.id, ${owner.userId}, ${owner.accountId}, ${owner.importId}, x.fitid, x.amount::numeric, x.date::timestamptz, 'cleared', x.pending, ${values}
      FROM json_to_recordset(${JSON.stringify(batch)}::json) AS x(id text, amount text, date text, description text, fitid text, category_id text, pending boolean)`;
    await letOthersIn();
  }
}

/**
 * Undoes an import: deletes the transactions and paychecks it created that still exist (as they
 * are now, edits included), gives their amounts back to their accounts, and marks it undone. An
 * import already undone, missing or another user's answers NOT_FOUND.
 */
export async function undoImport(viewer: Viewer, id: string) {
  const undone = await ledgerWrite(viewer, async (tx) => {
    const found = await tx.import.count({ where: { id, undoneAt: null, ...owned(viewer) } });
    if (found !== 1) throw new NotFoundError('Import');
    const where = { importId: id, ...owned(viewer) };
    // Edited since, an imported transaction may have become a refund: each kind gives back its own way;
    // per day too, since a day before an account's starting date gives nothing back.
    const spent = await tx.transaction.groupBy({ by: ['accountId', 'kind', 'date'], where, _sum: { amount: true } });
    const earned = await tx.paycheck.groupBy({ by: ['accountId', 'date'], where, _sum: { amount: true } });
    await tx.transaction.deleteMany({ where });
    await tx.paycheck.deleteMany({ where });
    await moveBalances(
      tx,
      viewer,
      [
        ...spent.flatMap((g) => transactionEffect({ accountId: g.accountId, kind: g.kind, amount: g._sum.amount ?? '0', date: g.date })),
        ...earned.flatMap((g) => incomeEffect({ accountId: g.accountId, amount: g._sum.amount ?? '0', date: g.date })),
      ],
      [],
    );
    return tx.import.update({ where: { id }, data: { undoneAt: new Date() } });
  });
  viewer.events.publish(viewer.id);
  return undone;
}

export const IMPORT_ORDER: Prisma.ImportOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** The user's imports, newest first (undone ones too). */
export function listImports(viewer: Viewer, query: Omit<Prisma.ImportFindManyArgs, 'where' | 'orderBy'> = {}) {
  return viewer.prisma.import.findMany({ ...query, where: owned(viewer), orderBy: IMPORT_ORDER });
}

export function countImports(viewer: Viewer) {
  return viewer.prisma.import.count({ where: owned(viewer) });
}

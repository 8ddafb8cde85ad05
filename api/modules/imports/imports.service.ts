import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { Decimal } from '../../lib/money.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import {
  commitImportInput,
  previewImportInput,
  type CsvMapping,
  type DateFormat,
  type Movement,
  type RowChoice,
} from '../../../shared/inputs/imports.ts';
import { letOthersIn, mapInSlices, slices } from '../../lib/work-in-slices.ts';
import { IMPORT_TURN_MS } from '../../lib/turns.ts';
import { withRoomToGrow } from '../../lib/memory.ts';
import { refreshStatistics } from '../../db/maintenance.ts';
import {
  transactionEffect,
  incomeEffect,
  ledgerWrite,
  moveBalances,
  ownedAccountId,
  transferEffect,
  type BalanceEffect,
} from '../accounts/ledger.ts';
import { categorySuggester } from '../suggestions/suggestions.service.ts';
import { withMonthSpendingDeferred } from '../budget/month-spending.ts';
import type { FileRow } from './cells.ts';
import { DUPLICATE_DAYS, findDuplicates, type ExistingRecord, type RecordKind } from './duplicates.ts';
import { decodeContent, readFile } from './file-rows.ts';
import { cleanPayee } from '../payees/clean-payee.ts';
import { payeeIdsFor } from '../payees/payees.service.ts';
import { userRules } from '../rules/rules.service.ts';
import { matchCandidates } from './match-candidates.ts';
import { detailsBefore, putBack, replacedPaycheck, replacedTransaction, type PutBack } from './put-back.ts';
import { defaultMovement, directionOf, guessTransferAccount, looksLikeTransfer, MOVEMENTS_OF } from './movement.ts';

/**
 * Importing bank files (docs/product.md#import): a preview that writes nothing, a commit that
 * writes the chosen rows in one database transaction, and an undo that removes what an import
 * created (and still exists).
 */

/** An existing record a row matched: "matches 'Whole Foods Market' on Nov 18, entered by hand". */
export type RecordMatch = Pick<ExistingRecord, 'id' | 'kind' | 'date' | 'description' | 'enteredByHand'>;
/** A record of the account a row could be matched with by hand. */
export type MatchCandidate = RecordMatch & { amount: string };
/** A transfer's other side, already in another of the user's accounts. */
export type TransferMatch = RecordMatch & { accountId: string };

export interface PreviewRow extends FileRow {
  suggestedCategoryId: string | null;
  /** Its payee: the rules', else cleaned from the bank's description (docs/product.md#payees); the description stays the bank's. */
  payee: string | null;
  /** The rules that changed the row, in order (docs/product.md#rules). */
  ruleIds: string[];
  /** What it is (docs/product.md#money-movement): changeable in the choices. */
  movement: Movement;
  /** A transfer's other account: its other side's, else a guess; null for other movements or when unclear. */
  transferAccountId: string | null;
  /** The record of the account it is already (docs/product.md#matching-what-you-typed), or null. */
  match: RecordMatch | null;
  /** Records of the account it could be matched with by hand (unmatched rows only): the closest amounts within ±3 days, at most 3. */
  matchCandidates: MatchCandidate[];
  /** A transfer's other side already in another account (same amount, the other way, within 5 days), or null. */
  transferMatch: TransferMatch | null;
  /** The match, as older clients read it. */
  duplicateOf: Pick<ExistingRecord, 'id' | 'kind'> | null;
  /** Ticked by default: readable, not matched, and a transfer only with its other account. */
  include: boolean;
}

/** How many days apart a transfer's two sides may be dated (banks post them on different days). */
export const TRANSFER_DAYS = 5;

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
const PAGE = 2000;

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
  // Decoding reads the whole text (10 MB) at once: others go next.
  const text = decodeContent(data);
  await letOthersIn();
  const file = await readFile(text, data.mapping, async (signature) => {
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
 * movement (expense, refund, income or transfer), the record of the account it matches, a
 * transfer's other side and account, its suggested category, and whether it is ticked. The one
 * path for rows from a file and from a bank connection.
 */
export async function previewRows(viewer: Viewer, accountId: string | null, fileRows: FileRow[]): Promise<PreviewRow[]> {
  // The account's records are read a page at a time while the rows' movements and rules are worked
  // out: on PostgreSQL the pages are read meanwhile (docs/performance.md#imports). Its failure is
  // handled where it is awaited.
  const reading = existingRecords(viewer, accountId, fileRows);
  reading.catch(() => {});
  const [suggest, categories, accounts, rules] = await Promise.all([
    categorySuggester(viewer),
    viewer.prisma.budgetCategory.findMany({ where: owned(viewer), select: { id: true, name: true } }),
    viewer.prisma.account.findMany({ where: owned(viewer), select: { id: true, name: true, type: true }, orderBy: { createdAt: 'asc' } }),
    userRules(viewer, viewer.prisma),
  ]);
  const account = accounts.find((a) => a.id === accountId) ?? null;
  const movements = await mapInSlices(fileRows, (row) => defaultMovement(row, account?.type ?? null));
  // The rules (docs/product.md#rules) see each row as written, its payee cleaned from the bank's
  // text (once per distinct text) and its default movement as its kind; a rule's transfer makes
  // the row a transfer before its other side is looked for.
  const categoryIds = new Set(categories.map((c) => c.id));
  const accountIds = new Set(accounts.map((a) => a.id));
  const payees = new Map<string, string>();
  const payeeOf = (description: string) => {
    if (!payees.has(description)) payees.set(description, cleanPayee(description));
    return payees.get(description)!;
  };
  const byName = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.id]));
  const suggestions = new Map<string, string | null>();
  const suggestionFor = (row: FileRow, movement: Movement) => {
    if (movement !== 'expense' && movement !== 'refund') return null;
    // A category the file names that the user has (our own export's column) wins over a suggestion.
    const named = row.category && byName.get(row.category.toLowerCase());
    if (named) return named;
    if (!suggestions.has(row.description)) suggestions.set(row.description, suggest(row.description));
    return suggestions.get(row.description)!;
  };
  const ruled = await mapInSlices(fileRows, (row, i) => {
    const cleaned = row.description ? payeeOf(row.description) : null;
    // An unreadable amount meets no rule.
    const outcome = row.amount
      ? rules({ payee: cleaned, description: row.description, amount: row.amount, accountId, kind: movements[i]! })
      : { ruleIds: [] as string[] };
    // A category or account a rule names that has been deleted since is no longer the rule's to give.
    const transferAccountId = outcome.transferAccountId && accountIds.has(outcome.transferAccountId) ? outcome.transferAccountId : null;
    const categoryId = outcome.categoryId && categoryIds.has(outcome.categoryId) ? outcome.categoryId : null;
    if (transferAccountId && transferAccountId !== accountId) movements[i] = 'transfer';
    const movement = movements[i]!;
    // A rule's category wins over the file's and the suggestion.
    const suggestedCategoryId = ((movement === 'expense' || movement === 'refund') && categoryId) || suggestionFor(row, movement);
    return { payee: outcome.payee ?? cleaned, ruleIds: outcome.ruleIds, suggestedCategoryId, transferAccountId };
  });
  const existing = await reading;
  const matches = await findDuplicates(fileRows, existing);
  const unmatched = fileRows.filter((r) => !matches.has(r.index));
  const candidates = await matchCandidates(unmatched, existing, new Set([...matches.values()].map((r) => r.id)));
  const otherSides = account
    ? await findOtherSides(
        viewer,
        account.id,
        fileRows.filter((r, i) => !matches.has(r.index) && movements[i] === 'transfer'),
      )
    : new Map<number, ExistingRecord>();
  const recordMatch = (r: ExistingRecord): RecordMatch => ({
    id: r.id,
    kind: r.kind,
    date: r.date,
    description: r.description,
    enteredByHand: r.enteredByHand,
  });
  return mapInSlices(fileRows, (row, i): PreviewRow => {
    const movement = movements[i]!;
    const match = matches.get(row.index);
    const other = otherSides.get(row.index);
    const rule = ruled[i]!;
    // A rule's transfer account, else the other side's, else a guess from the description.
    const transferAccountId =
      movement === 'transfer' && account
        ? (rule.transferAccountId ?? other?.accountId ?? guessTransferAccount(row.description, account, accounts))
        : null;
    const candidatesOf = candidates.get(row.index);
    // The file row's fields one by one, not spread: a spread followed by a dozen more fields makes
    // V8 keep each object as a dictionary, some 30 times slower to make (25 µs a row, most of a
    // 100,000-row preview's time; docs/performance.md#imports).
    return {
      index: row.index,
      date: row.date,
      description: row.description,
      amount: row.amount,
      kind: row.kind,
      fitid: row.fitid,
      category: row.category,
      error: row.error,
      dateText: row.dateText,
      pending: row.pending,
      suggestedCategoryId: rule.suggestedCategoryId,
      payee: rule.payee,
      ruleIds: rule.ruleIds,
      movement,
      transferAccountId,
      match: match ? recordMatch(match) : null,
      matchCandidates: candidatesOf ? candidatesOf.map((r) => ({ ...recordMatch(r), amount: r.amount })) : [],
      transferMatch: other ? { ...recordMatch(other), accountId: other.accountId! } : null,
      duplicateOf: match ? { id: match.id, kind: match.kind } : null,
      include: !row.error && !match && row.date !== null && (movement !== 'transfer' || transferAccountId !== null),
    };
  });
}

/**
 * Each transfer row's other side, already in another of the user's accounts: a transaction or
 * paycheck of the same amount moving the other way, dated within TRANSFER_DAYS, the nearest first
 * and, on one day, one worded as a transfer before others; each record answers for one row.
 */
async function findOtherSides(viewer: Viewer, accountId: string, rows: FileRow[]): Promise<Map<number, ExistingRecord>> {
  const dated = rows.filter((r) => r.date && r.amount && !r.error);
  if (dated.length === 0) return new Map();
  const days = dated.map((r) => r.date!).sort();
  const [from, to] = [shiftDay(days[0]!, -TRANSFER_DAYS), shiftDay(days.at(-1)!, TRANSFER_DAYS)];
  const amounts = JSON.stringify([...new Set(dated.map((r) => r.amount!))]);
  const where = Prisma.sql`user_id = ${viewer.budgetId} AND account_id IS NOT NULL AND account_id <> ${accountId}
    AND amount IN (SELECT jsonb_array_elements_text(${amounts}::jsonb)::numeric) AND date >= ${from} AND date <= ${to}`;
  const [result] = await viewer.prisma.$queryRaw<{ json: string | null }[]>`
    SELECT json_agg(json_build_array(id, amount::text, to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), text, kind, by_hand, account_id) ORDER BY date, id)::text AS json
    FROM (
      SELECT id, amount, date, description AS text, kind, import_id IS NULL AND schedule_id IS NULL AS by_hand, account_id FROM transactions WHERE ${where}
      UNION ALL
      SELECT id, amount, date, notes, 'paycheck', import_id IS NULL AND schedule_id IS NULL, account_id FROM paychecks WHERE ${where}
    ) other`;
  const found = JSON.parse(result?.json ?? '[]') as [string, string, string, string | null, RecordKind, boolean, string][];
  const records = found.map(([id, amount, date, description, kind, enteredByHand, account]): ExistingRecord => ({
    id,
    kind,
    direction: kind === 'expense' ? 'out' : 'in',
    amount,
    date,
    description,
    fitid: null,
    enteredByHand,
    accountId: account,
  }));
  // Worded as a transfer first: on a day, the first records read are taken first.
  records.sort((a, b) => Number(looksLikeTransfer(b.description ?? '')) - Number(looksLikeTransfer(a.description ?? '')));
  return findDuplicates(
    dated.map((r) => ({ ...r, fitid: null })),
    records,
    { days: TRANSFER_DAYS, similar: () => false, direction: (r) => (directionOf(r) === 'out' ? 'in' : 'out') },
  );
}

/** The day `by` days from `day`, as a UTC midnight. */
const shiftDay = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000);

/**
 * The user's records a file's rows could match: the transactions, paychecks and transfer sides of
 * the account the file goes into (or without an account, when it goes into none: transactions and
 * paychecks) dated within the file's dates (±3 days) or carrying one of its FITIDs, oldest first.
 * Read a page at a time, each page one JSON text (PGlite would decode every field of rows read as
 * objects on its own), so no statement holds the database long.
 */
async function existingRecords(viewer: Viewer, accountId: string | null, rows: FileRow[]): Promise<ExistingRecord[]> {
  let [first, last] = [null as string | null, null as string | null];
  const fitids = new Set<string>();
  for (const { date, fitid } of rows) {
    if (date && (!first || date < first)) first = date;
    if (date && (!last || date > last)) last = date;
    if (fitid) fitids.add(fitid);
  }
  const found = new Map<string, ExistingRecord>();
  const user = Prisma.sql`user_id = ${viewer.budgetId}`;
  const inAccount = accountId ? Prisma.sql`account_id = ${accountId}` : Prisma.sql`account_id IS NULL`;
  const byHand = Prisma.sql`import_id IS NULL AND schedule_id IS NULL`;
  // Each source's rows as: id, amount, date, text, fitid, kind, by hand, direction.
  const sources = [
    Prisma.sql`SELECT id, amount, date, description AS text, fitid, kind, ${byHand} AS by_hand,
      CASE WHEN kind = 'refund' THEN 'in' ELSE 'out' END AS direction FROM transactions WHERE ${user} AND ${inAccount}`,
    Prisma.sql`SELECT id, amount, date, notes AS text, fitid, 'paycheck' AS kind, ${byHand} AS by_hand, 'in' AS direction
      FROM paychecks WHERE ${user} AND ${inAccount}`,
    ...(accountId
      ? (['from', 'to'] as const).map(
          (side) => Prisma.sql`SELECT id, amount, date, notes AS text, NULL::text AS fitid, 'transfer' AS kind, ${byHand} AS by_hand,
            ${side === 'from' ? 'out' : 'in'} AS direction FROM transfers WHERE ${user} AND ${Prisma.raw(`${side}_account_id`)} = ${accountId}`,
        )
      : []),
  ];
  for (const [n, source] of sources.entries()) {
    const read = async (where: Prisma.Sql) => {
      // The page's last date (where the next page starts) on its own: a timestamp in each row's JSON
      // was a fifth of the read's time.
      const [result] = await viewer.prisma.$queryRaw<{ json: string | null; last: Date | null }[]>`
        SELECT json_agg(json_build_array(id, amount::text, to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), text, fitid, kind, by_hand, direction) ORDER BY date, id)::text AS json,
          max(date) AS last
        FROM (SELECT * FROM (${source}) records WHERE ${where}) page`;
      const page = JSON.parse(result?.json ?? '[]') as [
        string,
        string,
        string,
        string | null,
        string | null,
        RecordKind,
        boolean,
        'out' | 'in',
      ][];
      for (const [id, amount, date, description, fitid, kind, enteredByHand, direction] of page)
        found.set(id, { id, kind, direction, amount, date, description, fitid, enteredByHand });
      await letOthersIn();
      return { size: page.length, last: result?.last && ([result.last.toISOString(), page.at(-1)![0]] as [string, string]) };
    };
    // The file's days, oldest first, each page after the last one's last row (by date, then id).
    if (first && last) {
      let after: [string, string] = [shiftDay(first, -DUPLICATE_DAYS).toISOString(), ''];
      const to = shiftDay(last, DUPLICATE_DAYS);
      for (;;) {
        const [from, id] = after;
        const page = await read(
          Prisma.sql`date >= ${from}::timestamptz AND (date, id) > (${from}::timestamptz, ${id}) AND date <= ${to} ORDER BY date, id LIMIT ${PAGE}`,
        );
        if (page.size < PAGE || !page.last) break;
        after = page.last;
      }
    }
    // Transfers carry no FITID.
    const ids = n < 2 ? [...fitids] : [];
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
  /** Rows written as transfers, new or linked to their other side. */
  transfers: number;
  /** Matched rows left out (their records kept, or given the bank's details). */
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
  const choices = await checkedChoices(preview, data.rows ?? []);
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
  const chosen = await chooseRows(viewer, target.accountId, rows, choices);
  const created = await ledgerWrite(
    viewer,
    async (tx) => {
      // The activity log's actor of these raw-SQL rows (docs/architecture.md#budgets-and-roles).
      if (!viewer.server) await tx.$executeRaw`SELECT set_config('budget.actor', ${viewer.id}, true)`;
      const record = await writeImport(tx, viewer, target, chosen);
      await alsoWrite?.(tx);
      return record;
    },
    { timeoutMs: IMPORT_TURN_MS },
  );
  viewer.events.publish(viewer.budgetId);
  // The import is written whatever becomes of its statistics (an analysis that waits too long for a lock).
  await refreshStatistics(viewer.prisma, {
    transactions: chosen.spent.length,
    paychecks: chosen.earned.length,
    transfers: chosen.transfers.length,
  }).catch(() => {});
  return {
    import: created,
    transactions: chosen.spent.length,
    paychecks: chosen.earned.length,
    transfers: chosen.transfers.length,
    skipped: chosen.skipped,
  };
}

export type RowChoices = Map<number, RowChoice>;

/** The choices sent, by row: refused while the file's date format is to be chosen, or when one names no row. */
async function checkedChoices(preview: ImportPreview, sent: NonNullable<z.output<typeof commitImportInput>['rows']>): Promise<RowChoices> {
  if (preview.mapping && !preview.mapping.dateFormat) {
    const choices = preview.mapping.dateFormats.join(' or ');
    throw new ValidationError([{ path: ['mapping', 'dateFormat'], message: `Choose the date format of this file: ${choices}` }]);
  }
  // In slices, as every pass over a file's rows: 100,000 rows at once held the process for tens of ms.
  const sliceEnds = slices();
  const indexes = new Set<number>();
  for (const row of preview.rows) {
    indexes.add(row.index);
    if (sliceEnds()) await letOthersIn();
  }
  const choices: RowChoices = new Map();
  for (const [i, choice] of sent.entries()) {
    if (!indexes.has(choice.index))
      throw new ValidationError([{ path: ['rows', String(i), 'index'], message: `Row ${choice.index}: no such row` }]);
    choices.set(choice.index, choice);
    if (sliceEnds()) await letOthersIn();
  }
  return choices;
}

type ChosenRow = Pick<PreviewRow, 'index' | 'amount' | 'date' | 'description' | 'fitid' | 'payee' | 'pending'> & {
  categoryId: string | null;
};
/** A row as written: the file's fields and its category. */
const chosenRow = (row: PreviewRow, categoryId: string | null, choice: RowChoice | undefined): ChosenRow => ({
  index: row.index,
  amount: row.amount,
  date: row.date,
  description: row.description,
  fitid: row.fitid,
  payee: choice?.payee === undefined ? row.payee : choice.payee,
  pending: row.pending,
  categoryId,
});

/** A row written as a transfer: its other account, and the other side's record it takes the place of, if any. */
interface ChosenTransfer extends ChosenRow {
  fromAccountId: string;
  toAccountId: string;
  /** True when the import's account is its "from" side (money out). */
  sent: boolean;
  linked: TransferMatch | null;
}

interface ChosenRows {
  /** Expenses and refunds, written as transactions. */
  spent: (ChosenRow & { kind: 'expense' | 'refund' })[];
  /** Income, written as paychecks. */
  earned: ChosenRow[];
  transfers: ChosenTransfer[];
  /** Matched records to give the bank's date and description. */
  updates: { record: Pick<RecordMatch, 'id' | 'kind'>; row: ChosenRow }[];
  /** Matched rows left out. */
  skipped: number;
}

const refused = (row: { index: number }, field: string, message: string) =>
  new ValidationError([{ path: ['rows', field], message: `Row ${row.index}: ${message}` }]);

/**
 * The rows to write: the ticked ones (the preview's ticks, changed by the choices), each as its
 * movement (the chosen one, else the preview's), an expense or refund with its category (the
 * chosen one, else the suggested one), a transfer with its other account. A ticked row with an
 * error, a movement its money cannot have, a category, account or match that is not the user's
 * (not of the import's account, for a match) refuses the whole import.
 */
async function chooseRows(viewer: Viewer, accountId: string | null, rows: PreviewRow[], choices: RowChoices): Promise<ChosenRows> {
  // The records matched by hand: only rows with a choice can name one.
  const byHand: string[] = [];
  const sliceEnds = slices();
  for (const row of rows) {
    const id = choices.size > 0 ? choices.get(row.index)?.matchId : undefined;
    if (id && id !== row.match?.id) byHand.push(id);
    if (sliceEnds()) await letOthersIn();
  }
  const [categories, accounts, handMatches] = await Promise.all([
    viewer.prisma.budgetCategory.findMany({ where: owned(viewer), select: { id: true } }),
    viewer.prisma.account.findMany({ where: owned(viewer), select: { id: true } }),
    recordsOfAccount(viewer, accountId, byHand),
  ]);
  const categoryIds = new Set(categories.map((c) => c.id));
  const accountIds = new Set(accounts.map((a) => a.id));
  const matchedBy = new Map<string, number>();
  const chosen: ChosenRows = { spent: [], earned: [], transfers: [], updates: [], skipped: 0 };
  for (const row of rows) {
    if (sliceEnds()) await letOthersIn();
    const choice = choices.get(row.index);
    const matchId = choice?.matchId === undefined ? (row.match?.id ?? null) : choice.matchId;
    const match = matchId === row.match?.id ? row.match : matchId ? handMatches.get(matchId) : null;
    if (matchId && !match) throw refused(row, 'matchId', 'Record not found');
    if (match) {
      const other = matchedBy.get(match.id);
      if (other !== undefined) throw refused(row, 'matchId', `row ${other} matches that record already`);
      matchedBy.set(match.id, row.index);
    }
    const include = choice?.include ?? row.include;
    if (choice?.takeBankDetails && (!match || include))
      throw refused(row, 'takeBankDetails', 'only a matched row left out takes the bank’s date and description');
    if (!include) {
      if (match) chosen.skipped++;
      if (match && choice?.takeBankDetails && row.date && !row.error)
        chosen.updates.push({ record: match, row: chosenRow(row, null, choice) });
      continue;
    }
    if (row.error || !row.date || !row.amount || !row.kind)
      throw new ValidationError([{ path: ['rows'], message: row.error ?? `Row ${row.index}: no date` }]);
    const direction = directionOf(row);
    const movement = choice?.movement ?? row.movement;
    if (!MOVEMENTS_OF[direction].includes(movement))
      throw refused(row, 'movement', `money ${direction} is ${MOVEMENTS_OF[direction].join(' or ')}, not ${movement}`);
    const categoryId = choice?.categoryId === undefined ? row.suggestedCategoryId : choice.categoryId;
    if (categoryId && !categoryIds.has(categoryId))
      throw new ValidationError([{ path: ['rows', 'categoryId'], message: 'Category not found' }]);
    const written = chosenRow(row, categoryId ?? null, choice);
    if (movement === 'expense' || movement === 'refund') chosen.spent.push({ ...written, kind: movement });
    else if (movement === 'income') chosen.earned.push({ ...written, categoryId: null });
    else {
      if (!accountId) throw refused(row, 'movement', 'a transfer needs the account the file goes into');
      const other = choice?.transferAccountId === undefined ? row.transferAccountId : choice.transferAccountId;
      if (!other) throw refused(row, 'transferAccountId', 'choose the other account of this transfer');
      if (!accountIds.has(other)) throw refused(row, 'transferAccountId', 'Account not found');
      if (other === accountId) throw refused(row, 'transferAccountId', 'a transfer moves money to another account');
      const [fromAccountId, toAccountId] = direction === 'out' ? [accountId, other] : [other, accountId];
      const linked = row.transferMatch?.accountId === other ? row.transferMatch : null;
      chosen.transfers.push({ ...written, categoryId: null, fromAccountId, toAccountId, sent: direction === 'out', linked });
    }
  }
  return chosen;
}

/** The records among `ids` in the account (transactions, paychecks, transfer sides), each as a match; others' and other accounts' are missing. */
async function recordsOfAccount(viewer: Viewer, accountId: string | null, ids: string[]): Promise<Map<string, RecordMatch>> {
  const found = new Map<string, RecordMatch>();
  if (ids.length === 0) return found;
  const where = { id: { in: ids }, accountId, ...owned(viewer) };
  const select = { id: true, date: true, importId: true, scheduleId: true } as const;
  const [spent, earned, moved] = await Promise.all([
    viewer.prisma.transaction.findMany({ where, select: { ...select, kind: true, description: true } }),
    viewer.prisma.paycheck.findMany({ where, select: { ...select, notes: true } }),
    accountId
      ? viewer.prisma.transfer.findMany({
          where: { id: { in: ids }, OR: [{ fromAccountId: accountId }, { toAccountId: accountId }], ...owned(viewer) },
          select: { ...select, notes: true },
        })
      : [],
  ]);
  const add = (
    r: { id: string; date: Date; importId: string | null; scheduleId: string | null },
    kind: RecordKind,
    description: string | null,
  ) =>
    found.set(r.id, { id: r.id, kind, date: r.date.toISOString().slice(0, 10), description, enteredByHand: !r.importId && !r.scheduleId });
  for (const t of spent) add(t, t.kind as RecordKind, t.description);
  for (const p of earned) add(p, 'paycheck', p.notes);
  for (const t of moved) add(t, 'transfer', t.notes);
  return found;
}

/**
 * The import's record, its rows into the chosen account (transfers with their other account, in
 * place of the other side's record when it was there already), the matched records given the
 * bank's details when asked, and the balances moved by it all.
 */
async function writeImport(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  data: { accountId?: string | null; fileName: string },
  chosen: ChosenRows,
) {
  const accountId = await ownedAccountId(tx, viewer, data.accountId);
  const record = await tx.import.create({
    data: {
      userId: viewer.budgetId,
      accountId,
      fileName: data.fileName,
      transactionCount: chosen.spent.length,
      paycheckCount: chosen.earned.length,
      transferCount: chosen.transfers.length,
      skippedCount: chosen.skipped,
    },
  });
  // The search index's pending entries are merged into it whenever they pass this size, in the
  // statement that passes it: a small size keeps every statement short (on PGlite the process waits on it).
  // set_config(…, true) is SET LOCAL, which takes no parameter.
  await tx.$executeRaw`SELECT set_config('gin_pending_list_limit', ${`${PENDING_LIST_KB}kB`}, true)`;
  const payees = await payeeIdsFor(tx, viewer, payeeNames(chosen));
  const owner = { userId: viewer.budgetId, accountId, importId: record.id };
  const [spentByDay, earnedByDay] = [await totalsByDay(chosen.spent), await totalsByDay(chosen.earned)];
  // Each month's spending is summed once after the rows, not after each statement (docs/performance.md#imports).
  await withMonthSpendingDeferred(tx, viewer.budgetId, spentByDay.keys(), () =>
    insertRows(tx, 'transactions', owner, chosen.spent, payees),
  );
  await insertRows(tx, 'paychecks', owner, chosen.earned, payees);
  const moved = await writeTransfers(tx, viewer, record.id, chosen.transfers);
  const updated = await takeBankDetails(tx, viewer, chosen.updates, payees);
  const steps = [...moved.putBack, ...updated.putBack];
  if (steps.length) await tx.import.update({ where: { id: record.id }, data: { putBack: steps } });
  await moveBalances(
    tx,
    viewer,
    [...moved.removed, ...updated.removed],
    // Day by day: a day before the account's starting date moves nothing (docs/product.md#reconcile).
    [
      ...[...spentByDay].flatMap(([day, amount]) => transactionEffect({ accountId, amount, kind: 'expense', date: `${day}T00:00:00Z` })),
      ...[...earnedByDay].flatMap(([day, amount]) => incomeEffect({ accountId, amount, date: `${day}T00:00:00Z` })),
      ...moved.added,
      ...updated.added,
    ],
  );
  return record;
}

/** The payees the chosen rows name, read as they are needed (a hundred thousand rows are read in slices). */
function* payeeNames(chosen: ChosenRows) {
  for (const rows of [chosen.spent, chosen.earned, chosen.updates.map((u) => u.row)])
    for (const row of rows) if (row.payee) yield row.payee;
}

/**
 * The rows' amounts summed per day, in slices: an account's balance moves by a day's total as by
 * its rows one by one, and 100,000 rows' effects made at once held the process a fifth of a second
 * (docs/performance.md#imports).
 */
async function totalsByDay(rows: (ChosenRow & { kind?: 'expense' | 'refund' })[]): Promise<Map<string, Decimal>> {
  const byDay = new Map<string, Decimal>();
  const zero = new Decimal(0);
  const sliceEnds = slices();
  for (const row of rows) {
    // Spending: a refund counts against the day's expenses (its effect is the opposite of an expense's).
    const amount = row.kind === 'refund' ? new Decimal(row.amount!).negated() : row.amount!;
    byDay.set(row.date!, (byDay.get(row.date!) ?? zero).plus(amount));
    if (sliceEnds()) await letOthersIn();
  }
  return byDay;
}

/** What a write moved on the balances, and what undoing the import puts back of it. */
type Effects = { removed: BalanceEffect[]; added: BalanceEffect[]; putBack: PutBack[] };

/**
 * Writes the transfers: each in place of its other side's record when it was there already (that
 * record removed: the transfer is now both sides, linked both ways), dated on its "from" side's
 * day; the import's side cleared, the other keeping its record's status.
 */
async function writeTransfers(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  importId: string,
  transfers: ChosenTransfer[],
): Promise<Effects> {
  const effects: Effects = { removed: [], added: [], putBack: [] };
  const rows: Prisma.TransferCreateManyInput[] = [];
  for (const t of transfers) {
    const other = t.linked && (await removeOtherSide(tx, viewer, t, effects));
    // Dated when the money left: the other side's day when that is the "from" side.
    const date = other && !t.sent ? other.date.toISOString() : `${t.date}T00:00:00Z`;
    const otherStatus = other?.status ?? 'uncleared';
    const statuses = t.sent ? ['cleared', otherStatus] : [otherStatus, 'cleared'];
    rows.push({
      id: uuidv7(),
      userId: viewer.budgetId,
      fromAccountId: t.fromAccountId,
      toAccountId: t.toAccountId,
      amount: t.amount!,
      date,
      notes: t.description,
      importId,
      fromStatus: statuses[0]!,
      toStatus: statuses[1]!,
    });
    effects.added.push(...transferEffect({ ...t, amount: t.amount!, date }));
  }
  for (let i = 0; i < rows.length; i += BATCH) await tx.transfer.createMany({ data: rows.slice(i, i + BATCH) });
  return effects;
}

/**
 * Removes the record a transfer takes the place of (its effect on its account's balance given
 * back, the record kept as it was for an undo), answering its day and status.
 */
async function removeOtherSide(tx: Prisma.TransactionClient, viewer: Viewer, t: ChosenTransfer, effects: Effects) {
  const { id, kind } = t.linked!;
  const where = { id, ...owned(viewer) };
  const gone = () => refused(t, 'transferAccountId', 'the other side of this transfer is gone: preview again');
  if (kind === 'paycheck') {
    const other = await tx.paycheck.findFirst({ where });
    if (!other) throw gone();
    effects.removed.push(...incomeEffect(other));
    effects.putBack.push(replacedPaycheck(other));
    await tx.paycheck.delete({ where: { id } });
    return other;
  }
  const other = await tx.transaction.findFirst({ where, include: { splits: true } });
  if (!other) throw gone();
  effects.removed.push(...transactionEffect(other));
  effects.putBack.push(replacedTransaction(other));
  await tx.transaction.delete({ where: { id } });
  return other;
}

/** Gives matched records the bank's date and description (a paycheck's and a transfer's notes), moving balances as the date moves. */
async function takeBankDetails(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  updates: ChosenRows['updates'],
  payees: Map<string, string>,
): Promise<Effects> {
  const effects: Effects = { removed: [], added: [], putBack: [] };
  for (const { record, row } of updates) {
    const where = { id: record.id, ...owned(viewer) };
    const date = new Date(`${row.date}T00:00:00Z`);
    // The bank's payee (docs/product.md#payees) and its own text come with its date.
    const payee = {
      payeeId: row.payee ? (payees.get(row.payee.trim().toLowerCase()) ?? null) : null,
      importedDescription: row.description,
    };
    if (record.kind === 'paycheck') {
      const before = await tx.paycheck.findFirst({ where });
      if (!before) continue;
      effects.putBack.push(detailsBefore('paycheck', before));
      await tx.paycheck.update({ where: { id: record.id }, data: { date, notes: row.description, ...payee } });
      effects.removed.push(...incomeEffect(before));
      effects.added.push(...incomeEffect({ ...before, date }));
    } else if (record.kind === 'transfer') {
      const before = await tx.transfer.findFirst({ where });
      if (!before) continue;
      effects.putBack.push(detailsBefore('transfer', before));
      await tx.transfer.update({ where: { id: record.id }, data: { date } });
      effects.removed.push(...transferEffect(before));
      effects.added.push(...transferEffect({ ...before, date }));
    } else {
      const before = await tx.transaction.findFirst({ where });
      if (!before) continue;
      effects.putBack.push(detailsBefore('transaction', before));
      await tx.transaction.update({ where: { id: record.id }, data: { date, description: row.description, ...payee } });
      effects.removed.push(...transactionEffect(before));
      effects.added.push(...transactionEffect({ ...before, date }));
    }
  }
  return effects;
}

/** Remembers the mapping a CSV file was read with, for the next file of its layout. */
async function rememberMapping(tx: Prisma.TransactionClient, viewer: Viewer, signature: string, mapping: CsvMapping) {
  await tx.importMapping.upsert({
    where: { userId_signature: { userId: viewer.budgetId, signature } },
    create: { userId: viewer.budgetId, signature, mapping },
    update: { mapping },
  });
}

/**
 * Writes rows in batches, each one INSERT reading a JSON array (one parameter), where Prisma's
 * createMany binds every value as its own parameter.
 * Ids are UUIDv7, as Prisma's default writes them; a paycheck keeps the description in its notes.
 * Imported rows arrive cleared: the bank has them (docs/product.md#reconcile). Each keeps the bank's
 * text as its `imported_description` beside its payee (docs/product.md#payees).
 * Rows go newest day first, the order of the `(…, date DESC …)` indexes: each entry lands at their
 * right end, so their pages fill up instead of splitting in halves, which leaves the indexes
 * smaller and the writes faster (docs/decisions/003-import-writes.md). Between two batches others
 * run (on PGlite a batch holds the process while it runs).
 */
async function insertRows(
  tx: Prisma.TransactionClient,
  table: 'transactions' | 'paychecks',
  owner: { userId: string; accountId: string | null; importId: string },
  rows: (ChosenRow & { kind?: 'expense' | 'refund' })[],
  payees: Map<string, string>,
) {
  const [text, values] =
    table === 'transactions'
      ? [Prisma.sql`description, category_id, kind`, Prisma.sql`x.description, x.category_id, x.kind`]
      : [Prisma.sql`notes`, Prisma.sql`x.description`];
  const byDay = new Map<string, typeof rows>();
  const sliceEnds = slices();
  for (const row of rows) {
    const day = byDay.get(row.date!);
    if (day) day.push(row);
    else byDay.set(row.date!, [row]);
    if (sliceEnds()) await letOthersIn();
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
      kind: r.kind ?? 'expense',
      payee_id: r.payee ? (payees.get(r.payee.trim().toLowerCase()) ?? null) : null,
      pending: r.pending ?? false,
    }));
    await tx.$executeRaw`
      INSERT INTO ${Prisma.raw(table)} (id, user_id, account_id, import_id, fitid, amount, date, status, pending, payee_id, imported_description, ${text})
      SELECT x.id, ${owner.userId}, ${owner.accountId}, ${owner.importId}, x.fitid, x.amount::numeric, x.date::timestamptz, 'cleared',
        x.pending, x.payee_id, x.description, ${values}
      FROM json_to_recordset(${JSON.stringify(batch)}::json) AS x(id text, amount text, date text, description text, fitid text, category_id text, kind text, payee_id text, pending boolean)`;
    await letOthersIn();
  }
}

/**
 * Undoes an import: deletes the transactions, paychecks and transfers it created that still exist
 * (as they are now, edits included), gives their amounts back to their accounts, and marks it
 * undone (a transfer that took the place of its other side's record leaves that record gone). An
 * import already undone, missing or another user's answers NOT_FOUND.
 */
export async function undoImport(viewer: Viewer, id: string) {
  const undone = await ledgerWrite(viewer, async (tx) => {
    const found = await tx.import.findFirst({ where: { id, undoneAt: null, ...owned(viewer) }, select: { putBack: true } });
    if (!found) throw new NotFoundError('Import');
    const where = { importId: id, ...owned(viewer) };
    // Edited since, an imported transaction may have become a refund: each kind gives back its own way;
    // per day too, since a day before an account's starting date gives nothing back.
    const spent = await tx.transaction.groupBy({ by: ['accountId', 'kind', 'date'], where, _sum: { amount: true } });
    const earned = await tx.paycheck.groupBy({ by: ['accountId', 'date'], where, _sum: { amount: true } });
    const moved = await tx.transfer.groupBy({ by: ['fromAccountId', 'toAccountId', 'date'], where, _sum: { amount: true } });
    await tx.transaction.deleteMany({ where });
    await tx.paycheck.deleteMany({ where });
    await tx.transfer.deleteMany({ where });
    // The records its transfers took the place of come back as they were, and those given the bank's details get theirs back.
    const restored = await putBack(tx, viewer, (found.putBack ?? []) as unknown as PutBack[]);
    await moveBalances(
      tx,
      viewer,
      [
        ...spent.flatMap((g) => transactionEffect({ accountId: g.accountId, kind: g.kind, amount: g._sum.amount ?? '0', date: g.date })),
        ...earned.flatMap((g) => incomeEffect({ accountId: g.accountId, amount: g._sum.amount ?? '0', date: g.date })),
        ...moved.flatMap((g) => transferEffect({ ...g, amount: g._sum.amount ?? '0' })),
        ...restored.removed,
      ],
      restored.added,
    );
    return tx.import.update({ where: { id }, data: { undoneAt: new Date(), putBack: Prisma.DbNull } });
  });
  viewer.events.publish(viewer.budgetId);
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

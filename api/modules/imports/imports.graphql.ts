import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Import } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { MutationPayload } from '../../graphql/mutations.ts';
import { completedInSlices } from '../../graphql/long-lists.ts';
import {
  DATE_FORMAT_NAMES,
  DATE_FORMATS,
  DELIMITERS,
  ENCODINGS,
  EXPENSE_SIGNS,
  MAX_IMPORT_MB,
  csvMapping,
  type CsvMapping,
  type Movement,
} from '../../../shared/inputs/imports.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { PaycheckRef } from '../paychecks/paychecks.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { TransferRef } from '../transfers/transfers.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import type { RecordKind } from './duplicates.ts';
import {
  commitImport,
  countImports,
  listImports,
  previewImport,
  undoImport,
  type ImportPreview,
  type PreviewMapping,
  type PreviewRow,
  type MatchCandidate,
  type RecordMatch,
  type TransferMatch,
} from './imports.service.ts';

export const ImportRef = builder.prismaNode('Import', {
  id: { field: 'id' },
  description: 'A file imported into transactions and paychecks (docs/product.md#import).',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'The name of the imported file.' }),
    transactionCount: t.exposeInt('transactionCount', { description: 'How many transactions it created.' }),
    paycheckCount: t.exposeInt('paycheckCount', { description: 'How many paychecks it created.' }),
    transferCount: t.exposeInt('transferCount', { description: 'How many transfers it wrote (new, or linked to their other side).' }),
    skippedCount: t.exposeInt('skippedCount', { description: 'How many rows flagged as duplicates were left out.' }),
    account: t.relation('account', { nullable: true, description: 'The account its rows went into, if any.' }),
    undoneAt: t.expose('undoneAt', { type: 'DateTime', nullable: true, description: 'When it was undone (its rows removed), or null.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was imported.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  imports: t.prismaConnection({
    type: 'Import',
    cursor: 'id',
    description: "The user's imports, newest first, undone ones included.",
    totalCount: (_user, _args, ctx) => countImports(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listImports(ctx.viewer, query),
  }),
}));

const ImportRowKind = builder.enumType('ImportRowKind', {
  description: 'What a row becomes: an expense is a transaction, income a paycheck.',
  values: { transaction: { description: 'An expense.' }, paycheck: { description: 'Income.' } },
});
const ImportMovement = builder.enumType('ImportMovement', {
  description: 'What an imported row is (docs/product.md#money-movement).',
  values: {
    EXPENSE: { value: 'expense', description: 'Money spent: a transaction.' },
    REFUND: { value: 'refund', description: 'Money back: a refund transaction (a positive row on a credit card).' },
    INCOME: { value: 'income', description: 'Income: a paycheck.' },
    TRANSFER: {
      value: 'transfer',
      description: 'Money moved to or from another of the user’s accounts (a card’s payment): neither income nor spending.',
    },
  } satisfies Record<Uppercase<Movement>, { value: Movement; description: string }>,
});
const ImportRecordKind = builder.enumType('ImportRecordKind', {
  description: 'What an existing record a row matched is.',
  values: {
    EXPENSE: { value: 'expense', description: 'An expense.' },
    REFUND: { value: 'refund', description: 'A refund.' },
    PAYCHECK: { value: 'paycheck', description: 'A paycheck.' },
    TRANSFER: { value: 'transfer', description: 'A transfer.' },
  } satisfies Record<Uppercase<RecordKind>, { value: RecordKind; description: string }>,
});
/** A matched record's global id: its node type follows its kind. */
const recordGlobalId = (r: { id: string; kind: RecordKind }) =>
  encodeGlobalID(r.kind === 'paycheck' ? 'Paycheck' : r.kind === 'transfer' ? 'Transfer' : 'Transaction', r.id);
const ImportMatchedRecord = builder.interfaceRef<RecordMatch>('ImportMatchedRecord').implement({
  description: 'An existing record an imported row matched.',
  fields: (t) => ({
    record: t.id({ description: 'The record (a Transaction, Paycheck or Transfer).', resolve: recordGlobalId }),
    kind: t.field({ type: ImportRecordKind, resolve: (m) => m.kind, description: 'What it is.' }),
    date: t.field({ type: 'Date', resolve: (m) => m.date, description: 'Its day.' }),
    description: t.exposeString('description', { nullable: true, description: 'Its description (a paycheck’s or transfer’s notes).' }),
    enteredByHand: t.exposeBoolean('enteredByHand', { description: 'True when the user entered it (not an import or a schedule).' }),
  }),
});
const ImportMatch = builder.objectRef<RecordMatch>('ImportMatch').implement({
  description: 'The existing record of the account a row is already: importing the row writes nothing.',
  interfaces: [ImportMatchedRecord],
  isTypeOf: (m) => !('accountId' in (m as object)) && !('amount' in (m as object)),
});
const ImportMatchCandidate = builder.objectRef<MatchCandidate>('ImportMatchCandidate').implement({
  description: 'A record of the account a row could be matched with by hand (ImportRowChoice.matchId).',
  interfaces: [ImportMatchedRecord],
  isTypeOf: (m) => 'amount' in (m as object),
  fields: (t) => ({ amount: t.expose('amount', { type: 'Money', description: 'Its amount.' }) }),
});
const ImportTransferMatch = builder.objectRef<TransferMatch>('ImportTransferMatch').implement({
  description: 'A transfer’s other side, already in another account: importing the row makes the two one transfer.',
  interfaces: [ImportMatchedRecord],
  isTypeOf: (m) => 'accountId' in (m as object),
  fields: (t) => ({
    accountId: t.id({ description: 'Its account.', resolve: (m) => encodeGlobalID('Account', m.accountId) }),
  }),
});
const ExpenseSign = builder.enumType('ExpenseSign', {
  description: 'How the file signs an expense in its amount column.',
  values: Object.fromEntries(EXPENSE_SIGNS.map((v) => [v, { description: `Expenses are ${v}.` }])) as Record<
    (typeof EXPENSE_SIGNS)[number],
    { description: string }
  >,
});
const enumValues = <T extends readonly string[]>(values: T, name: (v: T[number]) => string) =>
  Object.fromEntries(values.map((v) => [name(v), { value: v, description: JSON.stringify(v) }])) as Record<
    string,
    { value: T[number]; description: string }
  >;
const DateFormat = builder.enumType('ImportDateFormat', {
  description: 'A date format of a CSV file.',
  values: enumValues(DATE_FORMATS, (v) => DATE_FORMAT_NAMES[v]),
});
const Delimiter = builder.enumType('CsvDelimiter', {
  description: "The character between a CSV row's cells.",
  values: enumValues(DELIMITERS, (v) => ({ ',': 'comma', ';': 'semicolon', '\t': 'tab' })[v]),
});
const Encoding = builder.enumType('FileEncoding', {
  description: "A file's character set.",
  values: enumValues(ENCODINGS, (v) => v.replace('-', '_').toUpperCase()),
});

interface MappingField {
  type: 'Int' | 'Boolean' | typeof Delimiter | typeof DateFormat | typeof ExpenseSign;
  description: string;
  /** Its description in the input, if any. */
  asInput?: string;
}
const field = (type: MappingField['type'], description: string, asInput?: string): MappingField => ({ type, description, asInput });
/**
 * Each field of a CSV mapping (`csvMapping`, shared/inputs/imports.ts) as GraphQL has it: the
 * preview's ImportMapping and the edited ImportMappingInput are built from this one list, and a
 * field is nullable where the schema takes null.
 */
const mappingFields = {
  delimiter: field(Delimiter, 'The cell separator.'),
  headerRow: field('Int', 'The header row (0 = the first row of the file), or -1 when there is none.', '-1: no header row.'),
  date: field('Int', 'The date column.'),
  description: field('Int', 'The description column.'),
  amount: field('Int', 'The signed amount column, or null with debit and credit columns.', 'null: debit and credit columns instead.'),
  debit: field('Int', 'The debit (money out) column, or null.'),
  credit: field('Int', 'The credit (money in) column, or null.'),
  category: field('Int', 'A category column, or null.'),
  dateFormat: field(DateFormat, 'The date format; null when the data allows several (see dateFormats): it must be chosen.'),
  decimalComma: field('Boolean', 'True when amounts write decimals after a comma (12,50).'),
  expenses: field(ExpenseSign, 'How expenses are signed in the amount column.'),
} satisfies Record<keyof CsvMapping, MappingField>;
const mappingFieldList = Object.entries(mappingFields) as [keyof CsvMapping, MappingField][];

const ImportMapping = builder.objectRef<PreviewMapping>('ImportMapping').implement({
  description: 'How a CSV file is read: detected, remembered for its layout, or as sent. Columns are numbered from 0.',
  fields: (t) => ({
    ...Object.fromEntries(
      mappingFieldList.map(([name, { type, description }]) => [
        name,
        // `as true`: the compiler cannot tell which field a name picked at run time is (true is the wider type).
        t.expose(name, { type, nullable: csvMapping.shape[name].safeParse(null).success as true, description }),
      ]),
    ),
    columns: t.exposeStringList('columns', { description: "The header's cells (or Column 1, Column 2…)." }),
    dateFormats: t.expose('dateFormats', { type: [DateFormat], description: 'The date formats the data allows.' }),
    remembered: t.exposeBoolean('remembered', { description: 'True when this is the mapping chosen last time for this layout.' }),
  }),
});

const ImportRow = builder.objectRef<PreviewRow>('ImportRow').implement({
  description: 'One row of a previewed file.',
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'Its row number (a CSV line, an OFX statement line), as errors name it.' }),
    date: t.field({
      type: 'Date',
      nullable: true,
      description: 'Its day; null when unreadable or the date format is to be chosen.',
      resolve: (r) => r.date,
    }),
    description: t.exposeString('description', { description: 'Its description.' }),
    amount: t.expose('amount', { type: 'Money', nullable: true, description: 'The amount (positive), or null when unreadable.' }),
    kind: t.field({ type: ImportRowKind, nullable: true, resolve: (r) => r.kind, description: 'What it becomes.' }),
    suggestedCategoryId: t.id({
      nullable: true,
      description: 'The suggested category (a transaction only).',
      resolve: (r) => r.suggestedCategoryId && encodeGlobalID('BudgetCategory', r.suggestedCategoryId),
    }),
    duplicateOf: t.id({
      nullable: true,
      description: 'The existing record it matches (match.record), if any: kept for older clients.',
      resolve: (r) => r.duplicateOf && recordGlobalId(r.duplicateOf),
    }),
    movement: t.field({ type: ImportMovement, resolve: (r) => r.movement, description: 'What it is; changeable in the row choices.' }),
    transferAccountId: t.id({
      nullable: true,
      description: 'A transfer’s other account (its other side’s, else a guess), or null.',
      resolve: (r) => r.transferAccountId && encodeGlobalID('Account', r.transferAccountId),
    }),
    match: t.field({
      type: ImportMatch,
      nullable: true,
      resolve: (r) => r.match,
      description: 'The record of the account it is already, or null.',
    }),
    matchCandidates: t.field({
      type: [ImportMatchCandidate],
      resolve: (r) => r.matchCandidates,
      description: 'Records of the account it could be matched with by hand (matchId): the closest amounts within ±3 days, at most 3.',
    }),
    transferMatch: t.field({
      type: ImportTransferMatch,
      nullable: true,
      resolve: (r) => r.transferMatch,
      description: 'A transfer’s other side already in another account (same amount, the other way, within 5 days), or null.',
    }),
    payee: t.exposeString('payee', {
      nullable: true,
      description: 'Its payee: a rule’s, else cleaned from the bank’s description (which the record keeps as importedDescription).',
    }),
    ruleIds: t.idList({
      description: 'The rules that changed it, in the order they ran.',
      resolve: (r) => r.ruleIds.map((id) => encodeGlobalID('Rule', id)),
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why it cannot be imported (`Row 17: unreadable date "31/02/2024"`), or null.',
    }),
    include: t.exposeBoolean('include', { description: 'Ticked by default: readable and not a duplicate.' }),
  }),
});

const ImportPreviewType = builder.objectRef<ImportPreview>('ImportPreview').implement({
  description: 'What an import would write: nothing is written yet.',
  fields: (t) => ({
    format: t.exposeString('format', { description: '"csv" or "ofx" (OFX 1.x, 2.x and QFX).' }),
    mapping: t.field({
      type: ImportMapping,
      nullable: true,
      resolve: (p) => p.mapping,
      description: "A CSV file's mapping; null for OFX.",
    }),
    rows: t.field({
      type: [ImportRow],
      // A file's 100,000 rows are completed a thousand at a time, letting others in between.
      resolve: (p, _args, ctx, info) => completedInSlices(p.rows, ctx, info),
      description: 'Every row, in file order, errors included.',
    }),
  }),
});

const ImportMappingInput = builder.inputType('ImportMappingInput', {
  description: 'A CSV mapping, edited: fields not given are detected.',
  fields: (t) =>
    Object.fromEntries(
      mappingFieldList.map(([name, { type, asInput }]) => [name, t.field({ type, required: false, description: asInput })]),
    ),
});

const fileFields = (
  t: PothosSchemaTypes.InputFieldBuilder<typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never, 'InputObject'>,
) => ({
  fileName: t.string({ description: "The file's name." }),
  content: t.string({ description: `The file: its text, or its bytes in base64 (then base64: true). At most ${MAX_IMPORT_MB} MB.` }),
  base64: t.boolean({ required: false, description: 'True when content is base64.' }),
  encoding: t.field({ type: Encoding, required: false, description: 'Its character set; detected when missing.' }),
  accountId: t.globalID({ for: AccountRef, required: false, description: 'The account its rows go into, or none.' }),
  mapping: t.field({ type: ImportMappingInput, required: false, description: "A CSV file's mapping, edited." }),
});

const PreviewImportInput = builder.inputType('PreviewImportInput', {
  description: 'A file to preview.',
  fields: (t) => fileFields(t),
});

const ImportRowChoice = builder.inputType('ImportRowChoice', {
  description: 'A choice on one previewed row.',
  fields: (t) => ({
    index: t.int({ description: "The row's index." }),
    include: t.boolean({ description: 'Whether to import it.' }),
    categoryId: t.globalID({
      for: BudgetCategoryRef,
      required: false,
      description: 'Its category; missing: the suggested one; null: none.',
    }),
    movement: t.field({ type: ImportMovement, required: false, description: 'What it is; missing: the preview’s.' }),
    transferAccountId: t.globalID({
      for: AccountRef,
      required: false,
      description: 'A transfer’s other account; missing: the preview’s.',
    }),
    matchId: t.globalID({
      for: [TransactionRef, PaycheckRef, TransferRef],
      required: false,
      description: 'The existing record of the account it is (it is then not written); missing: the preview’s match; null: none.',
    }),
    payee: t.string({ required: false, description: 'Its payee’s name; missing: the preview’s; null or blank: none.' }),
    takeBankDetails: t.boolean({
      required: false,
      description: 'A matched row left out gives its record the bank’s date and description.',
    }),
  }),
});

const CommitImportInput = builder.inputType('CommitImportInput', {
  description: 'The previewed file again, and the choices made on its rows (rows not listed keep the preview’s).',
  fields: (t) => ({ ...fileFields(t), rows: t.field({ type: [ImportRowChoice], required: false }) }),
});

type FileArg = { accountId?: { id: string } | null; mapping?: object | null; encoding?: string | null; base64?: boolean | null };
/** The service's input from GraphQL's: raw ids, nulls as missing. */
const fileInput = <T extends FileArg>({ accountId, mapping, encoding, base64, ...rest }: T) => ({
  ...rest,
  accountId: accountId?.id ?? null,
  mapping: mapping && Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== undefined)),
  ...(encoding ? { encoding } : {}),
  ...(base64 != null ? { base64 } : {}),
});

const ImportPayload = builder.objectRef<{ import: Import }>('ImportPayload').implement({
  description: 'The import after the change (its counts), and the signed-in user.',
  interfaces: [MutationPayload],
  fields: (t) => ({ import: t.field({ type: ImportRef, resolve: (p) => p.import, description: 'The import.' }) }),
});

builder.mutationFields((t) => ({
  previewImport: t.field({
    type: ImportPreviewType,
    description: 'Reads a file and answers what importing it would write (a mutation for its size; it writes nothing).',
    args: { input: t.arg({ type: PreviewImportInput }) },
    resolve: (_root, { input }, ctx) => previewImport(ctx.viewer, fileInput(input)),
  }),
  commitImport: t.field({
    type: ImportPayload,
    description: 'Imports the chosen rows of a file, all or nothing.',
    args: { input: t.arg({ type: CommitImportInput }) },
    resolve: (_root, { input: { rows, ...input } }, ctx) =>
      commitImport(ctx.viewer, {
        ...fileInput(input),
        ...(rows
          ? {
              rows: rows.map((r) => ({
                index: r.index,
                include: r.include,
                ...(r.categoryId === undefined ? {} : { categoryId: r.categoryId?.id ?? null }),
                ...(r.movement == null ? {} : { movement: r.movement }),
                ...(r.transferAccountId === undefined ? {} : { transferAccountId: r.transferAccountId?.id ?? null }),
                ...(r.matchId === undefined ? {} : { matchId: r.matchId?.id ?? null }),
                ...(r.payee === undefined ? {} : { payee: r.payee }),
                ...(r.takeBankDetails == null ? {} : { takeBankDetails: r.takeBankDetails }),
              })),
            }
          : {}),
      }),
  }),
  undoImport: t.field({
    type: ImportPayload,
    description: 'Undoes an import: removes the rows it created that still exist, gives their amounts back to their accounts.',
    args: { id: t.arg.globalID({ for: ImportRef }) },
    resolve: async (_root, { id }, ctx) => ({ import: await undoImport(ctx.viewer, id.id) }),
  }),
}));

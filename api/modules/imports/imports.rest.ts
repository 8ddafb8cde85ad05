import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import {
  commitImportInput,
  csvMapping,
  DATE_FORMATS,
  IMPORT_BODY_LIMIT_BYTES,
  MOVEMENTS,
  previewImportInput,
} from '../../../shared/inputs/imports.ts';
import { commitImport, listImports, previewImport, undoImport, type ImportPreview, type PreviewRow } from './imports.service.ts';
import { mapInSlices } from '../../lib/work-in-slices.ts';
import { sendJsonInSlices } from '../../rest/json.ts';

/** An existing record a row matched (docs/product.md#matching-what-you-typed). */
const matchAnswer = z.object({
  id: z.string(),
  kind: z.enum(['expense', 'refund', 'paycheck', 'transfer']),
  date: wire.day,
  description: z.string().nullable(),
  enteredByHand: z.boolean().meta({ description: 'Entered by the user, not by an import or a schedule' }),
});

/** A preview's row as REST answers it: raw ids, the duplicate as its record's id. */
const previewRowAnswer = z.object({
  index: wire.integer,
  date: wire.day.nullable(),
  description: z.string(),
  amount: wire.money.nullable(),
  kind: z.enum(['transaction', 'paycheck']).nullable(),
  suggestedCategoryId: z.string().nullable(),
  duplicateOf: z.string().nullable().meta({ description: 'The id of the record it matches (match.id), kept for older clients' }),
  movement: z.enum(MOVEMENTS).meta({ description: 'What it is (docs/product.md#money-movement); changeable in the row choices' }),
  transferAccountId: z.string().nullable().meta({ description: "A transfer's other account (its other side's, else a guess), or null" }),
  match: matchAnswer.nullable().meta({ description: 'The record of the account it is already: importing it writes nothing' }),
  matchCandidates: z.array(matchAnswer.extend({ amount: wire.money })).meta({
    description: 'Records of the account it could be matched with by hand (matchId): the closest amounts within ±3 days, at most 3',
  }),
  transferMatch: matchAnswer
    .extend({ accountId: z.string() })
    .nullable()
    .meta({ description: "A transfer's other side already in another account (same amount, the other way, within 5 days)" }),
  error: z
    .string()
    .nullable()
    .meta({ examples: ['Row 17: unreadable date "31/02/2024"'] }),
  include: z.boolean().meta({ description: 'Ticked by default: readable and not a duplicate' }),
});

/** A preview as REST answers it: its format, the CSV mapping used and the rows. */
const previewAnswer = z.object({
  format: z.enum(['csv', 'ofx']),
  mapping: csvMapping
    .extend({ columns: z.array(z.string()), dateFormats: z.array(z.enum(DATE_FORMATS)), remembered: z.boolean() })
    .nullable()
    .meta({
      description:
        'The CSV mapping used (columns numbered from 0); null for OFX. dateFormat is null while it must be chosen among dateFormats.',
    }),
  rows: z.array(previewRowAnswer),
});

const previewRowJson = (r: PreviewRow): z.output<typeof previewRowAnswer> => ({
  index: r.index,
  date: r.date,
  description: r.description,
  amount: r.amount,
  kind: r.kind,
  suggestedCategoryId: r.suggestedCategoryId,
  duplicateOf: r.duplicateOf?.id ?? null,
  movement: r.movement,
  transferAccountId: r.transferAccountId,
  match: r.match,
  matchCandidates: r.matchCandidates,
  transferMatch: r.transferMatch,
  error: r.error,
  include: r.include,
});

/** 100,000 rows are megabytes of JSON: made in slices (api/lib/work-in-slices.ts). */
const previewJson = async (preview: ImportPreview): Promise<z.output<typeof previewAnswer>> => ({
  ...preview,
  rows: await mapInSlices(preview.rows, previewRowJson),
});

/** What an import wrote: its id, and how many rows became transactions, paychecks and transfers, and how many were skipped. */
const importedAnswer = z.object({
  id: z.string(),
  transactions: wire.integer,
  paychecks: wire.integer,
  transfers: wire.integer,
  skipped: wire.integer,
});

export const importRoutes = defineRoutes(
  route({
    method: 'post',
    path: '/imports/preview',
    tag: 'Imports',
    summary: 'Preview importing a CSV, OFX or QFX file: its rows, flags and mapping; nothing is written',
    body: previewImportInput,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    turn: 'import',
    returns: { json: previewAnswer },
    // 100,000 rows are megabytes of JSON: written in slices (api/lib/json-in-slices.ts), as they are made.
    handler: async (viewer, { body }, _req, res) => {
      await sendJsonInSlices(res, await previewJson(await previewImport(viewer, body)));
    },
  }),
  route({
    method: 'post',
    path: '/imports',
    tag: 'Imports',
    summary: 'Import the chosen rows of a file, all or nothing (rows not listed keep the preview’s choice)',
    body: commitImportInput,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    turn: 'import',
    returns: { json: importedAnswer },
    status: 201,
    handler: async (viewer, { body }) => {
      const result = await commitImport(viewer, body);
      const { transactions, paychecks, transfers, skipped } = result;
      return { id: result.import.id, transactions, paychecks, transfers, skipped };
    },
  }),
  listRoute({
    path: '/imports',
    tag: 'Imports',
    summary: 'List imports, newest first (undone ones too)',
    model: 'Import',
    list: (viewer, _query, page) => listImports(viewer, page),
    json: (_viewer, row) => rowJson(row),
  }),
  route({
    method: 'delete',
    path: '/imports/{id}',
    tag: 'Imports',
    summary: 'Undo an import: remove the rows it created that still exist; it stays listed, marked undone',
    handler: (viewer, { params }) => undoImport(viewer, params.id).then(() => undefined),
  }),
);

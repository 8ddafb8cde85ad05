import { defineRoutes, route, schemas, type JsonSchema } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import {
  commitImportInput,
  DATE_FORMATS,
  DELIMITERS,
  IMPORT_BODY_LIMIT_BYTES,
  previewImportInput,
} from '../../../shared/inputs/imports.ts';
import { commitImport, listImports, previewImport, undoImport, type PreviewRow } from './imports.service.ts';
import { mapInSlices } from '../../lib/work-in-slices.ts';
import { sendJsonInSlices } from '../../rest/json.ts';

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const column = nullable(schemas.integer);

const previewSchema: JsonSchema = {
  type: 'object',
  required: ['format', 'mapping', 'rows'],
  properties: {
    format: { enum: ['csv', 'ofx'] },
    mapping: nullable({
      type: 'object',
      description:
        'The CSV mapping used (columns numbered from 0); null for OFX. dateFormat is null while it must be chosen among dateFormats.',
      properties: {
        delimiter: { enum: [...DELIMITERS] },
        headerRow: schemas.integer,
        columns: { type: 'array', items: { type: 'string' } },
        date: schemas.integer,
        description: schemas.integer,
        amount: column,
        debit: column,
        credit: column,
        category: column,
        dateFormat: nullable({ enum: [...DATE_FORMATS] }),
        dateFormats: { type: 'array', items: { enum: [...DATE_FORMATS] } },
        decimalComma: { type: 'boolean' },
        expenses: { enum: ['negative', 'positive'] },
        remembered: { type: 'boolean' },
      },
    }),
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'date', 'description', 'amount', 'kind', 'suggestedCategoryId', 'duplicateOf', 'error', 'include'],
        properties: {
          index: schemas.integer,
          date: nullable({ type: 'string', format: 'date' }),
          description: { type: 'string' },
          amount: nullable(schemas.money),
          kind: nullable({ enum: ['transaction', 'paycheck'] }),
          suggestedCategoryId: nullable({ type: 'string' }),
          duplicateOf: nullable({ type: 'string', description: 'The id of the transaction or paycheck it duplicates' }),
          error: nullable({ type: 'string', examples: ['Row 17: unreadable date "31/02/2024"'] }),
          include: { type: 'boolean', description: 'Ticked by default: readable and not a duplicate' },
        },
      },
    },
  },
};

/** A preview's row as REST answers it: raw ids, the duplicate as its record's id. */
const previewRowJson = (r: PreviewRow) => ({
  index: r.index,
  date: r.date,
  description: r.description,
  amount: r.amount,
  kind: r.kind,
  suggestedCategoryId: r.suggestedCategoryId,
  duplicateOf: r.duplicateOf?.id ?? null,
  error: r.error,
  include: r.include,
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
    returns: { json: previewSchema },
    // 100,000 rows are megabytes of JSON: written in slices (api/lib/json-in-slices.ts), as they are made.
    handler: async (viewer, { body }, _req, res) => {
      const preview = await previewImport(viewer, body);
      await sendJsonInSlices(res, { ...preview, rows: await mapInSlices(preview.rows, previewRowJson) });
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
    returns: {
      json: {
        type: 'object',
        required: ['id', 'transactions', 'paychecks', 'skipped'],
        properties: { id: { type: 'string' }, transactions: schemas.integer, paychecks: schemas.integer, skipped: schemas.integer },
      },
    },
    status: 201,
    handler: async (viewer, { body }) => {
      const result = await commitImport(viewer, body);
      return { id: result.import.id, transactions: result.transactions, paychecks: result.paychecks, skipped: result.skipped };
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

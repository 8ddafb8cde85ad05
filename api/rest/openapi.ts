import { z } from 'zod';
import { getDatamodel } from '../generated/pothos-types.ts';
import { SESSION_COOKIE, signedInUserAnswer } from '../auth/sign-in.ts';
import { MODELS, RESHAPED, successStatus, wire, type JsonSchema as Json, type Model, type Route } from './route-table.ts';
import { REST_ROUTES } from './routes.ts';
import { INTERNAL_FIELDS } from '../db/database.ts';
import { REST_FLAGS } from '../lib/flags.ts';

/**
 * The OpenAPI 3.1 description of the REST facade, served at /api/openapi.json, made from the same
 * route tables the router serves (api/rest/routes.ts): a route cannot exist without its entry.
 * Request bodies, query strings and answers are the routes' own zod schemas (answers as their
 * output); record shapes come from the Prisma data model, as `rowJson` writes them.
 */

const ref = (name: Model | 'Error'): Json => ({ $ref: `#/components/schemas/${name}` });

const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

/** An answer's JSON Schema, from its zod schema's output; an integer without bounds of its own says no more than "integer". */
const answerSchema = (schema: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (jsonSchema.type === 'integer' && jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.type === 'integer' && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as Json;
  return rest;
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A record as the REST facade writes it: money as decimal strings, days as YYYY-MM-DD, flags as 0/1. */
function modelSchema(name: Model): Json {
  const internal: Record<string, unknown> = INTERNAL_FIELDS[lowerFirst(name) as keyof typeof INTERNAL_FIELDS] ?? {};
  const reshaped = RESHAPED[name];
  const fields = getDatamodel().datamodel.models[name]!.fields.filter(
    (f) => f.kind === 'scalar' && !internal[f.name] && !reshaped?.omit.includes(f.name),
  );
  const property = (type: string, fieldName: string): Json => {
    if (type === 'Decimal') return answerSchema(wire.money);
    if (type === 'Int') return { type: 'integer' };
    // The spec's yes/no columns are 0/1 in REST (`rowJson`); every other boolean is true/false.
    if (type === 'Boolean') return REST_FLAGS.has(fieldName) ? { type: 'integer' } : { type: 'boolean' };
    // Timestamps end in "At"; every other date of the model is a calendar day.
    if (type === 'DateTime') return fieldName.endsWith('At') ? { type: 'string', format: 'date-time' } : { type: 'string', format: 'date' };
    return { type: 'string' };
  };
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        fields.map((f) => {
          const one = property(f.type, f.name);
          if (f.isList) return [f.name, { type: 'array', items: one }];
          return [f.name, f.isRequired ? one : { oneOf: [one, { type: 'null' }] }];
        }),
      ),
      ...Object.fromEntries(Object.entries(reshaped?.add ?? {}).map(([name, schema]) => [name, answerSchema(schema)])),
    },
    required: [...fields.map((f) => f.name), ...Object.keys(reshaped?.add ?? {})],
  };
}

/** One page of a list: its items and the next page's cursor (api/rest/paging.ts). */
const page = (item: Json): Json => ({
  type: 'object',
  properties: {
    items: { type: 'array', items: item },
    nextCursor: { type: ['string', 'null'], description: 'The next page’s cursor; null on the last page' },
  },
  required: ['items', 'nextCursor'],
});
const linkHeader = { description: 'The next page’s URL, `<…>; rel="next"` (pages only, while there is one)', schema: { type: 'string' } };

function operation(o: Route): Json {
  const status = String(successStatus(o));
  let success: Json = { description: 'Deleted' };
  if (o.returns && 'file' in o.returns) {
    success = { description: 'The file, as an attachment', content: { [o.returns.file]: { schema: { type: 'string' } } } };
  } else if (o.returns && 'json' in o.returns) {
    success = { description: 'OK', content: { 'application/json': { schema: answerSchema(o.returns.json) } } };
  } else if (o.returns && 'page' in o.returns) {
    success = {
      description: 'One page and the next page’s cursor',
      headers: { Link: linkHeader },
      content: { 'application/json': { schema: page(answerSchema(o.returns.page)) } },
    };
  } else if (o.returns) {
    const base = ref(o.returns.model);
    // The added fields only: the model's own are the other half of `allOf`, so no `additionalProperties: false` here.
    const { additionalProperties: _, ...added } = o.returns.with ? answerSchema(o.returns.with) : {};
    const item = o.returns.with ? { allOf: [base, added] } : base;
    const list = { type: 'array', items: item };
    success = { description: 'OK', content: { 'application/json': { schema: o.returns.list ? list : item } } };
    if (o.returns.paged) {
      // docs/product.md#rest-api: the whole list without `limit` and `cursor`, else one page of it.
      success = {
        description: 'The whole list; given `limit` or `cursor`, one page of it and its next page’s cursor',
        headers: { Link: linkHeader },
        content: { 'application/json': { schema: { oneOf: [list, page(item)] } } },
      };
    }
  }
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  const parameters = [
    ...(o.path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : []),
    ...Object.entries((o.query ? jsonSchema(o.query).properties : {}) as Record<string, Json>).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema,
    })),
  ];
  const write = o.method !== 'get';
  return {
    tags: [o.tag],
    summary: o.summary,
    // Settings' security operations take a browser session only; everything else a session or an API token.
    ...(o.browserOnly ? { security: [{ session: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(o.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(o.body) } } } } : {}),
    responses: {
      [status]: success,
      ...(o.body || o.query ? { 400: error('Invalid input: the first problem, and every problem with its field path') } : {}),
      401: error('Signed out, or an unknown, revoked or expired API token'),
      ...(o.browserOnly || write
        ? {
            403: error(
              o.confirmsIdentity
                ? 'Asked with an API token: only a browser session may do this; or signed in longer ago than RECENT_SIGN_IN_MINUTES without `password`: `Confirm your password to do this` (a user of an external provider: `Sign in again to do this`, at `/api/login?prompt=login`)'
                : o.browserOnly
                  ? 'Asked with an API token: only a browser session may do this'
                  : 'Asked with a read-only API token: `This token can only read`',
            ),
          }
        : {}),
      ...(o.path.includes('{id}') || o.body ? { 404: error('Not found (an unknown id, or another user’s)') } : {}),
      ...(o.returns && 'file' in o.returns && o.returns.file !== 'application/json'
        ? { 404: error('No transactions available to export.') }
        : {}),
      ...(o.limited || o.confirmsIdentity
        ? {
            429: {
              ...error('Too many failed attempts: 5 per account (and more per address) per 15 minutes'),
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
            },
          }
        : {}),
      ...(o.turn
        ? {
            429: {
              ...error('This user’s previous import is still running (one at a time): try again after `Retry-After` seconds'),
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
            },
          }
        : {}),
      ...(o.fullRead
        ? {
            429: {
              ...error('More than 2 full lists or exports of this user at once: try again after `Retry-After` seconds'),
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
            },
          }
        : {}),
      ...(o.bridge === 'sync'
        ? {
            429: {
              ...error('A sync of this connection is running already: try again after `Retry-After` seconds'),
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
            },
          }
        : {}),
      ...(o.bridge
        ? { 502: error('The bank’s bridge refused, failed or answered what cannot be read: the message says which; nothing was imported') }
        : {}),
      503: {
        ...error('The database is not answering (restarting, down): nothing was done; try again after `Retry-After` seconds'),
        headers: { 'Retry-After': { schema: { type: 'integer' } } },
      },
    },
  };
}

let document: Json | undefined;

export function openApiDocument(publicUrl: string): Json {
  document ??= {
    openapi: '3.1.0',
    info: {
      title: 'Budget REST API',
      version: '1.0.0',
      description:
        'The REST facade of the budgeting app. Send an API token (created in Settings) as `Authorization: Bearer <token>`: ' +
        'a `read` token may only GET. Or sign in through /api/login in a browser and send its session cookie; ' +
        'requests with the cookie that change data must be same-origin (an Origin header matching the app) and JSON.',
    },
    servers: [{ url: `${publicUrl}/api` }],
    security: [{ bearer: [] }, { session: [] }],
    paths: REST_ROUTES.reduce<Record<string, Json>>(
      (paths, o) => ({ ...paths, [o.path]: { ...paths[o.path], [o.method]: operation(o) } }),
      {
        '/auth/user': {
          get: {
            tags: ['Session'],
            summary: 'The signed-in user',
            responses: {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: answerSchema(signedInUserAnswer) } },
              },
              401: { description: 'Signed out', content: { 'application/json': { schema: ref('Error') } } },
            },
          },
        },
      },
    ),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token from Settings (`bgt_…`). `read` tokens may only GET (else 403 `This token can only read`); ' +
            'a revoked or expired token, or one of a disabled user, is 401. No cookie or CSRF header is needed.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: { path: { type: 'array', items: { type: ['string', 'integer'] } }, message: { type: 'string' } },
              },
            },
          },
          required: ['message'],
        },
        ...Object.fromEntries(MODELS.map((m) => [m, modelSchema(m)])),
      },
    },
  };
  return document;
}

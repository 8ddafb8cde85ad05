import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Viewer } from '../lib/viewer.ts';
import type { TurnKind } from '../lib/turns.ts';

/**
 * One REST route, declared once: the router serves it (api/rest/router.ts) and the OpenAPI
 * document describes it (api/rest/openapi.ts) from this same definition. Each module's
 * `*.rest.ts` exports its table; api/rest/routes.ts lists the tables. This file imports no module.
 */

/** The records the facade answers with, as the Prisma data model names them (OpenAPI components). */
export const MODELS = [
  'Account',
  'Paycheck',
  'BudgetCategory',
  'Transaction',
  'RecurringBill',
  'BillPayment',
  'SavingsGoal',
  'GoalContribution',
  'Transfer',
  'Import',
  'Schedule',
  'Notification',
] as const;
export type Model = (typeof MODELS)[number];

/** A JSON Schema fragment (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * The pieces of answers' zod schemas: the JSON forms the facade writes. An answer's schema is its
 * one description: the serializer returns its `z.output` (a route's handler is typed by it) and
 * /api/openapi.json shows its JSON Schema.
 */
export const wire = {
  /** Money as `toWireMoney` writes it: a two-decimal string. */
  money: z
    .string()
    .regex(/^-?\d{1,10}\.\d{2}$/)
    .meta({ examples: ['1234.50'] }),
  integer: z.int(),
  /** A calendar day, "YYYY-MM-DD". */
  day: z.string().meta({ format: 'date' }),
  /** A moment, as `Date.toISOString()` writes it. */
  timestamp: z.string().meta({ format: 'date-time' }),
  /** Another model's record (its OpenAPI component), nested in the answer, as `rowJson` writes it. */
  record: (model: Model) => z.custom<Record<string, unknown>>().meta({ $ref: `#/components/schemas/${model}` }),
};

/** A budget category's target as REST writes it (its three columns as one object), or null. */
export const targetAnswer = z
  .object({
    kind: z.enum(['saveByDate', 'monthly']),
    amount: wire.money,
    date: wire.day.nullable().meta({ description: 'saveByDate only' }),
  })
  .nullable();

/**
 * Records whose REST shape is not their columns: the columns named in `omit` are written as the
 * fields of `add` instead (a budget category's target columns as one `target` object,
 * `categoryJson` in api/modules/budget/budget.rest.ts). The OpenAPI document describes them so.
 */
export const RESHAPED: Partial<Record<Model, { omit: readonly string[]; add: Record<string, z.ZodType> }>> = {
  BudgetCategory: { omit: ['targetKind', 'targetAmount', 'targetDate'], add: { target: targetAnswer } },
};

/**
 * What a route answers on success: a record of a model (or a list of them, each maybe with extra
 * fields, `with`), another JSON shape (`json`, or one page of items, `page`: zod schemas of
 * what the handler returns), a file as an attachment, or nothing (no `returns`: 204 No Content).
 */
export type Returns =
  | {
      model: Model;
      list?: boolean;
      /** A list that also answers pages, `{ items, nextCursor }`, given `limit` or `cursor` (api/rest/paging.ts). */
      paged?: boolean;
      /** The fields each record has besides the model's. */
      with?: z.ZodObject;
    }
  /** Always one page, `{ items, nextCursor }`, of items that are not a model's records. */
  | { page: z.ZodType }
  /** JSON that is not a model's record. */
  | { json: z.ZodType }
  | { file: 'text/csv' | 'text/html' | 'application/json' };

/** A file answer: the router sends it as an attachment of the route's declared content type. */
export interface Attachment {
  filename: string;
  content: string | NodeJS.ReadableStream;
}

/** The largest JSON body a route takes unless it says otherwise: 1 MB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `{ id: string }` for '/accounts/{id}', no parameters for '/accounts'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : Record<never, string>;

/** A handler's input: the path's parameters, and the body and query string parsed with the route's schemas. */
export interface RouteInput<P extends string = string, B = unknown, Q = unknown> {
  params: PathParams<P>;
  body: B;
  query: Q;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a handler resolves to: a file route's attachment; the output of a `json` or `page` route's
 * schema; without `returns`, or for a model's records, anything. `undefined` when the handler
 * wrote the response itself.
 */
type Answer<R> = R extends { file: string }
  ? Attachment | undefined
  : R extends { json: infer S extends z.ZodType }
    ? z.output<S> | void
    : R extends { page: infer S extends z.ZodType }
      ? { items: z.output<S>[]; nextCursor: string | null } | void
      : unknown;

export interface RouteSpec<
  P extends string,
  B extends z.ZodType | undefined,
  Q extends z.ZodObject | undefined,
  R extends Returns | undefined,
> {
  method: Method;
  /** The path under /api in OpenAPI form ('/accounts/{id}'); the router serves it as '/accounts/:id'. */
  path: P;
  summary: string;
  tag: string;
  /** The JSON body's schema: a body that fails it answers 400 before the handler runs. */
  body?: B;
  /** The largest JSON body, in bytes: DEFAULT_BODY_LIMIT unless given (an imported file's route takes more). */
  bodyLimit?: number;
  /** The query string's schema, likewise. */
  query?: Q;
  returns?: R;
  /** The success status when there is an answer: 200 unless given (201 for creations). Without `returns`, 204. */
  status?: 200 | 201;
  /**
   * True when this request is a full read (an unpaged long list or an export): the router counts
   * it against the viewer's concurrent downloads first (api/rest/concurrent-downloads.ts).
   */
  fullRead?: (query: Parsed<Q>) => boolean;
  /**
   * Settings' security operations: for a browser session only, never an API token (the service
   * refuses a token with 403; this documents it in OpenAPI).
   */
  browserOnly?: boolean;
  /** Checks a password or code: limited like sign-ins (429 with Retry-After); documented in OpenAPI. */
  limited?: boolean;
  /**
   * Could take an account over: takes the current `password` unless the sign-in is recent (the
   * service refuses with 403 and checks it against the attempt limit; this documents it).
   */
  confirmsIdentity?: boolean;
  /**
   * An operation the user runs one at a time (api/lib/turns.ts; the handler's service takes the
   * turn): while one runs, the router answers 429 before reading the body. Documented in OpenAPI.
   */
  turn?: TurnKind;
  /**
   * Calls a bank connection's bridge (docs/product.md#bank-sync): 502 when it refuses, fails or
   * answers what cannot be read; a `sync` also answers 429 while another sync of it runs. Documented in OpenAPI.
   */
  bridge?: 'claim' | 'sync';
  /**
   * Runs for a signed-in viewer with the parsed input. Its result is the answer; a handler may
   * instead write the response itself (a stream, or an answer of its own) through `res`.
   */
  handler: (viewer: Viewer, input: RouteInput<P, Parsed<B>, Parsed<Q>>, req: Request, res: Response) => Promise<Answer<R>>;
}

/** A route of a table, its handler's types erased (the router passes it what the schemas parsed). */
export interface Route {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  bodyLimit?: number;
  query?: z.ZodObject;
  returns?: Returns;
  status?: 200 | 201;
  fullRead?: (query: unknown) => boolean;
  browserOnly?: boolean;
  limited?: boolean;
  confirmsIdentity?: boolean;
  turn?: TurnKind;
  bridge?: 'claim' | 'sync';
  handler: (viewer: Viewer, input: RouteInput, req: Request, res: Response) => Promise<unknown>;
}

/** Declares one route; its handler's input is typed by the path and the schemas. */
export function route<
  P extends string,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  R extends Returns | undefined = undefined,
>(spec: RouteSpec<P, B, Q, R>): Route {
  return spec as unknown as Route;
}

/** A module's table: its routes, in the order the router tries them. */
export function defineRoutes(...routes: Route[]): readonly Route[] {
  return routes;
}

/** The success status of a route: 204 without an answer, else its declared status (200 by default). */
export function successStatus(r: Pick<Route, 'returns' | 'status'>): 200 | 201 | 204 {
  return r.returns ? (r.status ?? 200) : 204;
}

/** The path as Express matches it: '/accounts/{id}' becomes '/accounts/:id'. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The first path segments of a person's own operations (Settings, notifications, budgets and
 * invitations, which check roles themselves): a budget's viewer may use them. Every other route
 * that is not a read writes the budget's data (docs/security.md#budgets-and-roles).
 */
const PERSONAL_PATHS = new Set([
  'notifications',
  'password',
  'profile',
  'sessions',
  'settings',
  'tokens',
  'two-factor',
  'budgets',
  'invitations',
]);

/** Whether a route changes the data of the request's budget (a viewer of it is refused). */
export function isDataWrite(r: Pick<Route, 'method' | 'path'>): boolean {
  return r.method !== 'get' && !PERSONAL_PATHS.has(r.path.split('/')[1] ?? '');
}

import { z } from 'zod';
import { getDatamodel } from '../generated/pothos-types.ts';
import { SESSION_COOKIE } from '../auth/sign-in.ts';
import { createAccountInput, setDefaultAccountInput } from '../../shared/inputs/accounts.ts';
import { addPaycheckInput } from '../../shared/inputs/paychecks.ts';
import { addBudgetCategoryInput, updateAllocationsInput } from '../../shared/inputs/budget.ts';
import { addTransactionInput } from '../../shared/inputs/transactions.ts';
import { addRecurringBillInput, recordBillPaymentInput } from '../../shared/inputs/bills.ts';
import { addGoalContributionInput, createSavingsGoalInput, listGoalContributionsQuery } from '../../shared/inputs/goals.ts';
import { csvExportQuery, htmlReportQuery } from '../modules/reports/reports.rest.ts';

/**
 * The OpenAPI 3.1 description of the REST facade, served at /api/openapi.json. Request bodies and
 * query strings are the domain modules' own zod schemas; record shapes come from the Prisma data
 * model, as `rowJson` writes them. A test checks that it lists exactly the router's routes.
 */
type Json = Record<string, unknown>;
type Model = 'Account' | 'Paycheck' | 'BudgetCategory' | 'Transaction' | 'RecurringBill' | 'BillPayment' | 'SavingsGoal' | 'GoalContribution';

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The answer: a record (or a list of them), a file, or nothing (204). */
  returns?: { model: Model; list?: boolean; with?: Record<string, Json> } | { file: 'text/csv' | 'text/html' };
}

const MONEY: Json = { type: 'string', pattern: '^-?\\d{1,10}\\.\\d{2}$', examples: ['1234.50'] };
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

const OPERATIONS: Operation[] = [
  { method: 'get', path: '/accounts', tag: 'Accounts', summary: 'List accounts', returns: { model: 'Account', list: true } },
  { method: 'post', path: '/accounts', tag: 'Accounts', summary: 'Create an account', body: createAccountInput, returns: { model: 'Account' } },
  { method: 'put', path: '/accounts/{id}', tag: 'Accounts', summary: 'Make an account the default one', body: setDefaultAccountInput, returns: { model: 'Account' } },
  { method: 'delete', path: '/accounts/{id}', tag: 'Accounts', summary: 'Delete an account' },
  { method: 'get', path: '/paychecks', tag: 'Paychecks', summary: 'List paychecks, newest first', returns: { model: 'Paycheck', list: true } },
  { method: 'post', path: '/paychecks', tag: 'Paychecks', summary: 'Add a paycheck', body: addPaycheckInput, returns: { model: 'Paycheck' } },
  { method: 'delete', path: '/paychecks/{id}', tag: 'Paychecks', summary: 'Delete a paycheck' },
  { method: 'get', path: '/budget-categories', tag: 'Budget', summary: 'List budget categories', returns: { model: 'BudgetCategory', list: true } },
  { method: 'post', path: '/budget-categories', tag: 'Budget', summary: 'Add a budget category', body: addBudgetCategoryInput, returns: { model: 'BudgetCategory' } },
  {
    method: 'put',
    path: '/budget-categories/bulk',
    tag: 'Budget',
    summary: 'Save every allocation at once (all or nothing); the body may also be `{"categories": [...]}`',
    body: updateAllocationsInput,
    returns: { model: 'BudgetCategory', list: true },
  },
  { method: 'delete', path: '/budget-categories/{id}', tag: 'Budget', summary: 'Delete a category; its transactions and bills become uncategorized' },
  { method: 'get', path: '/transactions', tag: 'Transactions', summary: 'List every transaction, newest first (streamed)', returns: { model: 'Transaction', list: true } },
  { method: 'post', path: '/transactions', tag: 'Transactions', summary: 'Add a transaction', body: addTransactionInput, returns: { model: 'Transaction' } },
  { method: 'delete', path: '/transactions/{id}', tag: 'Transactions', summary: 'Delete a transaction' },
  { method: 'get', path: '/recurring-bills', tag: 'Bills', summary: 'List recurring bills', returns: { model: 'RecurringBill', list: true, with: { daysUntilDue: { type: 'integer' } } } },
  {
    method: 'get',
    path: '/recurring-bills/upcoming',
    tag: 'Bills',
    summary: 'Active bills due within the next 30 days or overdue, soonest first',
    returns: { model: 'RecurringBill', list: true, with: { daysUntilDue: { type: 'integer' } } },
  },
  { method: 'post', path: '/recurring-bills', tag: 'Bills', summary: 'Add a recurring bill', body: addRecurringBillInput, returns: { model: 'RecurringBill', with: { daysUntilDue: { type: 'integer' } } } },
  { method: 'delete', path: '/recurring-bills/{id}', tag: 'Bills', summary: 'Delete a recurring bill and its payments' },
  { method: 'get', path: '/bill-payments', tag: 'Bills', summary: 'List bill payments, newest first', returns: { model: 'BillPayment', list: true } },
  {
    method: 'post',
    path: '/bill-payments',
    tag: 'Bills',
    summary: "Record a payment: the bill's next due date moves on and the amount is recorded as a transaction",
    body: recordBillPaymentInput,
    returns: { model: 'BillPayment', with: { recurringBill: ref('RecurringBill'), transaction: ref('Transaction') } },
  },
  {
    method: 'get',
    path: '/savings-goals',
    tag: 'Goals',
    summary: 'List savings goals',
    returns: { model: 'SavingsGoal', list: true, with: { progressPercent: { type: 'string', examples: ['45.5'] }, remainingAmount: MONEY } },
  },
  {
    method: 'post',
    path: '/savings-goals',
    tag: 'Goals',
    summary: 'Create a savings goal',
    body: createSavingsGoalInput,
    returns: { model: 'SavingsGoal', with: { progressPercent: { type: 'string' }, remainingAmount: MONEY } },
  },
  { method: 'delete', path: '/savings-goals/{id}', tag: 'Goals', summary: 'Delete a savings goal and its contributions' },
  { method: 'get', path: '/goal-contributions', tag: 'Goals', summary: "List contributions, or one goal's", query: listGoalContributionsQuery, returns: { model: 'GoalContribution', list: true } },
  {
    method: 'post',
    path: '/goal-contributions',
    tag: 'Goals',
    summary: 'Add a contribution: the goal grows and completes when it reaches its target',
    body: addGoalContributionInput,
    returns: { model: 'GoalContribution', with: { goal: ref('SavingsGoal') } },
  },
  { method: 'get', path: '/export/transactions.csv', tag: 'Exports', summary: 'The transactions as CSV (Date, Description, Amount, Category)', query: csvExportQuery, returns: { file: 'text/csv' } },
  { method: 'get', path: '/export/report.html', tag: 'Exports', summary: 'The printable report of a week, month or year', query: htmlReportQuery, returns: { file: 'text/html' } },
];

/** The routes this document describes, as Express paths (`/accounts/:id`): the test compares them with the router. */
export const DOCUMENTED_ROUTES = OPERATIONS.map((o) => `${o.method.toUpperCase()} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`);

const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

/** A record as the REST facade writes it: money as decimal strings, days as YYYY-MM-DD, flags as 0/1. */
function modelSchema(name: Model): Json {
  const fields = getDatamodel().datamodel.models[name]!.fields.filter((f) => f.kind === 'scalar');
  const property = (type: string, fieldName: string): Json => {
    if (type === 'Decimal') return MONEY;
    if (type === 'Int') return { type: 'integer' };
    // Timestamps end in "At"; every other date of the model is a calendar day.
    if (type === 'DateTime') return fieldName.endsWith('At') ? { type: 'string', format: 'date-time' } : { type: 'string', format: 'date' };
    return { type: 'string' };
  };
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, f.isRequired ? property(f.type, f.name) : { oneOf: [property(f.type, f.name), { type: 'null' }] }])),
    required: fields.map((f) => f.name),
  };
}

function operation(o: Operation): Json {
  const status = o.method === 'post' ? '201' : o.returns ? '200' : '204';
  let success: Json = { description: 'Deleted' };
  if (o.returns && 'file' in o.returns) {
    success = { description: 'The file, as an attachment', content: { [o.returns.file]: { schema: { type: 'string' } } } };
  } else if (o.returns) {
    const base = ref(o.returns.model);
    const item = o.returns.with ? { allOf: [base, { type: 'object', properties: o.returns.with, required: Object.keys(o.returns.with) }] } : base;
    success = { description: 'OK', content: { 'application/json': { schema: o.returns.list ? { type: 'array', items: item } : item } } };
  }
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  const parameters = [
    ...(o.path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : []),
    ...Object.entries((o.query ? jsonSchema(o.query).properties : {}) as Record<string, Json>).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
  ];
  return {
    tags: [o.tag],
    summary: o.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(o.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(o.body) } } } } : {}),
    responses: {
      [status]: success,
      ...(o.body || o.query ? { 400: error('Invalid input: the first problem, and every problem with its field path') } : {}),
      401: error('Signed out'),
      ...(o.path.includes('{id}') || o.body ? { 404: error('Not found (an unknown id, or another user’s)') } : {}),
      ...(o.returns && 'file' in o.returns ? { 404: error('No transactions available to export.') } : {}),
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
        'The REST facade of the budgeting app. Sign in through /api/login in a browser and send its session cookie; ' +
        'requests that change data must be same-origin (an Origin header matching the app) and JSON.',
    },
    servers: [{ url: `${publicUrl}/api` }],
    security: [{ session: [] }],
    paths: OPERATIONS.reduce<Record<string, Json>>((paths, o) => ({ ...paths, [o.path]: { ...paths[o.path], [o.method]: operation(o) } }), {
      '/auth/user': {
        get: {
          tags: ['Session'],
          summary: 'The signed-in user',
          responses: {
            200: {
              description: 'OK',
              content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(['id', 'email', 'firstName', 'lastName', 'profileImageUrl'].map((k) => [k, { type: ['string', 'null'] }])) } } },
            },
            401: { description: 'Signed out', content: { 'application/json': { schema: ref('Error') } } },
          },
        },
      },
    }),
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'array', items: { type: ['string', 'integer'] } }, message: { type: 'string' } } } },
          },
          required: ['message'],
        },
        ...Object.fromEntries((['Account', 'Paycheck', 'BudgetCategory', 'Transaction', 'RecurringBill', 'BillPayment', 'SavingsGoal', 'GoalContribution'] as const).map((m) => [m, modelSchema(m)])),
      },
    },
  };
  return document;
}

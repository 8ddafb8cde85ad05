import { defineRoutes, route } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import { createAccountInput, setDefaultAccountInput, updateAccountInput } from '../../../shared/inputs/accounts.ts';
import { createAccount, deleteAccount, listAccounts, setDefaultAccount, updateAccount } from './accounts.service.ts';

export const accountRoutes = defineRoutes(
  listRoute({
    path: '/accounts',
    tag: 'Accounts',
    summary: 'List accounts',
    model: 'Account',
    list: (viewer, _query, page) => listAccounts(viewer, page),
    json: (_viewer, a) => rowJson(a),
  }),
  route({
    method: 'post',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'Create an account',
    body: createAccountInput,
    returns: { model: 'Account' },
    status: 201,
    handler: async (viewer, { body }) => rowJson(await createAccount(viewer, body)),
  }),
  route({
    method: 'put',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: 'Make an account the default one',
    body: setDefaultAccountInput,
    returns: { model: 'Account' },
    handler: async (viewer, { params, body }) => rowJson(await setDefaultAccount(viewer, params.id, body)),
  }),
  route({
    method: 'patch',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: 'Change an account: any of name, type, balance, notes (PUT sets the default)',
    body: updateAccountInput,
    returns: { model: 'Account' },
    handler: async (viewer, { params, body }) => rowJson(await updateAccount(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: 'Delete an account',
    handler: (viewer, { params }) => deleteAccount(viewer, params.id),
  }),
);

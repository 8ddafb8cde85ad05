import { defineRoutes, route } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import { addPaycheckInput, updatePaycheckInput } from '../../../shared/inputs/paychecks.ts';
import { addPaycheck, deletePaycheck, listPaychecks, updatePaycheck } from './paychecks.service.ts';

export const paycheckRoutes = defineRoutes(
  listRoute({
    path: '/paychecks',
    tag: 'Paychecks',
    summary: 'List paychecks, newest first',
    model: 'Paycheck',
    list: (viewer, _query, page) => listPaychecks(viewer, page),
    json: (_viewer, p) => rowJson(p, ['date']),
  }),
  route({
    method: 'post',
    path: '/paychecks',
    tag: 'Paychecks',
    summary: 'Add a paycheck',
    body: addPaycheckInput,
    returns: { model: 'Paycheck' },
    status: 201,
    handler: async (viewer, { body }) => rowJson(await addPaycheck(viewer, body), ['date']),
  }),
  route({
    method: 'patch',
    path: '/paychecks/{id}',
    tag: 'Paychecks',
    summary: 'Change a paycheck: any of amount, date, notes',
    body: updatePaycheckInput,
    returns: { model: 'Paycheck' },
    handler: async (viewer, { params, body }) => rowJson(await updatePaycheck(viewer, params.id, body), ['date']),
  }),
  route({
    method: 'delete',
    path: '/paychecks/{id}',
    tag: 'Paychecks',
    summary: 'Delete a paycheck',
    handler: (viewer, { params }) => deletePaycheck(viewer, params.id),
  }),
);

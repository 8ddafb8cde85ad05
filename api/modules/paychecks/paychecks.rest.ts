import { z } from 'zod';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import { addPaycheckInput, updatePaycheckInput } from '../../../shared/inputs/paychecks.ts';
import { addPaycheck, deletePaycheck, listPaychecks, updatePaycheck } from './paychecks.service.ts';
import type { Paycheck, Payee } from '../../generated/prisma/client.ts';
import { payeeAnswer } from '../payees/payees.rest.ts';

/** What a paycheck has in REST answers besides its record's columns: its payee's name. */
const paycheckFields = z.object({ payee: payeeAnswer });

const json = ({ payee, ...p }: Paycheck & { payee?: Payee | null }) => ({ ...rowJson(p, ['date']), payee: payee?.name ?? null });

export const paycheckRoutes = defineRoutes(
  listRoute({
    path: '/paychecks',
    tag: 'Paychecks',
    summary: 'List paychecks, newest first',
    model: 'Paycheck',
    with: paycheckFields,
    list: (viewer, _query, page) => listPaychecks(viewer, { ...page, include: { payee: true } }),
    json: (_viewer, p) => json(p),
  }),
  route({
    method: 'post',
    path: '/paychecks',
    tag: 'Paychecks',
    summary: 'Add a paycheck',
    body: addPaycheckInput,
    returns: { model: 'Paycheck', with: paycheckFields },
    status: 201,
    handler: async (viewer, { body }) => json(await addPaycheck(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/paychecks/{id}',
    tag: 'Paychecks',
    summary: 'Change a paycheck: any of amount, date, notes, accountId, status, payee (null: none)',
    body: updatePaycheckInput,
    returns: { model: 'Paycheck', with: paycheckFields },
    handler: async (viewer, { params, body }) => json(await updatePaycheck(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/paychecks/{id}',
    tag: 'Paychecks',
    summary: 'Delete a paycheck',
    handler: (viewer, { params }) => deletePaycheck(viewer, params.id),
  }),
);

import { z } from 'zod';
import type { Transfer } from '../../generated/prisma/client.ts';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import { ACCOUNT_ID_MESSAGE } from '../../../shared/validation.ts';
import { addTransferInput, updateTransferInput } from '../../../shared/inputs/transfers.ts';
import { addTransfer, deleteTransfer, listTransfers, updateTransfer } from './transfers.service.ts';

const json = (t: Transfer) => rowJson(t, ['date']);

export const transferRoutes = defineRoutes(
  listRoute({
    path: '/transfers',
    tag: 'Transfers',
    summary: 'List transfers (or those out of or into one account), newest first',
    model: 'Transfer',
    query: z.object({
      accountId: z
        .string({ message: ACCOUNT_ID_MESSAGE })
        .optional()
        .meta({ description: 'Only the transfers out of or into this account' }),
    }),
    list: (viewer, query, page) => listTransfers(viewer, query, page),
    json: (_viewer, t) => json(t),
  }),
  route({
    method: 'post',
    path: '/transfers',
    tag: 'Transfers',
    summary: 'Move money from one account to another (both balances change; no income or spending)',
    body: addTransferInput,
    returns: { model: 'Transfer' },
    status: 201,
    handler: async (viewer, { body }) => json(await addTransfer(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/transfers/{id}',
    tag: 'Transfers',
    summary: 'Change a transfer: any of fromAccountId, toAccountId, amount, date, notes',
    body: updateTransferInput,
    returns: { model: 'Transfer' },
    handler: async (viewer, { params, body }) => json(await updateTransfer(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/transfers/{id}',
    tag: 'Transfers',
    summary: 'Delete a transfer (the money goes back to the account it left)',
    handler: (viewer, { params }) => deleteTransfer(viewer, params.id),
  }),
);

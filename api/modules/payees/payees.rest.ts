import { z } from 'zod';
import type { Payee } from '../../generated/prisma/client.ts';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { mergePayeesInput, renamePayeeInput } from '../../../shared/inputs/payees.ts';
import { listPayees, mergePayees, renamePayee } from './payees.service.ts';

/** A record's payee in REST answers: its name, or null (docs/product.md#payees). */
export const payeeAnswer = z.string().nullable().meta({ description: 'Its payee’s name, or null when it has none' });

const payeeSchema = z.object({ id: z.string(), name: z.string(), createdAt: wire.timestamp });
const json = (p: Payee): z.output<typeof payeeSchema> => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString() });

export const payeeRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/payees',
    tag: 'Payees',
    summary: 'List your payees, by name',
    returns: { json: z.array(payeeSchema) },
    handler: async (viewer) => (await listPayees(viewer)).map(json),
  }),
  route({
    method: 'post',
    path: '/payees/merge',
    tag: 'Payees',
    summary: 'Merge payees: every transaction and paycheck of `ids` goes to `into`, and the payees of `ids` are deleted; all or nothing',
    body: mergePayeesInput,
    returns: { json: payeeSchema },
    handler: async (viewer, { body }) => json(await mergePayees(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/payees/{id}',
    tag: 'Payees',
    summary: 'Rename a payee (every record of it follows); a name another payee has is refused: merge them instead',
    body: renamePayeeInput,
    returns: { json: payeeSchema },
    handler: async (viewer, { params, body }) => json(await renamePayee(viewer, params.id, body)),
  }),
);

import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';

export const PaycheckRef = builder.prismaNode('Paycheck', {
  id: { field: 'id' },
  description: 'Income: one paycheck.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money' }),
    date: t.expose('date', { type: 'Date' }),
    notes: t.exposeString('notes', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

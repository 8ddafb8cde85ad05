import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';

export const TransactionRef = builder.prismaNode('Transaction', {
  id: { field: 'id' },
  description: 'An expense.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money', description: 'The amount spent (shown as a negative dollar value).' }),
    description: t.exposeString('description'),
    date: t.expose('date', { type: 'Date' }),
    category: t.relation('category', { nullable: true, description: 'The budget category, if any.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

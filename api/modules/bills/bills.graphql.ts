import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';

export const BILL_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;

export const BillFrequency = builder.enumType('BillFrequency', {
  description: 'Shown as Weekly, Bi-weekly, Monthly, Quarterly, Yearly.',
  values: BILL_FREQUENCIES,
});

export const RecurringBillRef = builder.prismaNode('RecurringBill', {
  id: { field: 'id' },
  description: 'A bill that comes back every period.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name'),
    amount: t.expose('amount', { type: 'Money' }),
    frequency: t.field({ type: BillFrequency, resolve: (b) => b.frequency as (typeof BILL_FREQUENCIES)[number] }),
    dueDay: t.exposeInt('dueDay', { description: 'Day of the month it is due, 1 to 31.' }),
    nextDueDate: t.expose('nextDueDate', { type: 'Date' }),
    isActive: t.boolean({ resolve: (b) => b.isActive === 1 }),
    category: t.relation('category', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const BillPaymentRef = builder.prismaNode('BillPayment', {
  id: { field: 'id' },
  description: 'A payment recorded against a recurring bill.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money' }),
    paidDate: t.expose('paidDate', { type: 'Date' }),
    notes: t.exposeString('notes', { nullable: true }),
    recurringBill: t.relation('recurringBill'),
    transaction: t.relation('transaction', { nullable: true, description: 'The expense recorded for this payment.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

import { encodeGlobalID } from '@pothos/plugin-relay';
import type { BillPayment, RecurringBill, Transaction } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { toFlag } from '../../lib/flags.ts';
import { ownedNode } from '../../graphql/context.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import type { BillFrequency as Frequency } from '../../../shared/enums.ts';
import {
  addRecurringBill,
  countBillPayments,
  countRecurringBills,
  countUpcomingBills,
  daysUntilDue,
  deleteBillPayment,
  deleteRecurringBill,
  listBillPayments,
  listRecurringBills,
  listUpcomingBills,
  recordBillPayment,
  updateRecurringBill,
} from './bills.service.ts';

export const BillFrequency = builder.enumType('BillFrequency', {
  description: 'Shown as Weekly, Bi-weekly, Monthly, Quarterly, Yearly.',
  values: {
    weekly: { description: 'Every 7 days.' },
    biweekly: { description: 'Every 14 days (shown as "Bi-weekly").' },
    monthly: { description: 'Every month, on the due day.' },
    quarterly: { description: 'Every 3 months, on the due day.' },
    yearly: { description: 'Every 12 months, on the due day.' },
  } satisfies Record<Frequency, { description: string }>,
});

export const RecurringBillRef = builder.prismaNode('RecurringBill', {
  id: { field: 'id' },
  description: 'A bill that comes back every period.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The bill name, 1 to 200 characters.' }),
    amount: t.expose('amount', { type: 'Money', description: 'The amount due each period.' }),
    frequency: t.field({
      type: BillFrequency,
      description: 'How often it comes back; each payment moves nextDueDate on by one such period.',
      resolve: (b) => b.frequency as Frequency,
    }),
    dueDay: t.exposeInt('dueDay', { description: 'Day of the month it is due, 1 to 31.' }),
    nextDueDate: t.expose('nextDueDate', { type: 'Date', description: 'The date the next payment is due.' }),
    isActive: t.exposeBoolean('isActive', {
      description: 'False for an inactive bill: it is kept, but never listed as upcoming.',
    }),
    daysUntilDue: t.int({
      description: "Days from today (the client's time zone) to the next due date; negative when overdue.",
      resolve: (b, _args, ctx) => daysUntilDue(ctx.viewer, b),
    }),
    isOverdue: t.boolean({
      description: 'The next due date is before today.',
      resolve: (b, _args, ctx) => daysUntilDue(ctx.viewer, b) < 0,
    }),
    autoPost: t.exposeBoolean('autoPost', {
      description: 'Post automatically: the server records the payment (from the default account) when it is due.',
    }),
    category: t.relation('category', { nullable: true, description: 'The budget category its payments are recorded in, or null.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    payments: t.prismaConnection({
      type: 'BillPayment',
      cursor: 'id',
      description: 'Payments recorded against this bill, newest first.',
      totalCount: (bill, _args, ctx) => countBillPayments(ctx.viewer, bill.id),
      resolve: (query, bill, _args, ctx) => listBillPayments(ctx.viewer, bill.id, query),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the bill was added.' }),
  }),
});

export const BillPaymentRef = builder.prismaNode('BillPayment', {
  id: { field: 'id' },
  description: 'A payment recorded against a recurring bill.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money', description: 'The amount paid.' }),
    paidDate: t.expose('paidDate', { type: 'Date', description: 'The day it was paid.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    recurringBill: t.relation('recurringBill', { description: 'The bill this payment is for.' }),
    transaction: t.relation('transaction', { nullable: true, description: 'The expense recorded for this payment.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the payment was recorded.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  recurringBills: t.prismaConnection({
    type: 'RecurringBill',
    cursor: 'id',
    description: "The user's bills, soonest due first: all, or only active (true) or inactive (false).",
    args: { active: t.arg.boolean({ required: false }) },
    totalCount: (_user, args, ctx) => countRecurringBills(ctx.viewer, args.active),
    resolve: (query, _user, args, ctx) => listRecurringBills(ctx.viewer, args.active, query),
  }),
  upcomingBills: t.prismaConnection({
    type: 'RecurringBill',
    cursor: 'id',
    description: 'Active bills due within the next 30 days and every overdue active bill, soonest first.',
    totalCount: (_user, _args, ctx) => countUpcomingBills(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listUpcomingBills(ctx.viewer, query),
  }),
  billPayments: t.prismaConnection({
    type: 'BillPayment',
    cursor: 'id',
    description: 'Every bill payment, newest first.',
    totalCount: (_user, _args, ctx) => countBillPayments(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listBillPayments(ctx.viewer, undefined, query),
  }),
}));

const AddRecurringBillInput = builder.inputType('AddRecurringBillInput', {
  description: 'A new recurring bill, for addRecurringBill.',
  fields: (t) => ({
    name: t.string({ description: '1 to 200 characters.' }),
    amount: t.field({ type: 'Money', description: 'The amount due each period.' }),
    frequency: t.field({ type: BillFrequency, description: 'How often it comes back.' }),
    dueDay: t.int({ description: '1 to 31.' }),
    nextDueDate: t.field({ type: 'Date', description: 'The first date it is due.' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'One of your categories, or none.' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
    isActive: t.boolean({ required: false, description: 'Default true.' }),
    autoPost: t.boolean({ required: false, description: 'Post automatically when due. Default false.' }),
  }),
});

const RecordBillPaymentInput = builder.inputType('RecordBillPaymentInput', {
  description: 'A payment against one of your bills, for recordBillPayment.',
  fields: (t) => ({
    recurringBillId: t.globalID({ for: RecurringBillRef, description: 'The bill that was paid.' }),
    amount: t.field({ type: 'Money', description: 'The amount paid; the recorded expense has the same amount.' }),
    paidDate: t.field({ type: 'Date', description: 'The day it was paid; the recorded expense has the same date.' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
    accountId: t.globalID({
      for: AccountRef,
      required: false,
      description: 'The account it was paid from: the recorded expense goes there (its balance goes down). None by default.',
    }),
  }),
});

const RecurringBillPayload = builder.objectRef<{ recurringBill: RecurringBill }>('RecurringBillPayload').implement({
  description: 'The added bill, and the signed-in user for the lists it joined.',
  interfaces: [MutationPayload],
  fields: (t) => ({ recurringBill: t.field({ type: RecurringBillRef, description: 'The added bill.', resolve: (p) => p.recurringBill }) }),
});

const BillPaymentPayload = builder
  .objectRef<{ billPayment: BillPayment; recurringBill: RecurringBill; transaction: Transaction }>('BillPaymentPayload')
  .implement({
    description: 'The payment, the bill with its next due date moved on, and the expense recorded for it.',
    interfaces: [MutationPayload],
    fields: (t) => ({
      billPayment: t.field({ type: BillPaymentRef, description: 'The recorded payment.', resolve: (p) => p.billPayment }),
      recurringBill: t.field({
        type: RecurringBillRef,
        description: 'The bill, its next due date moved on by one period.',
        resolve: (p) => p.recurringBill,
      }),
      transaction: t.field({
        type: TransactionRef,
        description: "The expense recorded for the payment, named after the bill and in the bill's category.",
        resolve: (p) => p.transaction,
      }),
    }),
  });

builder.mutationFields((t) => ({
  addRecurringBill: t.field({
    type: RecurringBillPayload,
    description: 'Adds a recurring bill.',
    args: { input: t.arg({ type: AddRecurringBillInput }) },
    resolve: async (_root, { input }, ctx) => ({
      recurringBill: await addRecurringBill(ctx.viewer, {
        ...input,
        categoryId: input.categoryId?.id ?? null,
        isActive: toFlag(input.isActive ?? true),
        autoPost: input.autoPost ?? false,
      }),
    }),
  }),
  recordBillPayment: t.field({
    type: BillPaymentPayload,
    description: "Mark Paid: records the payment and its expense, and moves the bill's next due date on by one period.",
    args: { input: t.arg({ type: RecordBillPaymentInput }) },
    resolve: (_root, { input }, ctx) =>
      recordBillPayment(ctx.viewer, { ...input, recurringBillId: input.recurringBillId.id, accountId: input.accountId?.id ?? null }),
  }),
}));

deleteMutation('deleteRecurringBill', {
  node: RecurringBillRef,
  description: 'Deletes a bill and its payments.',
  remove: deleteRecurringBill,
});

updateMutation('updateRecurringBill', {
  node: RecurringBillRef,
  field: 'recurringBill',
  description: 'Changes a bill; Pause and Resume change isActive.',
  fields: (t) => ({
    name: t.string({ required: false, description: '1 to 200 characters.' }),
    amount: t.field({ type: 'Money', required: false, description: 'The amount due each period.' }),
    frequency: t.field({ type: BillFrequency, required: false, description: 'How often it comes back.' }),
    dueDay: t.int({ required: false, description: '1 to 31.' }),
    nextDueDate: t.field({ type: 'Date', required: false, description: 'The date the next payment is due.' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'One of your categories; null for none.' }),
    notes: t.string({ required: false, description: 'Free-form notes, at most 10000 characters; null or blank clears them.' }),
    isActive: t.boolean({ required: false, description: 'False pauses the bill, true resumes it.' }),
    autoPost: t.boolean({ required: false, description: 'Post automatically when due.' }),
  }),
  update: (viewer, id, { categoryId, isActive, ...changes }) =>
    updateRecurringBill(viewer, id, {
      ...changes,
      categoryId: categoryId === undefined ? undefined : (categoryId?.id ?? null),
      isActive: isActive == null ? isActive : toFlag(isActive),
    }),
});

const DeleteBillPaymentPayload = builder
  .objectRef<{ deletedId: string; recurringBill: RecurringBill; deletedTransactionId: string | null }>('DeleteBillPaymentPayload')
  .implement({
    description: 'The deleted payment, its bill after it, and the expense deleted with it.',
    interfaces: [MutationPayload],
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', { description: 'The global id of the deleted payment.' }),
      recurringBill: t.field({
        type: RecurringBillRef,
        description: 'The bill; its next due date moved back one period when this was its latest payment.',
        resolve: (p) => p.recurringBill,
      }),
      deletedTransactionId: t.exposeID('deletedTransactionId', {
        nullable: true,
        description: 'The global id of the expense the payment recorded, deleted with it; null when it was already gone.',
      }),
    }),
  });

builder.mutationField('deleteBillPayment', (t) =>
  t.field({
    type: DeleteBillPaymentPayload,
    description: "Deletes a payment and the expense it recorded; deleting the bill's latest payment moves its next due date back.",
    args: { id: t.arg.globalID({ for: BillPaymentRef }) },
    resolve: async (_root, { id }, ctx) => {
      const { recurringBill, deletedTransactionId } = await deleteBillPayment(ctx.viewer, id.id);
      return {
        deletedId: encodeGlobalID(id.typename, id.id),
        recurringBill,
        deletedTransactionId: deletedTransactionId && encodeGlobalID('Transaction', deletedTransactionId),
      };
    },
  }),
);

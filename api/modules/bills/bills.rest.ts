import type { RecurringBill } from '../../generated/prisma/client.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson, type RowJson } from '../../rest/json.ts';
import {
  addRecurringBillInput,
  listBillPaymentsQuery,
  recordBillPaymentInput,
  updateRecurringBillInput,
} from '../../../shared/inputs/bills.ts';
import {
  addRecurringBill,
  daysUntilDue,
  deleteBillPayment,
  deleteRecurringBill,
  listBillPayments,
  listRecurringBills,
  listUpcomingBills,
  recordBillPayment,
  updateRecurringBill,
} from './bills.service.ts';

/** What a bill has in REST answers besides its record: the days until it is due. */
const billFields = z.object({ daysUntilDue: wire.integer });
const billJson = (viewer: Viewer, b: RecurringBill): RowJson & z.output<typeof billFields> => ({
  ...rowJson(b, ['nextDueDate']),
  daysUntilDue: daysUntilDue(viewer, b),
});
/** A payment as Mark Paid answers it: with the bill it moved on and the expense it recorded. */
const paymentFields = z.object({ recurringBill: wire.record('RecurringBill'), transaction: wire.record('Transaction') });
const paymentJson = (
  viewer: Viewer,
  { billPayment, recurringBill, transaction }: Awaited<ReturnType<typeof recordBillPayment>>,
): RowJson & z.output<typeof paymentFields> => ({
  ...rowJson(billPayment, ['paidDate']),
  recurringBill: billJson(viewer, recurringBill),
  transaction: rowJson(transaction, ['date']),
});

export const billRoutes = defineRoutes(
  listRoute({
    path: '/recurring-bills',
    tag: 'Bills',
    summary: 'List recurring bills',
    model: 'RecurringBill',
    with: billFields,
    list: (viewer, _query, page) => listRecurringBills(viewer, undefined, page),
    json: billJson,
  }),
  listRoute({
    path: '/recurring-bills/upcoming',
    tag: 'Bills',
    summary: 'Active bills due within the next 30 days or overdue, soonest first',
    model: 'RecurringBill',
    with: billFields,
    list: (viewer, _query, page) => listUpcomingBills(viewer, page),
    json: billJson,
  }),
  route({
    method: 'post',
    path: '/recurring-bills',
    tag: 'Bills',
    summary: 'Add a recurring bill',
    body: addRecurringBillInput,
    returns: { model: 'RecurringBill', with: billFields },
    status: 201,
    handler: async (viewer, { body }) => billJson(viewer, await addRecurringBill(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/recurring-bills/{id}',
    tag: 'Bills',
    summary: "Change any of a bill's fields; isActive 0 pauses it, 1 resumes it",
    body: updateRecurringBillInput,
    returns: { model: 'RecurringBill', with: billFields },
    handler: async (viewer, { params, body }) => billJson(viewer, await updateRecurringBill(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/recurring-bills/{id}',
    tag: 'Bills',
    summary: 'Delete a recurring bill and its payments',
    handler: (viewer, { params }) => deleteRecurringBill(viewer, params.id),
  }),
  listRoute({
    path: '/bill-payments',
    tag: 'Bills',
    summary: "List bill payments, or one bill's, newest first",
    model: 'BillPayment',
    query: listBillPaymentsQuery,
    list: (viewer, query, page) => listBillPayments(viewer, query.recurringBillId, page),
    json: (_viewer, p) => rowJson(p, ['paidDate']),
  }),
  route({
    method: 'post',
    path: '/bill-payments',
    tag: 'Bills',
    summary: "Record a payment: the bill's next due date moves on and the amount is recorded as a transaction",
    body: recordBillPaymentInput,
    returns: { model: 'BillPayment', with: paymentFields },
    status: 201,
    handler: async (viewer, { body }) => paymentJson(viewer, await recordBillPayment(viewer, body)),
  }),
  route({
    method: 'delete',
    path: '/bill-payments/{id}',
    tag: 'Bills',
    summary: "Delete a payment and the expense it recorded; deleting a bill's latest payment moves its next due date back one period",
    handler: (viewer, { params }) => deleteBillPayment(viewer, params.id),
  }),
);

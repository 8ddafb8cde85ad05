import type { Router } from 'express';
import type { RecurringBill } from '../../generated/prisma/client.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RestRoutes } from '../../rest/router.ts';
import { rowJson } from '../../rest/json.ts';
import { addRecurringBill, daysUntilDue, deleteRecurringBill, listBillPayments, listRecurringBills, listUpcomingBills, recordBillPayment } from './bills.service.ts';

const billJson = (viewer: Viewer, b: RecurringBill) => ({ ...rowJson(b, ['nextDueDate']), daysUntilDue: daysUntilDue(viewer, b) });

export function registerBillRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/recurring-bills', handle(async (viewer) => (await listRecurringBills(viewer)).map((b) => billJson(viewer, b))));
  router.get('/recurring-bills/upcoming', handle(async (viewer) => (await listUpcomingBills(viewer)).map((b) => billJson(viewer, b))));
  router.post('/recurring-bills', handle(async (viewer, req) => billJson(viewer, await addRecurringBill(viewer, req.body)), 201));
  router.delete('/recurring-bills/:id', handle(async (viewer, req) => deleteRecurringBill(viewer, String(req.params.id)).then(() => undefined)));
  router.get('/bill-payments', handle(async (viewer) => (await listBillPayments(viewer)).map((p) => rowJson(p, ['paidDate']))));
  router.post('/bill-payments', handle(async (viewer, req) => {
    const { billPayment, recurringBill, transaction } = await recordBillPayment(viewer, req.body);
    return { ...rowJson(billPayment, ['paidDate']), recurringBill: billJson(viewer, recurringBill), transaction: rowJson(transaction, ['date']) };
  }, 201));
}

import type { Route } from './route-table.ts';
import { accountRoutes } from '../modules/accounts/accounts.rest.ts';
import { reconcileRoutes } from '../modules/accounts/reconcile.rest.ts';
import { paycheckRoutes } from '../modules/paychecks/paychecks.rest.ts';
import { budgetRoutes } from '../modules/budget/budget.rest.ts';
import { transactionRoutes } from '../modules/transactions/transactions.rest.ts';
import { billRoutes } from '../modules/bills/bills.rest.ts';
import { goalRoutes } from '../modules/goals/goals.rest.ts';
import { reportRoutes } from '../modules/reports/reports.rest.ts';
import { transferRoutes } from '../modules/transfers/transfers.rest.ts';
import { exportRoutes } from '../modules/export/export.rest.ts';
import { userRoutes } from '../modules/users/users.rest.ts';
import { credentialRoutes } from '../modules/credentials/credentials.rest.ts';
import { sessionRoutes } from '../modules/sessions/sessions.rest.ts';
import { tokenRoutes } from '../modules/tokens/tokens.rest.ts';
import { importRoutes } from '../modules/imports/imports.rest.ts';
import { scheduleRoutes } from '../modules/schedules/schedules.rest.ts';
import { forecastRoutes } from '../modules/forecast/forecast.rest.ts';
import { payeeRoutes } from '../modules/payees/payees.rest.ts';
import { ruleRoutes } from '../modules/rules/rules.rest.ts';
import { connectionRoutes } from '../modules/connections/connections.rest.ts';
import { reminderRoutes } from '../modules/reminders/reminders.rest.ts';
import { sharedBudgetRoutes } from '../modules/budgets/budgets.rest.ts';

/** Every route of the REST facade: the router serves these and the OpenAPI document describes them. */
export const REST_ROUTES: readonly Route[] = [
  ...accountRoutes,
  ...reconcileRoutes,
  ...paycheckRoutes,
  ...budgetRoutes,
  ...transactionRoutes,
  ...billRoutes,
  ...goalRoutes,
  ...transferRoutes,
  ...importRoutes,
  ...connectionRoutes,
  ...scheduleRoutes,
  ...forecastRoutes,
  ...payeeRoutes,
  ...ruleRoutes,
  ...reminderRoutes,
  ...sharedBudgetRoutes,
  ...reportRoutes,
  ...exportRoutes,
  ...userRoutes,
  ...credentialRoutes,
  ...sessionRoutes,
  ...tokenRoutes,
];

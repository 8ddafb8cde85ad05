import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
import './scalars.ts';
import '../modules/users/users.graphql.ts';
import '../modules/users/changes.graphql.ts';

import '../modules/accounts/accounts.graphql.ts';
import '../modules/paychecks/paychecks.graphql.ts';
import '../modules/budget/budget.graphql.ts';
import '../modules/transactions/transactions.graphql.ts';
import '../modules/suggestions/suggestions.graphql.ts';
import '../modules/reports/reports.graphql.ts';
import '../modules/bills/bills.graphql.ts';
import '../modules/goals/goals.graphql.ts';
import '../modules/transfers/transfers.graphql.ts';
import '../modules/accounts/activity.graphql.ts';
import '../modules/accounts/reconcile.graphql.ts';
import '../modules/tokens/tokens.graphql.ts';
import '../modules/sessions/sessions.graphql.ts';
import '../modules/credentials/credentials.graphql.ts';
import '../modules/imports/imports.graphql.ts';
import '../modules/schedules/schedules.graphql.ts';
import '../modules/forecast/forecast.graphql.ts';
import '../modules/payees/payees.graphql.ts';
import '../modules/rules/rules.graphql.ts';
import '../modules/connections/connections.graphql.ts';
import '../modules/reminders/reminders.graphql.ts';
import '../modules/budgets/budgets.graphql.ts';
import '../modules/budgets/record-people.graphql.ts';

builder.globalConnectionField('totalCount', (t) =>
  t.int({ nullable: false, resolve: (parent) => (parent as { totalCount?: number }).totalCount ?? 0 }),
);

export const schema = lexicographicSortSchema(builder.toSchema());

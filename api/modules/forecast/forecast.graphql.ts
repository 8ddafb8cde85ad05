import { builder } from '../../graphql/builder.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import { belowZeroWarnings, forecast, type Forecast, type ForecastDay } from './forecast.service.ts';

const ForecastDayRef = builder.objectRef<ForecastDay>('ForecastDay').implement({
  description: 'A day of a forecast and its projected balance.',
  fields: (t) => ({
    date: t.field({ type: 'Date', resolve: (d) => d.date }),
    balance: t.field({ type: 'Money', description: 'The projected balance at the end of the day.', resolve: (d) => d.balance }),
  }),
});

const ForecastRef = builder.objectRef<Forecast>('Forecast').implement({
  description: 'The projected balance of each day from today (docs/product.md#forecast), and its lowest point.',
  fields: (t) => ({
    days: t.field({ type: [ForecastDayRef], resolve: (f) => f.days }),
    lowest: t.field({ type: ForecastDayRef, description: 'The lowest balance, and its first day.', resolve: (f) => f.lowest }),
  }),
});

const ForecastWarningRef = builder
  .objectRef<{ account: { id: string; name: string }; date: Date; balance: ForecastDay['balance'] }>('ForecastWarning')
  .implement({
    description: 'An account whose forecast goes below zero: "Checking goes below $0 on Dec 14".',
    fields: (t) => ({
      accountId: t.globalID({ description: 'The account.', resolve: (w) => ({ type: 'Account', id: w.account.id }) }),
      accountName: t.string({ resolve: (w) => w.account.name }),
      date: t.field({ type: 'Date', description: 'The first day below zero.', resolve: (w) => w.date }),
      balance: t.field({ type: 'Money', description: 'The balance that day.', resolve: (w) => w.balance }),
    }),
  });

const daysArg = { required: false, defaultValue: 90, description: '1 to 366 days from today.' } as const;

builder.prismaObjectFields(UserRef, (t) => ({
  forecast: t.field({
    type: ForecastRef,
    description: 'The forecast of every account together, or of one.',
    args: { days: t.arg.int(daysArg), accountId: t.arg.globalID({ for: AccountRef, required: false }) },
    resolve: (_user, args, ctx) => forecast(ctx.viewer, { days: args.days, accountId: args.accountId?.id }),
  }),
  forecastWarnings: t.field({
    type: [ForecastWarningRef],
    description: 'The accounts whose forecast of the next 90 days goes below zero, with the first such day.',
    resolve: (_user, _args, ctx) => belowZeroWarnings(ctx.viewer),
  }),
}));

builder.prismaObjectField(AccountRef, 'forecast', (t) =>
  t.field({
    type: ForecastRef,
    description: "This account's forecast.",
    args: { days: t.arg.int(daysArg) },
    resolve: (account, args, ctx) => forecast(ctx.viewer, { days: args.days, accountId: account.id }),
  }),
);

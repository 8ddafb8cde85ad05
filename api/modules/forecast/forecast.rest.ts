import { formatCalendarDate } from '../../lib/dates.ts';
import { toWireMoney } from '../../lib/money.ts';
import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { forecastQuery } from '../../../shared/inputs/schedules.ts';
import { forecast, type ForecastDay } from './forecast.service.ts';

const daySchema = z.object({ date: wire.day, balance: wire.money });
const forecastSchema = z.object({ days: z.array(daySchema), lowest: daySchema });
const dayJson = (d: ForecastDay): z.output<typeof daySchema> => ({ date: formatCalendarDate(d.date), balance: toWireMoney(d.balance) });

export const forecastRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/forecast',
    tag: 'Forecast',
    summary: 'The projected balance of each of the next `days` days (default 90), of one account or in total, and its lowest point',
    query: forecastQuery,
    returns: { json: forecastSchema },
    handler: async (viewer, { query }) => {
      const f = await forecast(viewer, query);
      return { days: f.days.map(dayJson), lowest: dayJson(f.lowest) };
    },
  }),
);

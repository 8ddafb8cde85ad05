import { formatCalendarDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { defineRoutes, route, schemas, type JsonSchema } from '../../rest/route-table.ts';
import { forecastQuery } from '../../../shared/inputs/schedules.ts';
import { forecast, type ForecastDay } from './forecast.service.ts';

const dayJson = (d: ForecastDay) => ({ date: formatCalendarDate(d.date), balance: formatMoney(d.balance) });
const daySchema: JsonSchema = {
  type: 'object',
  properties: { date: { type: 'string', format: 'date' }, balance: schemas.money },
  required: ['date', 'balance'],
};

export const forecastRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/forecast',
    tag: 'Forecast',
    summary: 'The projected balance of each of the next `days` days (default 90), of one account or in total, and its lowest point',
    query: forecastQuery,
    returns: {
      json: { type: 'object', properties: { days: { type: 'array', items: daySchema }, lowest: daySchema }, required: ['days', 'lowest'] },
    },
    handler: async (viewer, { query }) => {
      const f = await forecast(viewer, query);
      return { days: f.days.map(dayJson), lowest: dayJson(f.lowest) };
    },
  }),
);

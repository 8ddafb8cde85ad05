import { formatCalendarDate, today } from '../../lib/dates.ts';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { exportAll } from './export.service.ts';

/** "Export all my data" (docs/product.md#export-of-everything). */
export const exportRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/export/all.json',
    tag: 'Exports',
    summary: 'Every record of yours as one JSON document (format `budget-export`, version 1)',
    returns: { file: 'application/json' },
    // A full read (api/rest/concurrent-downloads.ts): at most 2 downloads of a user at once.
    fullRead: () => true,
    handler: async (viewer) => ({
      filename: `budget_export_${formatCalendarDate(today(viewer.timeZone))}.json`,
      content: await exportAll(viewer),
    }),
  }),
);

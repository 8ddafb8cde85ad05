import type { Schedule } from '../../generated/prisma/client.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import { addScheduleInput, scheduleOccurrenceInput, updateScheduleInput, upcomingQuery } from '../../../shared/inputs/schedules.ts';
import {
  addSchedule,
  deleteSchedule,
  listSchedules,
  postOccurrence,
  skipOccurrence,
  updateSchedule,
  upcomingOccurrences,
  type UpcomingOccurrence,
} from './schedules.service.ts';

/** A schedule as REST answers it: its record with its days as YYYY-MM-DD (docs/product.md#schedules). */
export const scheduleJson = (s: Schedule) => rowJson(s, ['startDate', 'endDate', 'nextDate']);

const occurrenceSchema = z.object({
  date: wire.day,
  waiting: z.boolean().meta({ description: 'Due and "ask first": waiting for Post or Skip' }),
  schedule: wire.record('Schedule'),
});
const occurrenceJson = (o: UpcomingOccurrence): z.output<typeof occurrenceSchema> => ({
  date: formatCalendarDate(o.date),
  waiting: o.waiting,
  schedule: scheduleJson(o.schedule),
});

export const scheduleRoutes = defineRoutes(
  listRoute({
    path: '/schedules',
    tag: 'Schedules',
    summary: 'List schedules, in the order they were added',
    model: 'Schedule',
    list: (viewer, _query, page) => listSchedules(viewer, page),
    json: (_viewer, s) => scheduleJson(s),
  }),
  route({
    method: 'get',
    path: '/schedules/upcoming',
    tag: 'Schedules',
    summary: 'Occurrences neither posted nor skipped, due within `days` days (default 30) or waiting, by date',
    query: upcomingQuery,
    returns: { json: z.array(occurrenceSchema) },
    handler: async (viewer, { query }) => (await upcomingOccurrences(viewer, query)).map(occurrenceJson),
  }),
  route({
    method: 'post',
    path: '/schedules',
    tag: 'Schedules',
    summary: 'Add a schedule; one that posts automatically posts what is already due at once',
    body: addScheduleInput,
    returns: { model: 'Schedule' },
    status: 201,
    handler: async (viewer, { body }) => scheduleJson(await addSchedule(viewer, body)),
  }),
  route({
    method: 'patch',
    path: '/schedules/{id}',
    tag: 'Schedules',
    summary: 'Change any of a schedule’s fields; what was posted or skipped stays',
    body: updateScheduleInput,
    returns: { model: 'Schedule' },
    handler: async (viewer, { params, body }) => scheduleJson(await updateSchedule(viewer, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/schedules/{id}',
    tag: 'Schedules',
    summary: 'Delete a schedule; the records it posted stay, unlinked',
    handler: (viewer, { params }) => deleteSchedule(viewer, params.id),
  }),
  route({
    method: 'post',
    path: '/schedules/{id}/post',
    tag: 'Schedules',
    summary: 'Post one occurrence (optionally with another amount for it alone); answers the schedule after it',
    body: scheduleOccurrenceInput,
    returns: { model: 'Schedule' },
    handler: async (viewer, { params, body }) => scheduleJson(await postOccurrence(viewer, params.id, body)),
  }),
  route({
    method: 'post',
    path: '/schedules/{id}/skip',
    tag: 'Schedules',
    summary: 'Skip one occurrence; answers the schedule after it',
    body: scheduleOccurrenceInput,
    returns: { model: 'Schedule' },
    handler: async (viewer, { params, body }) => scheduleJson(await skipOccurrence(viewer, params.id, body)),
  }),
);

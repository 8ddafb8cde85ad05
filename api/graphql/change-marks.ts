import type { Request as ExpressRequest } from 'express';
import type { Plugin } from 'graphql-yoga';
import type { RequestContext } from './context.ts';
import type { ChangeEvents } from '../lib/change-events.ts';
import { requestedBudgetId } from '../rest/request-viewer.ts';
import { CHANGE_MARK_HEADER } from '../../shared/change-mark.ts';

/**
 * Sends with each signed-in answer the budget's change mark (`events.mark`) as the request began,
 * before anything was read: the app passes the earliest one it shows when its live-updates stream
 * opens (`changes(since:)`), and hears of any change it missed meanwhile.
 *
 * Taken as the request arrives, since an answer from the response cache builds no context; one
 * kept there was read for a budget the context had checked, and is dropped at its next change. A
 * request whose context finds no viewer (a budget the user is not in) gets none: no one learns
 * when another budget changed.
 */
export function changeMarks(events: ChangeEvents): Plugin<RequestContext> {
  const marks = new WeakMap<Request, string>();
  return {
    onRequest({ request, serverContext }) {
      const req = (serverContext as { req?: ExpressRequest }).req;
      const userId = (req?.user as { id?: string } | undefined)?.id;
      if (req && userId) marks.set(request, String(events.mark(requestedBudgetId(req, userId))));
    },
    onContextBuilding() {
      return ({ context }) => {
        const { viewer, request } = context as RequestContext & { request: Request };
        if (!viewer) marks.delete(request);
      };
    },
    onResponse({ request, response }) {
      const mark = marks.get(request);
      if (mark) response.headers.set(CHANGE_MARK_HEADER, mark);
    },
  };
}

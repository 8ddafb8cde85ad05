import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database.ts';
import type { Viewer } from '../lib/viewer.ts';
import { createTestDatabase } from './test-database.ts';
import { createTestViewer, graphqlAs } from './graphql-client.ts';
import { startRestServer } from './rest-client.ts';

/**
 * Per test file: a fresh database and a REST server over it; `user()` makes a new signed-in user
 * with a GraphQL client and a REST client acting for them.
 */
export function useModuleHarness() {
  const state = {} as { db: Database; rest: Awaited<ReturnType<typeof startRestServer>> };
  beforeAll(async () => {
    state.db = await createTestDatabase();
    state.rest = await startRestServer(state.db);
  });
  afterAll(async () => {
    await state.rest?.close();
    await state.db?.close();
  });
  return {
    get db() {
      return state.db;
    },
    async user(timeZone = 'UTC') {
      // One process: GraphQL and REST share the change events and the read memo, so a write through
      // either drops what the other kept (as Redis carries them between processes).
      const viewer: Viewer = { ...(await createTestViewer(state.db)), timeZone, events: state.rest.events, memo: state.rest.memo };
      return { viewer, gql: graphqlAs(state.db, viewer), rest: state.rest.as(viewer) };
    },
    /** A REST client without a session. */
    signedOut() {
      return state.rest.as(null);
    },
  };
}

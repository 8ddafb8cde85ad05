import { setImmediate } from 'node:timers/promises';

/**
 * Lets other requests run between the batches of a long read. PGlite answers a query within the
 * same turn of the event loop, so a read of a hundred batches (a full list, an export) would
 * otherwise hold the whole process, and every other user's requests, until its last batch.
 */
export const letOthersIn = () => setImmediate();

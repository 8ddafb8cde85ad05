import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Who added and who last changed a record (`created_by`, `updated_by`: docs/product.md#shared-budgets),
 * stamped in one place: a request's viewer works through a client that writes the user's id into
 * every create, update and upsert of the records people add, and into the records a delete by id
 * removes, just before (the activity log's database triggers read the actor from these columns:
 * migration shared_budgets). Writes in raw SQL name their actor with `set_config('budget.actor', …)`
 * in their transaction (an import).
 */

const STAMPED = ['transaction', 'paycheck', 'account', 'budgetCategory', 'recurringBill', 'savingsGoal', 'transfer'] as const;

type Args = Record<string, any>;
type Next = (args: any, params?: Args) => Promise<unknown>;
interface Hook {
  args: Args;
  query: Next;
  /** The request as Prisma runs it (its transaction included): the stamp before a delete runs as an updateMany of it. */
  __internalParams?: Args;
}

/** The actor's stamps for one model's writes. */
function stampsFor(userId: string) {
  const created = (data: Args) => ({ ...data, createdBy: data.createdBy ?? userId });
  // An update that changes nothing (an empty edit) stays one: no stamp, no new updatedAt.
  const updated = (data: Args) => (Object.values(data ?? {}).some((v) => v !== undefined) ? { ...data, updatedBy: userId } : data);
  // A delete of named records (by id, or a list of ids) marks them as the actor's first, so the
  // activity log says who deleted them; a bulk delete by other conditions (an undo) is one summary.
  // It runs on the delete's own connection and transaction (an interactive one holds the row's
  // lock already), as an updateMany of the same request.
  const stampBeforeDelete = async ({ args, query, __internalParams: params }: Hook) => {
    if (args.where?.id !== undefined && params) {
      await query({ where: args.where, data: { updatedBy: userId } }, { ...params, action: 'updateMany', args: undefined });
    }
    return query(args);
  };
  return {
    create: ({ args, query }: Hook) => query({ ...args, data: created(args.data) }),
    createMany: ({ args, query }: Hook) => query({ ...args, data: Array.isArray(args.data) ? args.data.map(created) : created(args.data) }),
    createManyAndReturn: ({ args, query }: Hook) =>
      query({ ...args, data: Array.isArray(args.data) ? args.data.map(created) : created(args.data) }),
    update: ({ args, query }: Hook) => query({ ...args, data: updated(args.data) }),
    updateMany: ({ args, query }: Hook) => query({ ...args, data: updated(args.data) }),
    upsert: ({ args, query }: Hook) => query({ ...args, create: created(args.create), update: updated(args.update) }),
    delete: stampBeforeDelete,
    deleteMany: stampBeforeDelete,
  };
}

const clients = new WeakMap<PrismaClient, Map<string, PrismaClient>>();
/** Clients kept per base client: the most recent users', so a request does not extend the client anew. */
const KEPT = 500;

/** The client that stamps `userId` as the actor of its writes (kept for the user's next request). */
export function stampedBy(prisma: PrismaClient, userId: string): PrismaClient {
  let kept = clients.get(prisma);
  if (!kept) clients.set(prisma, (kept = new Map()));
  const found = kept.get(userId);
  if (found) {
    kept.delete(userId);
    kept.set(userId, found);
    return found;
  }
  const stamped = prisma.$extends({
    // The hooks are typed loosely (one set for seven models): they only add fields to `data`.
    query: Object.fromEntries(STAMPED.map((model) => [model, stampsFor(userId)])) as never,
  }) as unknown as PrismaClient;
  kept.set(userId, stamped);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return stamped;
}

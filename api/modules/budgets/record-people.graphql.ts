import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { displayName } from './budgets.service.ts';

/**
 * Who added and who last changed a record (docs/product.md#shared-budgets): `addedBy` and
 * `changedBy` on the records people add. The columns are internal (REST rows keep their shape), so
 * they are read here, batched: one query per type for the records a response shows.
 */

const MODELS = ['Transaction', 'Paycheck', 'Account', 'BudgetCategory', 'RecurringBill', 'SavingsGoal', 'Transfer'] as const;
type Model = (typeof MODELS)[number];

interface People {
  addedBy: string | null;
  changedBy: string | null;
}

const SELECT = { id: true, createdBy: true, updatedBy: true } as const;

type Row = { id: string; createdBy: string | null; updatedBy: string | null };

function read(ctx: GraphQLContext, model: Model, ids: string[]): Promise<Row[]> {
  const where = { where: { id: { in: ids }, userId: ctx.viewer.budgetId }, select: SELECT };
  const p = ctx.prisma;
  switch (model) {
    case 'Transaction':
      return p.transaction.findMany(where);
    case 'Paycheck':
      return p.paycheck.findMany(where);
    case 'Account':
      return p.account.findMany(where);
    case 'BudgetCategory':
      return p.budgetCategory.findMany(where);
    case 'RecurringBill':
      return p.recurringBill.findMany(where);
    case 'SavingsGoal':
      return p.savingsGoal.findMany(where);
    case 'Transfer':
      return p.transfer.findMany(where);
  }
}

const loaders = new WeakMap<object, Map<Model, (id: string) => Promise<People>>>();

/** The request's batched reader of one type's people: the ids asked in one tick are read together. */
function loaderOf(ctx: GraphQLContext, model: Model) {
  let byModel = loaders.get(ctx);
  if (!byModel) loaders.set(ctx, (byModel = new Map()));
  let load = byModel.get(model);
  if (!load) {
    type Waiter = { resolve: (p: People) => void; reject: (err: unknown) => void };
    let pending: Map<string, Waiter[]> | null = null;
    load = (id) =>
      new Promise<People>((resolve, reject) => {
        if (!pending) {
          const batch = (pending = new Map<string, Waiter[]>());
          queueMicrotask(() => {
            pending = null;
            read(ctx, model, [...batch.keys()])
              .then(async (rows) => {
                const found = new Map(rows.map((r) => [r.id, r]));
                // A user deleted since is no longer found: displayName says "a former member".
                const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.updatedBy]).filter((id): id is string => id !== null))];
                // No one named (records of a personal budget): no round trip for an empty list.
                const named =
                  ids.length === 0
                    ? []
                    : await ctx.prisma.user.findMany({
                        where: { id: { in: ids } },
                        select: { id: true, firstName: true, lastName: true, email: true },
                      });
                const users = new Map(named.map((u) => [u.id, u]));
                for (const [rowId, waiters] of batch) {
                  const r = found.get(rowId);
                  const people = {
                    addedBy: r?.createdBy ? displayName(users.get(r.createdBy)) : null,
                    changedBy: r?.updatedBy ? displayName(users.get(r.updatedBy)) : null,
                  };
                  waiters.forEach((w) => w.resolve(people));
                }
              })
              .catch((err: unknown) => [...batch.values()].flat().forEach((w) => w.reject(err)));
          });
        }
        const waiters = pending.get(id) ?? [];
        waiters.push({ resolve, reject });
        pending.set(id, waiters);
      });
    byModel.set(model, load);
  }
  return load;
}

for (const model of MODELS) {
  builder.prismaObjectFields(model, (t) => ({
    addedBy: t.string({
      nullable: true,
      description: 'Who added it (a member’s name); null when not known (records from before shared budgets, the server’s own).',
      resolve: async (row, _args, ctx) => (await loaderOf(ctx, model)((row as { id: string }).id)).addedBy,
    }),
    changedBy: t.string({
      nullable: true,
      description: 'Who changed it last (a member’s name); null when it was not changed since it was added, or not known.',
      resolve: async (row, _args, ctx) => (await loaderOf(ctx, model)((row as { id: string }).id)).changedBy,
    }),
  }));
}

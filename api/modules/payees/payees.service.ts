import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { letOthersIn, slices } from '../../lib/work-in-slices.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';
import { mergePayeesInput, renamePayeeInput } from '../../../shared/inputs/payees.ts';
import { renamePayeesInRules } from '../rules/rule-payees.ts';

/**
 * Payees (docs/product.md#payees): who a transaction paid or a paycheck came from. A user's payee
 * names are unique whatever their case (the index `payees_user_id_lower_name_key`); records name
 * their payee by id, so a rename or a merge moves every record at once.
 */

export const PAYEE_ORDER: Prisma.PayeeOrderByWithRelationInput[] = [{ name: 'asc' }, { id: 'asc' }];

/** The user's payees, by name. `query` carries a GraphQL selection and page, if any. */
export function listPayees(viewer: Viewer, query: Omit<Prisma.PayeeFindManyArgs, 'where' | 'orderBy'> = {}) {
  return viewer.prisma.payee.findMany({ ...query, where: owned(viewer), orderBy: PAYEE_ORDER });
}

export function countPayees(viewer: Viewer) {
  return viewer.prisma.payee.count({ where: owned(viewer) });
}

/** Names found or created per statement. */
const PAYEES_PER_STATEMENT = 500;

/**
 * The ids of payees by name, inside the caller's transaction: each found whatever its case, or
 * created as written (the first spelling wins). Two statements per 500 names, others let in
 * between each. Answers a map from the name folded to lower case to its payee's id.
 */
export async function payeeIdsFor(tx: Prisma.TransactionClient, viewer: Owner, names: Iterable<string>) {
  const wanted = new Map<string, string>();
  const sliceEnds = slices();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed && !wanted.has(trimmed.toLowerCase())) wanted.set(trimmed.toLowerCase(), trimmed);
    if (sliceEnds()) await letOthersIn();
  }
  const ids = new Map<string, string>();
  const entries = [...wanted];
  // A statement per slice of names, others let in between: an import of 100,000 rows can name
  // 100,000 payees, and on PGlite one statement holds the process (docs/performance.md#imports).
  for (let i = 0; i < entries.length; i += PAYEES_PER_STATEMENT) {
    const slice = entries.slice(i, i + PAYEES_PER_STATEMENT);
    const rows = slice.map(([, name]) => ({ id: uuidv7(), name }));
    // ON CONFLICT … DO NOTHING leaves an existing name alone; the SELECT then reads both kinds.
    await tx.$executeRaw`
      INSERT INTO payees (id, user_id, name)
      SELECT x.id, ${viewer.budgetId}, x.name FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(id text, name text)
      ON CONFLICT (user_id, lower(name)) DO NOTHING`;
    await letOthersIn();
    // One index lookup per name (LIMIT 1 keeps the lookup per name): a table that grew within this
    // transaction has no statistics yet, and the planner would read all of the user's payees for
    // each slice, ever slower as an import adds them.
    const found = await tx.$queryRaw<{ id: string; key: string }[]>`
      SELECT p.id, k.key FROM unnest(${slice.map(([key]) => key)}::text[]) AS k(key)
      CROSS JOIN LATERAL (SELECT id FROM payees WHERE user_id = ${viewer.budgetId} AND lower(name) = k.key LIMIT 1) p`;
    for (const { id, key } of found) ids.set(key, id);
    await letOthersIn();
  }
  return ids;
}

/** The id of the payee named `name` (found whatever its case, or created); null for no name. */
export async function payeeIdFor(tx: Prisma.TransactionClient, viewer: Owner, name: string | null | undefined) {
  if (!name?.trim()) return null;
  return (await payeeIdsFor(tx, viewer, [name])).get(name.trim().toLowerCase()) ?? null;
}

/**
 * The payee's id a write stores from the `payee` name it was given: undefined (not given) leaves
 * it as it is, null or blank clears it.
 */
export async function payeeChange(tx: Prisma.TransactionClient, viewer: Owner, payee: string | null | undefined) {
  return payee === undefined ? undefined : payeeIdFor(tx, viewer, payee);
}

/** A user's records' payee names by id, for answers that show the payee's name. */
export async function payeeNames(viewer: Viewer, ids: Iterable<string | null>) {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map<string, string>();
  const payees = await viewer.prisma.payee.findMany({ where: { id: { in: wanted }, ...owned(viewer) }, select: { id: true, name: true } });
  return new Map(payees.map((p) => [p.id, p.name]));
}

const nameTaken = (name: string) =>
  new ValidationError([{ path: ['name'], message: `A payee named "${name}" already exists: merge the two instead` }]);

/**
 * Renames a payee: every record of it shows the new name (and is found by it in searches). A
 * name another of the user's payees has, whatever its case, is refused: merging is how two become one.
 */
export async function renamePayee(viewer: Viewer, id: string, input: unknown) {
  const { name } = parseInput(renamePayeeInput, input);
  const payee = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const found = await tx.payee.findFirst({ where: { id, ...owned(viewer) } });
    if (!found) throw new NotFoundError('Payee');
    const clash = await tx.$queryRaw<unknown[]>`
      SELECT 1 FROM payees WHERE user_id = ${viewer.budgetId} AND lower(name) = lower(${name}) AND id <> ${id}`;
    if (clash.length) throw nameTaken(name);
    const renamed = await tx.payee.update({ where: { id }, data: { name } });
    await renamePayeesInRules(tx, viewer, [found.name], name);
    // The search text holds the payee's name: the trigger writes it again.
    await tx.$executeRaw`UPDATE transactions SET search_text = NULL WHERE payee_id = ${id} AND user_id = ${viewer.budgetId}`;
    return renamed;
  });
  viewer.events.publish(viewer.budgetId);
  return payee;
}

/**
 * Merges payees into one: every transaction and paycheck of `ids` moves to `into`, and the payees of
 * `ids` (but `into`, if listed) are deleted; all or nothing. Any id not the viewer's answers
 * NOT_FOUND and nothing changes. Answers the payee kept.
 */
export async function mergePayees(viewer: Viewer, input: unknown) {
  const { ids, into } = parseInput(mergePayeesInput, input);
  const merged = [...new Set(ids)].filter((id) => id !== into);
  const kept = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const found = await tx.payee.findMany({ where: { id: { in: [...merged, into] }, ...owned(viewer) }, select: { id: true, name: true } });
    if (found.length !== merged.length + 1) throw new NotFoundError('Payee');
    const from = { payeeId: { in: merged }, ...owned(viewer) };
    await tx.transaction.updateMany({ where: from, data: { payeeId: into } });
    await tx.paycheck.updateMany({ where: from, data: { payeeId: into } });
    await tx.payee.deleteMany({ where: { id: { in: merged }, ...owned(viewer) } });
    const keptName = found.find((p) => p.id === into)!.name;
    await renamePayeesInRules(
      tx,
      viewer,
      found.filter((p) => p.id !== into).map((p) => p.name),
      keptName,
    );
    return tx.payee.findUniqueOrThrow({ where: { id: into } });
  });
  viewer.events.publish(viewer.budgetId);
  return kept;
}

import { hash } from '@node-rs/argon2';
import type { PrismaClient, Prisma } from '../generated/prisma/client.ts';
import { addCalendarDays, addCalendarMonths, today } from '../lib/dates.ts';
import { uuidv7 } from '../lib/ids.ts';

/**
 * Ten years of a heavy user's money, generated deterministically (fixed seed): the dataset the
 * benchmark measures. Counts scale with `transactions` (100,000 by default).
 */
export const HEAVY_USER = { email: 'heavy@example.com', password: 'heavy-user-password', firstName: 'Heavy', lastName: 'User' };
export const ORDINARY_USER = { email: 'ordinary@example.com', password: 'ordinary-user-password', firstName: 'Ordinary', lastName: 'User' };

export interface HeavyOptions {
  transactions: number;
  seed?: number;
  log?: (line: string) => void;
  /** Whose money it is (the heavy user by default). */
  profile?: typeof HEAVY_USER;
  /** false: neither the ordinary second user nor the closing VACUUM ANALYZE (seedHouseholds does the latter once for all). */
  finish?: boolean;
}

/** mulberry32: a tiny seeded PRNG, so every run produces the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS: Record<string, string[]> = {
  Groceries: ['Whole Foods Market', "Trader Joe's", 'Safeway grocery run', 'Kroger groceries', 'Costco wholesale', 'Aldi weekly shop'],
  'Dining Out': [
    'Starbucks coffee',
    'Chipotle burrito',
    'Pizza night delivery',
    'Sushi restaurant dinner',
    'Lunch at the cafe',
    'Burger bar',
  ],
  Transportation: ['Shell gas station', 'Uber ride home', 'Monthly transit pass', 'Parking garage', 'Lyft to airport', 'Car wash'],
  Utilities: ['Electric bill payment', 'Water utility bill', 'Internet service provider', 'Gas utility bill', 'Mobile phone bill'],
  Entertainment: ['Netflix subscription', 'Movie theater tickets', 'Concert tickets', 'Spotify premium', 'Bowling with friends'],
  Health: ['Pharmacy prescription', 'Dentist visit copay', 'Gym membership', 'Doctor appointment', 'Vitamins and supplements'],
  Shopping: ['Amazon order', 'Target household items', 'Clothing store', 'Electronics store', 'Home goods store'],
  Housing: ['Monthly rent payment', 'Home insurance premium', 'Furniture purchase', 'Plumber repair', 'HOA fees'],
};
const CATEGORY_TYPES = ['bills', 'expenses', 'debt', 'investment', 'savings'] as const;

function cents(rand: () => number, min: number, max: number) {
  const c = Math.floor(min * 100 + rand() * (max - min) * 100);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

async function insertInBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** Rows per INSERT of the bulk load: each column one text parameter, a few MB a statement. */
const LOAD_BATCH = 50_000;

/**
 * Writes the heavy user's transactions as a bulk load (docs/performance.md#seeding-a-million): in one
 * transaction, the table's secondary indexes dropped and its triggers off while the rows go in as
 * large multi-row inserts, then each index built once from sorted keys, and the derived month totals
 * written once by the very functions the triggers call, with what the triggers would have handed
 * them (heavy-dataset.test.ts replays the rows through the triggers and compares). Row by row, a
 * million rows cost eleven index insertions, three foreign-key lookups and the months summed again
 * per statement; on PGlite the lookups alone were most of a row's cost.
 */
async function loadTransactions(
  prisma: PrismaClient,
  userId: string,
  rows: Prisma.TransactionCreateManyInput[],
  log: (line: string) => void,
) {
  await prisma.$transaction(
    async (tx) => {
      const indexes = await tx.$queryRaw<{ name: string; definition: string }[]>`
        SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'transactions' AND indexname <> 'transactions_pkey'`;
      for (const { name } of indexes) await tx.$executeRawUnsafe(`DROP INDEX "${name}"`);
      // A superuser (PGlite's, the benchmark's PostgreSQL) skips the foreign keys' checks too: the
      // rows' ids were all just read from their tables. Otherwise the app's triggers only. Both last
      // until this transaction ends: no other session sees the table without its triggers.
      const [role] = await tx.$queryRaw<{ superuser: boolean }[]>`SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`;
      const superuser = role?.superuser === true;
      await tx.$executeRawUnsafe(
        superuser ? 'SET LOCAL session_replication_role = replica' : 'ALTER TABLE "transactions" DISABLE TRIGGER USER',
      );
      for (let i = 0; i < rows.length; i += LOAD_BATCH) {
        const batch = rows.slice(i, i + LOAD_BATCH);
        // One text per column, a line per row ('' for none): PostgreSQL splits it far faster than
        // the drivers send a JavaScript array.
        const column = (value: (row: Prisma.TransactionCreateManyInput) => unknown) => batch.map((r) => value(r) ?? '').join('\n');
        // search_text as the trigger writes it (transactions_search_text): these rows have no payee.
        await tx.$executeRaw`
          INSERT INTO "transactions" ("id", "user_id", "account_id", "category_id", "amount", "description", "search_text", "date")
          SELECT x.id, ${userId}, NULLIF(x.account_id, ''), NULLIF(x.category_id, ''), x.amount::numeric, x.description,
            budget_fold(x.description), x.date::timestamptz
          FROM unnest(
            string_to_array(${batch.map(() => uuidv7()).join('\n')}, E'\n'), string_to_array(${column((r) => r.accountId)}, E'\n'),
            string_to_array(${column((r) => r.categoryId)}, E'\n'), string_to_array(${column((r) => r.amount)}, E'\n'),
            string_to_array(${column((r) => r.description)}, E'\n'), string_to_array(${column((r) => (r.date as Date).toISOString())}, E'\n')
          ) AS x(id, account_id, category_id, amount, description, date)`;
      }
      await tx.$executeRawUnsafe(
        superuser ? 'SET LOCAL session_replication_role = origin' : 'ALTER TABLE "transactions" ENABLE TRIGGER USER',
      );
      log(`transactions: ${rows.length} rows written`);
      // Sorting a million keys in memory rather than in temporary files.
      await tx.$executeRawUnsafe("SET LOCAL maintenance_work_mem = '256MB'");
      for (const { definition } of indexes) await tx.$executeRawUnsafe(definition);
      log(`transactions: ${indexes.length} indexes built`);
      await deriveMonthTotals(tx, userId);
    },
    { maxWait: 60_000, timeout: 3_600_000 },
  );
}

/**
 * The month totals of the user's transactions, as their insert triggers would have written them:
 * account_month_totals_of_transactions's grouping handed to account_month_totals_add, the
 * count and sum per kind (transaction_totals_of_transactions), and the
 * user's spending lines summed per category and month, each month with a revision, as
 * budget_month_spending_refresh writes them (the user had no transactions before: nothing to
 * delete). One grouping of the whole history: the refresh, a month at a time, took longer than the load.
 */
async function deriveMonthTotals(tx: Prisma.TransactionClient, userId: string) {
  await tx.$executeRaw`
    SELECT account_month_totals_add(array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved)) FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month,
        sum(CASE WHEN kind = 'refund' THEN amount ELSE -amount END) AS moved
      FROM "transactions" WHERE user_id = ${userId} AND account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched`;
  await tx.$executeRaw`
    INSERT INTO "transaction_totals" ("user_id", "kind", "count", "amount")
    SELECT "user_id", "kind", count(*), sum("amount") FROM "transactions" WHERE "user_id" = ${userId} GROUP BY 1, 2`;
  await tx.$executeRaw`
    INSERT INTO "budget_month_spending" ("user_id", "category_id", "month", "amount")
    SELECT "user_id", "category_id", date_trunc('month', "date", 'UTC'), sum("amount") FROM "spending_lines"
    WHERE "user_id" = ${userId} GROUP BY 1, 2, 3`;
  await tx.$executeRaw`
    INSERT INTO "budget_month_revisions" ("user_id", "month")
    SELECT DISTINCT "user_id", "month" FROM "budget_month_spending" WHERE "user_id" = ${userId} ORDER BY 1, 2
    ON CONFLICT ("user_id", "month") DO UPDATE SET "revision" = EXCLUDED."revision"`;
}

/** Creates the local account (built-in provider) and the user row, linked by the same id (`sub`). */
async function createSignInUser(prisma: PrismaClient, profile: typeof HEAVY_USER) {
  await prisma.localAccount.deleteMany({ where: { email: profile.email } });
  await prisma.user.deleteMany({ where: { email: profile.email } });
  const account = await prisma.localAccount.create({
    data: { email: profile.email, passwordHash: await hash(profile.password), firstName: profile.firstName, lastName: profile.lastName },
  });
  return prisma.user.create({ data: { id: account.id, email: profile.email, firstName: profile.firstName, lastName: profile.lastName } });
}

export async function seedHeavy(prisma: PrismaClient, options: HeavyOptions) {
  const rand = prng(options.seed ?? 20261122);
  const log = options.log ?? (() => {});
  const scale = options.transactions / 100_000;
  const count = (n: number) => Math.max(1, Math.round(n * scale));
  const end = today('UTC');
  const start = addCalendarMonths(end, -120);
  const spanDays = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  const randomDate = () => addCalendarDays(start, Math.floor(rand() * (spanDays + 1)));

  const user = await createSignInUser(prisma, options.profile ?? HEAVY_USER);
  const userId = user.id;

  // 50 categories: the suggestion keywords' categories first, then numbered sub-budgets.
  const names = Object.keys(MERCHANTS);
  for (let i = names.length; i < 50; i++) names.push(`Budget line ${i + 1}`);
  await prisma.budgetCategory.createMany({
    data: names.map((name, i) => ({
      userId,
      name,
      type: CATEGORY_TYPES[i % CATEGORY_TYPES.length]!,
      allocatedAmount: cents(rand, 50, 800),
      allocatedPercentage: 2,
    })),
  });
  const categories = await prisma.budgetCategory.findMany({
    where: { userId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true },
  });

  await prisma.account.createMany({
    data: ['checking', 'savings', 'credit', 'cash', 'investment', 'checking', 'savings', 'credit'].map((type, i) => {
      // The opening balance, the starting balance of the whole history (the starting date's default
      // counts every record); the activity below is added to it at the end.
      const opening = cents(rand, -2000, 20000);
      return {
        userId,
        name: `${type[0]!.toUpperCase()}${type.slice(1)} ${i + 1}`,
        type,
        balance: opening,
        startingBalance: opening,
        isDefault: i === 0,
      };
    }),
  });
  const accounts = await prisma.account.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { id: true, type: true } });
  const [checking, savings, card, cash] = [accounts[0]!.id, accounts[1]!.id, accounts[2]!.id, accounts[3]!.id];
  // Where spending comes from: mostly checking and the card, some cash, a tenth in no account.
  const spendingAccount = () => {
    const r = rand();
    return r < 0.55 ? checking : r < 0.8 ? card : r < 0.9 ? cash : null;
  };

  const paychecks = Array.from({ length: count(500) }, () => ({
    userId,
    accountId: rand() < 0.9 ? checking : null,
    amount: cents(rand, 1500, 4500),
    date: randomDate(),
    notes: rand() < 0.2 ? 'Bonus included' : null,
  }));
  await insertInBatches(paychecks, 5000, (batch) => prisma.paycheck.createMany({ data: batch }));
  log(`paychecks: ${paychecks.length}`);

  const merchantCategories = categories.filter((c) => MERCHANTS[c.name]);
  const transactions: Prisma.TransactionCreateManyInput[] = [];
  for (let i = 0; i < options.transactions; i++) {
    const uncategorized = rand() < 0.1;
    const category =
      rand() < 0.8
        ? merchantCategories[Math.floor(rand() * merchantCategories.length)]!
        : categories[Math.floor(rand() * categories.length)]!;
    const pool = MERCHANTS[category.name] ?? MERCHANTS.Shopping!;
    transactions.push({
      userId,
      accountId: spendingAccount(),
      categoryId: uncategorized ? null : category.id,
      amount: cents(rand, 1, 400),
      description: `${pool[Math.floor(rand() * pool.length)]}${rand() < 0.3 ? ` #${Math.floor(rand() * 9000) + 1000}` : ''}`,
      date: randomDate(),
    });
  }
  transactions.sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime());
  await loadTransactions(prisma, userId, transactions, log);
  log(`transactions: ${transactions.length}`);

  // Every month: savings from checking, the card paid off from checking, cash taken out.
  const transfers = Array.from({ length: 120 }, (_, m) => {
    const day = addCalendarMonths(start, m, 1 + Math.floor(rand() * 27));
    return [
      { userId, fromAccountId: checking, toAccountId: savings, amount: cents(rand, 100, 800), date: day, notes: 'Monthly saving' },
      { userId, fromAccountId: checking, toAccountId: card, amount: cents(rand, 500, 2500), date: day, notes: 'Card payment' },
      { userId, fromAccountId: checking, toAccountId: cash, amount: cents(rand, 40, 200), date: day, notes: null },
    ];
  }).flat();
  await insertInBatches(transfers, 5000, (batch) => prisma.transfer.createMany({ data: batch }));
  // Balances follow the activity (docs/product.md#account-ledgers): the opening balance plus every change.
  await prisma.$executeRaw`
    UPDATE accounts a SET balance = a.balance
      - COALESCE((SELECT SUM(amount) FROM transactions t WHERE t.account_id = a.id), 0)
      + COALESCE((SELECT SUM(amount) FROM paychecks p WHERE p.account_id = a.id), 0)
      - COALESCE((SELECT SUM(amount) FROM transfers x WHERE x.from_account_id = a.id), 0)
      + COALESCE((SELECT SUM(amount) FROM transfers x WHERE x.to_account_id = a.id), 0)
    WHERE a.user_id = ${userId}`;
  log(`transfers: ${transfers.length}`);

  const frequencies = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
  await prisma.recurringBill.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      userId,
      name: `Bill ${i + 1}`,
      amount: cents(rand, 10, 300),
      frequency: frequencies[i % 5]!,
      dueDay: (i % 28) + 1,
      nextDueDate: addCalendarDays(end, Math.floor(rand() * 60) - 15),
      isActive: i % 6 !== 5,
      categoryId: categories[i % categories.length]!.id,
    })),
  });
  const bills = await prisma.recurringBill.findMany({ where: { userId }, select: { id: true } });
  const payments = Array.from({ length: count(1000) }, (_, i) => ({
    userId,
    recurringBillId: bills[i % bills.length]!.id,
    amount: cents(rand, 10, 300),
    paidDate: randomDate(),
  }));
  await insertInBatches(payments, 5000, (batch) => prisma.billPayment.createMany({ data: batch }));

  await prisma.savingsGoal.createMany({
    data: Array.from({ length: 20 }, (_, i) => ({
      userId,
      name: `Goal ${i + 1}`,
      targetAmount: cents(rand, 5000, 50000),
      currentAmount: '0',
      category: ['emergency', 'vacation', 'purchase', 'investment', 'other'][i % 5]!,
      targetDate: addCalendarMonths(end, 6 + i),
    })),
  });
  const goals = await prisma.savingsGoal.findMany({ where: { userId }, select: { id: true } });
  const contributions = Array.from({ length: count(2000) }, (_, i) => ({
    userId,
    goalId: goals[i % goals.length]!.id,
    amount: cents(rand, 5, 100),
    contributionDate: randomDate(),
  }));
  await insertInBatches(contributions, 5000, (batch) => prisma.goalContribution.createMany({ data: batch }));
  // Each goal's current amount is the exact sum of its contributions.
  await prisma.$executeRaw`UPDATE savings_goals g SET current_amount = COALESCE((SELECT SUM(amount) FROM goal_contributions c WHERE c.goal_id = g.id), 0) WHERE g.user_id = ${userId}`;
  await prisma.$executeRaw`UPDATE savings_goals SET is_completed = true WHERE user_id = ${userId} AND current_amount >= target_amount`;
  log(`bills: ${bills.length} with ${payments.length} payments; goals: ${goals.length} with ${contributions.length} contributions`);

  const finish = options.finish ?? true;
  // A second, ordinary user, so that every measured query is scoped among several users.
  const ordinary = finish ? await createSignInUser(prisma, ORDINARY_USER) : null;
  if (ordinary) {
    await prisma.transaction.createMany({
      data: Array.from({ length: 200 }, () => ({
        userId: ordinary.id,
        amount: cents(rand, 1, 100),
        description: 'Coffee shop',
        date: randomDate(),
      })),
    });
  }
  await seedBudgetMonths(prisma, userId, rand, categories, start);
  log('budget: plan kinds, carried overspending, month overrides');
  // Fresh planner statistics for the new rows (PGlite has no autovacuum).
  if (finish) {
    await prisma.$executeRawUnsafe('VACUUM ANALYZE');
    log('vacuumed and analyzed');
  }
  return { userId, ordinaryUserId: ordinary?.id };
}

/**
 * The Budget's month on top of the plan (docs/product.md#the-month): a fifth of the categories
 * follow a percentage of income, a seventh carry their overspending, and in every fifth month ten
 * categories have their own assigned amount, so the month's walk meets overrides all along its ten years.
 */
async function seedBudgetMonths(prisma: PrismaClient, userId: string, rand: () => number, categories: { id: string }[], start: Date) {
  await prisma.budgetCategory.updateMany({
    where: { id: { in: categories.filter((_, i) => i % 5 === 0).map((c) => c.id) } },
    data: { planKind: 'percentage' },
  });
  await prisma.budgetCategory.updateMany({
    where: { id: { in: categories.filter((_, i) => i % 7 === 0).map((c) => c.id) } },
    data: { carryOverspending: true },
  });
  const overrides = Array.from({ length: 24 }, (_, k) => {
    const month = addCalendarMonths(start, k * 5)
      .toISOString()
      .slice(0, 7);
    return Array.from({ length: 10 }, (_, j) => ({
      userId,
      categoryId: categories[(k * 3 + j * 5) % categories.length]!.id,
      month,
      amount: cents(rand, 0, 900),
    }));
  }).flat();
  await prisma.budgetAssignment.createMany({ data: overrides, skipDuplicates: true });
}

/** The sign-in of the `i`-th household of seedHouseholds (one password for all). */
export function householdUser(i: number) {
  return { email: `household-${i}@example.com`, password: 'household-password', firstName: 'Household', lastName: String(i) };
}

/**
 * The tables holding a user's rows after seedHeavy, and which of their rows are the user's: its own
 * rows and those its triggers derived (month totals and spending, the month's revisions).
 */
const HOUSEHOLD_TABLES: Record<string, string> = {
  local_accounts: 'id = $3',
  users: 'id = $3',
  budgets: 'id = $3',
  budget_members: 'user_id = $3',
  budget_categories: 'user_id = $3',
  accounts: 'user_id = $3',
  paychecks: 'user_id = $3',
  transactions: 'user_id = $3',
  transfers: 'user_id = $3',
  recurring_bills: 'user_id = $3',
  bill_payments: 'user_id = $3',
  savings_goals: 'user_id = $3',
  goal_contributions: 'user_id = $3',
  budget_assignments: 'user_id = $3',
  budget_month_spending: 'user_id = $3',
  budget_month_revisions: 'user_id = $3',
  account_month_totals: 'account_id IN (SELECT id FROM accounts WHERE user_id = $3)',
  transaction_totals: 'user_id = $3',
};
const HOUSEHOLDS_A_STATEMENT = 50;

/**
 * `users` households of `transactions` each, for the many-users benchmark (bench/households.ts):
 * household 0 is seedHeavy's, and the others are copies of it made in SQL, fifty households a
 * statement per table (INSERT … SELECT). In a copy every id, and every column referring to one
 * (`*_id`), is a hash of the original and the household's number, so references stay within the
 * copy; its email and last name are its own. The triggers and foreign-key checks are off while it
 * copies (`session_replication_role`, which needs a superuser, as the benchmark's database has):
 * what the triggers derive is copied with the rest, and copies of consistent rows are consistent.
 * Row by row through the triggers, 1,000 households took over half an hour on a busy host.
 */
export async function seedHouseholds(
  prisma: PrismaClient,
  { users, transactions, log = () => {} }: { users: number; transactions: number; log?: (line: string) => void },
) {
  // Households of an earlier seed go first (their cascades take a while: no statement timeout).
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 0`);
      await tx.$executeRawUnsafe(`DELETE FROM users WHERE email LIKE 'household-%'`);
      await tx.$executeRawUnsafe(`DELETE FROM local_accounts WHERE email LIKE 'household-%'`);
    },
    { timeout: 600_000 },
  );
  const { userId } = await seedHeavy(prisma, { transactions, seed: 1000, profile: householdUser(0), finish: false });
  // Each table's columns from the catalog, so that a column added later is copied too.
  const columns = await prisma.$queryRaw<{ table: string; column: string; type: string }[]>`
    SELECT table_name AS table, column_name AS column, udt_name AS type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ANY (${Object.keys(HOUSEHOLD_TABLES)}) AND is_generated = 'NEVER'
    ORDER BY ordinal_position`;
  const value = (table: string, { column, type }: { column: string; type: string }) => {
    if (column === 'id' || column.endsWith('_id')) return `md5(t."${column}" || ':' || n)::uuid::text::${type}`;
    if (column === 'email' && HOUSEHOLD_TABLES[table] === 'id = $3') return `'household-' || n || '@example.com'`;
    if (column === 'last_name' && HOUSEHOLD_TABLES[table] === 'id = $3') return 'n::text';
    return `t."${column}"`;
  };
  for (let from = 1; from < users; from += HOUSEHOLDS_A_STATEMENT) {
    const to = Math.min(users, from + HOUSEHOLDS_A_STATEMENT) - 1;
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
        await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 0`);
        for (const [table, owned] of Object.entries(HOUSEHOLD_TABLES)) {
          const own = columns.filter((c) => c.table === table);
          await tx.$executeRawUnsafe(
            `INSERT INTO ${table} (${own.map((c) => `"${c.column}"`).join(', ')})
             SELECT ${own.map((c) => value(table, c)).join(', ')} FROM ${table} t, generate_series($1::int, $2::int) n WHERE ${owned}`,
            from,
            to,
            userId,
          );
        }
      },
      { timeout: 600_000 },
    );
    log(`households: ${to + 1} of ${users}`);
  }
  await prisma.$executeRawUnsafe('VACUUM ANALYZE');
}

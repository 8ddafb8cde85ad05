-- CreateTable
CREATE TABLE "account_month_totals" (
    "account_id" TEXT NOT NULL,
    "month" TIMESTAMPTZ(3) NOT NULL,
    "amount" DECIMAL NOT NULL,

    CONSTRAINT "account_month_totals_pkey" PRIMARY KEY ("account_id","month")
);

-- AddForeignKey
ALTER TABLE "account_month_totals" ADD CONSTRAINT "account_month_totals_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The months a write touched are summed again, whole, for each account it touched, from the three
-- tables that move balances (a month of one account is at most a few hundred rows through the
-- (account_id, date) indexes), as budget_month_spending's are (migration budget_month_spending):
-- summing again is right whatever the write was (a date or an account changed, a row deleted with
-- its account). Every record counts, whatever the account's starting date: the reader leaves out
-- what precedes it (docs/performance.md#net-worth-history), so moving a starting date changes
-- nothing here. All the (account, month) pairs of a statement are summed in one statement (the
-- poster writes for a hundred users at once). The lock is budget_month_spending's, each user's one
-- lock for derived totals (taken in user order), so the two never wait on each other in opposite
-- orders. A deleted account gets no row.
CREATE FUNCTION "account_month_totals_refresh"(touched_users text[], touched_accounts text[], touched_months timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  FOR owner IN SELECT DISTINCT u FROM unnest(touched_users) u ORDER BY u LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('budget_month_spending:' || owner, 0));
  END LOOP;
  DELETE FROM "account_month_totals" t USING unnest(touched_accounts, touched_months) AS x(account_id, month)
    WHERE t."account_id" = x.account_id AND t."month" = x.month;
  INSERT INTO "account_month_totals" ("account_id", "month", "amount")
    SELECT x.account_id, x.month, sum(r.moved)
    FROM unnest(touched_accounts, touched_months) AS x(account_id, month)
    CROSS JOIN LATERAL (SELECT ((x.month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' AS month_end) e
    CROSS JOIN LATERAL (
      SELECT CASE WHEN "kind" = 'refund' THEN "amount" ELSE -"amount" END AS moved FROM "transactions"
        WHERE "account_id" = x.account_id AND "date" >= x.month AND "date" < e.month_end
      UNION ALL
      SELECT "amount" FROM "paychecks" WHERE "account_id" = x.account_id AND "date" >= x.month AND "date" < e.month_end
      UNION ALL
      SELECT -"amount" FROM "transfers" WHERE "from_account_id" = x.account_id AND "date" >= x.month AND "date" < e.month_end
      UNION ALL
      SELECT "amount" FROM "transfers" WHERE "to_account_id" = x.account_id AND "date" >= x.month AND "date" < e.month_end
    ) r
    WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = x.account_id)
    GROUP BY x.account_id, x.month;
END $$;

-- Statement triggers: the distinct (account, month) pairs of the rows a statement wrote, summed
-- once (an import sums each of its months once); an update counts only the rows whose account,
-- date, amount or kind changed (a status toggled or a description edited sums nothing).
CREATE FUNCTION "account_month_totals_of_transactions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  accounts text[];
  months timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT "user_id", "account_id", date_trunc('month', "date", 'UTC') AS month FROM new_rows WHERE "account_id" IS NOT NULL
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT "user_id", "account_id", date_trunc('month', "date", 'UTC') AS month FROM old_rows WHERE "account_id" IS NOT NULL
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT side.user_id, side.account_id, date_trunc('month', side.date, 'UTC') AS month
      FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES (o."user_id", o."account_id", o."date"), (n."user_id", n."account_id", n."date")) side(user_id, account_id, date)
      WHERE (o."account_id", o."date", o."amount", o."kind") IS DISTINCT FROM (n."account_id", n."date", n."amount", n."kind")
        AND side.account_id IS NOT NULL
    ) touched;
  END IF;
  IF accounts IS NOT NULL THEN
    PERFORM "account_month_totals_refresh"(owners, accounts, months);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "account_month_totals_of_paychecks"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  accounts text[];
  months timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT "user_id", "account_id", date_trunc('month', "date", 'UTC') AS month FROM new_rows WHERE "account_id" IS NOT NULL
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT "user_id", "account_id", date_trunc('month', "date", 'UTC') AS month FROM old_rows WHERE "account_id" IS NOT NULL
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT side.user_id, side.account_id, date_trunc('month', side.date, 'UTC') AS month
      FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES (o."user_id", o."account_id", o."date"), (n."user_id", n."account_id", n."date")) side(user_id, account_id, date)
      WHERE (o."account_id", o."date", o."amount") IS DISTINCT FROM (n."account_id", n."date", n."amount")
        AND side.account_id IS NOT NULL
    ) touched;
  END IF;
  IF accounts IS NOT NULL THEN
    PERFORM "account_month_totals_refresh"(owners, accounts, months);
  END IF;
  RETURN NULL;
END $$;

-- A transfer touches both of its accounts.
CREATE FUNCTION "account_month_totals_of_transfers"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  accounts text[];
  months timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT r."user_id", side.account_id, date_trunc('month', r."date", 'UTC') AS month
      FROM new_rows r CROSS JOIN LATERAL (VALUES (r."from_account_id"), (r."to_account_id")) side(account_id)
      WHERE side.account_id IS NOT NULL
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT r."user_id", side.account_id, date_trunc('month', r."date", 'UTC') AS month
      FROM old_rows r CROSS JOIN LATERAL (VALUES (r."from_account_id"), (r."to_account_id")) side(account_id)
      WHERE side.account_id IS NOT NULL
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month) INTO owners, accounts, months FROM (
      SELECT DISTINCT side.user_id, side.account_id, date_trunc('month', side.date, 'UTC') AS month
      FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES
          (o."user_id", o."from_account_id", o."date"), (o."user_id", o."to_account_id", o."date"),
          (n."user_id", n."from_account_id", n."date"), (n."user_id", n."to_account_id", n."date")
        ) side(user_id, account_id, date)
      WHERE (o."from_account_id", o."to_account_id", o."date", o."amount") IS DISTINCT FROM (n."from_account_id", n."to_account_id", n."date", n."amount")
        AND side.account_id IS NOT NULL
    ) touched;
  END IF;
  IF accounts IS NOT NULL THEN
    PERFORM "account_month_totals_refresh"(owners, accounts, months);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "account_month_totals_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_transactions"();
CREATE TRIGGER "account_month_totals_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_transactions"();
CREATE TRIGGER "account_month_totals_updated" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_transactions"();

CREATE TRIGGER "account_month_totals_inserted" AFTER INSERT ON "paychecks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_paychecks"();
CREATE TRIGGER "account_month_totals_deleted" AFTER DELETE ON "paychecks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_paychecks"();
CREATE TRIGGER "account_month_totals_updated" AFTER UPDATE ON "paychecks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_paychecks"();

CREATE TRIGGER "account_month_totals_inserted" AFTER INSERT ON "transfers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_transfers"();
CREATE TRIGGER "account_month_totals_deleted" AFTER DELETE ON "transfers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_transfers"();
CREATE TRIGGER "account_month_totals_updated" AFTER UPDATE ON "transfers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_month_totals_of_transfers"();

-- The months of the data already there.
INSERT INTO "account_month_totals" ("account_id", "month", "amount")
  SELECT account_id, date_trunc('month', "date", 'UTC'), sum(moved) FROM (
    SELECT "account_id", "date", CASE WHEN "kind" = 'refund' THEN "amount" ELSE -"amount" END AS moved FROM "transactions"
    UNION ALL SELECT "account_id", "date", "amount" FROM "paychecks"
    UNION ALL SELECT "from_account_id", "date", -"amount" FROM "transfers"
    UNION ALL SELECT "to_account_id", "date", "amount" FROM "transfers"
  ) records
  WHERE account_id IS NOT NULL
  GROUP BY account_id, date_trunc('month', "date", 'UTC');

-- budget_month_spending's triggers (migration budget_month_spending) sum a statement's months in
-- one statement too, as account_month_totals' do, instead of one call per month: a poster's batch
-- writes a month of each of a hundred users at once (docs/performance.md#schedules-and-forecast).
-- What a month holds is unchanged: the view spending_lines summed per category, under the user's lock.
CREATE FUNCTION "budget_month_spending_refresh"(touched_users text[], touched_months timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  FOR owner IN SELECT DISTINCT u FROM unnest(touched_users) u ORDER BY u LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('budget_month_spending:' || owner, 0));
  END LOOP;
  DELETE FROM "budget_month_spending" b USING unnest(touched_users, touched_months) AS x(user_id, month)
    WHERE b."user_id" = x.user_id AND b."month" = x.month;
  INSERT INTO "budget_month_spending" ("user_id", "category_id", "month", "amount")
    SELECT x.user_id, l.category_id, x.month, sum(l.amount)
    FROM unnest(touched_users, touched_months) AS x(user_id, month)
    -- OFFSET 0 keeps the view read per (user, month) through the (user_id, date) index: flattened,
    -- PostgreSQL joins every line of the view to the list instead.
    CROSS JOIN LATERAL (
      SELECT l."category_id", l."amount" FROM "spending_lines" l
      WHERE l."user_id" = x.user_id AND l."date" >= x.month
        AND l."date" < ((x.month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
      OFFSET 0
    ) l
    GROUP BY x.user_id, l.category_id, x.month;
END $$;

CREATE OR REPLACE FUNCTION "budget_month_spending_of_transactions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  months timestamptz[];
BEGIN
  SELECT array_agg(user_id), array_agg(month) INTO owners, months FROM (
    SELECT DISTINCT "user_id", date_trunc('month', "date", 'UTC') AS month FROM changed_rows
  ) touched;
  IF owners IS NOT NULL THEN
    PERFORM "budget_month_spending_refresh"(owners, months);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "budget_month_spending_of_updates"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  months timestamptz[];
BEGIN
  SELECT array_agg(user_id), array_agg(month) INTO owners, months FROM (
    SELECT DISTINCT "user_id", date_trunc('month', "date", 'UTC') AS month
    FROM (SELECT "user_id", "date" FROM old_rows UNION ALL SELECT "user_id", "date" FROM new_rows) changed
  ) touched;
  IF owners IS NOT NULL THEN
    PERFORM "budget_month_spending_refresh"(owners, months);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "budget_month_spending_of_splits"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  months timestamptz[];
BEGIN
  SELECT array_agg(user_id), array_agg(month) INTO owners, months FROM (
    SELECT DISTINCT t."user_id", date_trunc('month', t."date", 'UTC') AS month
    FROM changed_rows c JOIN "transactions" t ON t."id" = c."transaction_id"
  ) touched;
  IF owners IS NOT NULL THEN
    PERFORM "budget_month_spending_refresh"(owners, months);
  END IF;
  RETURN NULL;
END $$;

DROP FUNCTION "budget_month_spending_refresh"(text, timestamptz);

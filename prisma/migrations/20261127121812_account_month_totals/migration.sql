-- CreateTable
CREATE TABLE "account_month_totals" (
    "account_id" TEXT NOT NULL,
    "month" TIMESTAMPTZ(3) NOT NULL,
    "amount" DECIMAL NOT NULL,

    CONSTRAINT "account_month_totals_pkey" PRIMARY KEY ("account_id","month")
);

-- AddForeignKey
ALTER TABLE "account_month_totals" ADD CONSTRAINT "account_month_totals_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each statement adds what its rows moved to their (account, month) totals: a row written adds its
-- amount (signed as it moves the balance), a row deleted takes it away, an edit does both, so a
-- statement costs what it wrote, never what the month already holds (an import of 100,000 rows
-- into one month would sum that month again after every statement). Every record counts, whatever
-- the account's starting date: the reader leaves out what precedes it
-- (docs/performance.md#net-worth-history), so moving a starting date changes nothing here. The
-- lock is budget_month_spending's, each user's one lock for derived totals (taken in user order),
-- so the two never wait on each other in opposite orders. A deleted account gets no row (its
-- records' account is set to null as it goes: that update takes them from no total).
CREATE FUNCTION "account_month_totals_add"(owners text[], accounts text[], months timestamptz[], amounts numeric[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  FOR owner IN SELECT DISTINCT u FROM unnest(owners) u ORDER BY u LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('budget_month_spending:' || owner, 0));
  END LOOP;
  INSERT INTO "account_month_totals" ("account_id", "month", "amount")
    SELECT x.account_id, x.month, sum(x.amount)
    FROM unnest(accounts, months, amounts) AS x(account_id, month, amount)
    WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = x.account_id)
    GROUP BY x.account_id, x.month
    ORDER BY 1, 2
  ON CONFLICT ("account_id", "month") DO UPDATE SET "amount" = "account_month_totals"."amount" + EXCLUDED."amount";
END $$;

-- Statement triggers: the rows' moves (a deleted row's, and an edited row's old one, negated),
-- grouped by (account, month) and added in one statement; an update counts only the rows whose
-- account, date, amount or kind changed (a status toggled or a description edited adds nothing).
CREATE FUNCTION "account_month_totals_of_transactions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  accounts text[];
  months timestamptz[];
  amounts numeric[];
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT n."user_id", n."account_id", n."date", CASE WHEN n."kind" = 'refund' THEN n."amount" ELSE -n."amount" END FROM new_rows n) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT o."user_id", o."account_id", o."date", CASE WHEN o."kind" = 'refund' THEN -o."amount" ELSE o."amount" END FROM old_rows o) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT side.* FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES
          (o."user_id", o."account_id", o."date", CASE WHEN o."kind" = 'refund' THEN -o."amount" ELSE o."amount" END),
          (n."user_id", n."account_id", n."date", CASE WHEN n."kind" = 'refund' THEN n."amount" ELSE -n."amount" END)
        ) side
        WHERE (o."account_id", o."date", o."amount", o."kind") IS DISTINCT FROM (n."account_id", n."date", n."amount", n."kind")) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  END IF;
  IF accounts IS NOT NULL THEN
    PERFORM "account_month_totals_add"(owners, accounts, months, amounts);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "account_month_totals_of_paychecks"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  accounts text[];
  months timestamptz[];
  amounts numeric[];
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT n."user_id", n."account_id", n."date", n."amount" FROM new_rows n) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT o."user_id", o."account_id", o."date", -o."amount" FROM old_rows o) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT side.* FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES (o."user_id", o."account_id", o."date", -o."amount"), (n."user_id", n."account_id", n."date", n."amount")) side
        WHERE (o."account_id", o."date", o."amount") IS DISTINCT FROM (n."account_id", n."date", n."amount")) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  END IF;
  IF accounts IS NOT NULL THEN
    PERFORM "account_month_totals_add"(owners, accounts, months, amounts);
  END IF;
  RETURN NULL;
END $$;

-- A transfer moves both of its accounts: out of one, into the other.
CREATE FUNCTION "account_month_totals_of_transfers"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  accounts text[];
  months timestamptz[];
  amounts numeric[];
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT n."user_id", side.account_id, n."date", side.moved FROM new_rows n
        CROSS JOIN LATERAL (VALUES (n."from_account_id", -n."amount"), (n."to_account_id", n."amount")) side(account_id, moved)) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT o."user_id", side.account_id, o."date", side.moved FROM old_rows o
        CROSS JOIN LATERAL (VALUES (o."from_account_id", o."amount"), (o."to_account_id", -o."amount")) side(account_id, moved)) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(account_id), array_agg(month), array_agg(moved) INTO owners, accounts, months, amounts FROM (
      SELECT user_id, account_id, date_trunc('month', date, 'UTC') AS month, sum(moved) AS moved
      FROM (SELECT o."user_id", side.account_id, o."date", side.moved FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES (o."from_account_id", o."amount"), (o."to_account_id", -o."amount")) side(account_id, moved)
        WHERE (o."from_account_id", o."to_account_id", o."date", o."amount") IS DISTINCT FROM (n."from_account_id", n."to_account_id", n."date", n."amount")
      UNION ALL
      SELECT n."user_id", side.account_id, n."date", side.moved FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES (n."from_account_id", -n."amount"), (n."to_account_id", n."amount")) side(account_id, moved)
        WHERE (o."from_account_id", o."to_account_id", o."date", o."amount") IS DISTINCT FROM (n."from_account_id", n."to_account_id", n."date", n."amount")) changed(user_id, account_id, date, moved) WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
    ) touched;
  END IF;
  IF accounts IS NOT NULL THEN
    PERFORM "account_month_totals_add"(owners, accounts, months, amounts);
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

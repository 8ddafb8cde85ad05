-- CreateTable
CREATE TABLE "budget_month_spending" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "user_id" TEXT NOT NULL,
    "category_id" TEXT,
    "month" TIMESTAMPTZ(3) NOT NULL,
    "amount" DECIMAL NOT NULL,

    CONSTRAINT "budget_month_spending_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "budget_month_spending_user_id_month_idx" ON "budget_month_spending"("user_id", "month");

-- AddForeignKey
ALTER TABLE "budget_month_spending" ADD CONSTRAINT "budget_month_spending_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The months a write touched are summed again from the view spending_lines (expenses − refunds,
-- split lines in their own categories), whole: a month of one user is a few hundred rows through
-- the index on (user_id, date), and summing again is right whatever the write was (a date moved
-- to another month, a transaction split or unsplit, a category deleted). One user's writes take
-- turns here (the advisory lock), so two of them never sum a month each without the other's row.
CREATE FUNCTION "budget_month_spending_refresh"(touched_user text, touched_month timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('budget_month_spending:' || touched_user, 0));
  DELETE FROM "budget_month_spending" WHERE "user_id" = touched_user AND "month" = touched_month;
  INSERT INTO "budget_month_spending" ("user_id", "category_id", "month", "amount")
    SELECT l."user_id", l."category_id", touched_month, sum(l."amount")
    FROM "spending_lines" l
    WHERE l."user_id" = touched_user AND l."date" >= touched_month AND l."date" < touched_month + interval '1 month'
    GROUP BY l."user_id", l."category_id";
END $$;

-- Statement triggers (one per event: a trigger with transition tables has one event): the distinct
-- months of the rows a statement wrote, each summed once, so an import of thousands of rows sums
-- each of its months once.
CREATE FUNCTION "budget_month_spending_of_transactions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched record;
BEGIN
  FOR touched IN
    SELECT DISTINCT "user_id", date_trunc('month', "date", 'UTC') AS "month" FROM changed_rows
  LOOP
    PERFORM "budget_month_spending_refresh"(touched."user_id", touched."month");
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION "budget_month_spending_of_updates"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched record;
BEGIN
  FOR touched IN
    SELECT DISTINCT "user_id", date_trunc('month', "date", 'UTC') AS "month"
    FROM (SELECT "user_id", "date" FROM old_rows UNION ALL SELECT "user_id", "date" FROM new_rows) changed
  LOOP
    PERFORM "budget_month_spending_refresh"(touched."user_id", touched."month");
  END LOOP;
  RETURN NULL;
END $$;

-- A split line takes its transaction's date; a line deleted with its transaction is summed again by the transaction's own trigger.
CREATE FUNCTION "budget_month_spending_of_splits"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched record;
BEGIN
  FOR touched IN
    SELECT DISTINCT t."user_id", date_trunc('month', t."date", 'UTC') AS "month"
    FROM changed_rows c JOIN "transactions" t ON t."id" = c."transaction_id"
  LOOP
    PERFORM "budget_month_spending_refresh"(touched."user_id", touched."month");
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER "budget_month_spending_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_month_spending_of_transactions"();
CREATE TRIGGER "budget_month_spending_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_month_spending_of_transactions"();
-- An update can move a transaction to another month: the months before and after are summed again.
CREATE TRIGGER "budget_month_spending_updated" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_month_spending_of_updates"();

CREATE TRIGGER "budget_month_spending_split_inserted" AFTER INSERT ON "transaction_splits"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_month_spending_of_splits"();
CREATE TRIGGER "budget_month_spending_split_deleted" AFTER DELETE ON "transaction_splits"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_month_spending_of_splits"();
CREATE TRIGGER "budget_month_spending_split_updated" AFTER UPDATE ON "transaction_splits"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_month_spending_of_splits"();

-- The months of the data already there.
INSERT INTO "budget_month_spending" ("user_id", "category_id", "month", "amount")
  SELECT "user_id", "category_id", date_trunc('month', "date", 'UTC'), sum("amount")
  FROM "spending_lines"
  GROUP BY "user_id", "category_id", date_trunc('month', "date", 'UTC');

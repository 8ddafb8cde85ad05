-- Shared budgets (docs/product.md#shared-budgets, docs/architecture.md#budgets-and-roles). Every
-- data table's user_id now holds its budget's id; each user's personal budget has the user's own
-- id, so no data row is rewritten: only the foreign keys move from users to budgets.

-- DropForeignKey
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_user_id_fkey";

-- DropForeignKey
ALTER TABLE "bank_connection_accounts" DROP CONSTRAINT "bank_connection_accounts_user_id_fkey";

-- DropForeignKey
ALTER TABLE "bank_connections" DROP CONSTRAINT "bank_connections_user_id_fkey";

-- DropForeignKey
ALTER TABLE "bank_links" DROP CONSTRAINT "bank_links_user_id_fkey";

-- DropForeignKey
ALTER TABLE "bill_payments" DROP CONSTRAINT "bill_payments_user_id_fkey";

-- DropForeignKey
ALTER TABLE "budget_assignments" DROP CONSTRAINT "budget_assignments_user_id_fkey";

-- DropForeignKey
ALTER TABLE "budget_categories" DROP CONSTRAINT "budget_categories_user_id_fkey";

-- DropForeignKey
ALTER TABLE "budget_month_revisions" DROP CONSTRAINT "budget_month_revisions_user_id_fkey";

-- DropForeignKey
ALTER TABLE "budget_month_spending" DROP CONSTRAINT "budget_month_spending_user_id_fkey";

-- DropForeignKey
ALTER TABLE "goal_contributions" DROP CONSTRAINT "goal_contributions_user_id_fkey";

-- DropForeignKey
ALTER TABLE "import_mappings" DROP CONSTRAINT "import_mappings_user_id_fkey";

-- DropForeignKey
ALTER TABLE "imports" DROP CONSTRAINT "imports_user_id_fkey";

-- DropForeignKey
ALTER TABLE "paychecks" DROP CONSTRAINT "paychecks_user_id_fkey";

-- DropForeignKey
ALTER TABLE "payees" DROP CONSTRAINT "payees_user_id_fkey";

-- DropForeignKey
ALTER TABLE "recurring_bills" DROP CONSTRAINT "recurring_bills_user_id_fkey";

-- DropForeignKey
ALTER TABLE "rules" DROP CONSTRAINT "rules_user_id_fkey";

-- DropForeignKey
ALTER TABLE "savings_goals" DROP CONSTRAINT "savings_goals_user_id_fkey";

-- DropForeignKey
ALTER TABLE "schedule_occurrences" DROP CONSTRAINT "schedule_occurrences_user_id_fkey";

-- DropForeignKey
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_user_id_fkey";

-- DropForeignKey
ALTER TABLE "transaction_splits" DROP CONSTRAINT "transaction_splits_user_id_fkey";

-- DropForeignKey
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_fkey";

-- DropForeignKey
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_user_id_fkey";

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN     "budget_id" TEXT;
UPDATE "api_tokens" SET "budget_id" = "user_id";
ALTER TABLE "api_tokens" ALTER COLUMN "budget_id" SET NOT NULL;

-- AlterTable
ALTER TABLE "budget_categories" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- AlterTable
ALTER TABLE "paychecks" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- AlterTable
ALTER TABLE "recurring_bills" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- AlterTable
ALTER TABLE "savings_goals" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- AlterTable
ALTER TABLE "transfers" ADD COLUMN     "created_by" TEXT,
ADD COLUMN     "updated_by" TEXT;

-- CreateTable
CREATE TABLE "budgets" (
    "id" TEXT NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "budgets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "budget_members" (
    "budget_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" VARCHAR(10) NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "budget_members_pkey" PRIMARY KEY ("budget_id","user_id")
);

-- CreateTable
CREATE TABLE "budget_invitations" (
    "id" TEXT NOT NULL,
    "budget_id" TEXT NOT NULL,
    "role" VARCHAR(10) NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by" TEXT,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "budget_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "budget_activity" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "budget_id" TEXT NOT NULL,
    "user_id" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" VARCHAR(20) NOT NULL,
    "entity" VARCHAR(30) NOT NULL,
    "entity_id" TEXT,
    "summary" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "budget_activity_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "budget_members" ADD CONSTRAINT "budget_members_role_check" CHECK ("role" IN ('owner', 'editor', 'viewer'));
ALTER TABLE "budget_invitations" ADD CONSTRAINT "budget_invitations_role_check" CHECK ("role" IN ('editor', 'viewer'));
-- Exactly one owner per budget (at most one here; every change of owner is one transaction).
CREATE UNIQUE INDEX "budget_members_one_owner" ON "budget_members"("budget_id") WHERE "role" = 'owner';

-- Every existing user's personal budget: their data, in place.
INSERT INTO "budgets" ("id", "name", "created_at", "updated_at") SELECT "id", 'Personal', "created_at", CURRENT_TIMESTAMP FROM "users";
INSERT INTO "budget_members" ("budget_id", "user_id", "role", "joined_at") SELECT "id", "id", 'owner', "created_at" FROM "users";

-- CreateIndex
CREATE INDEX "budget_members_user_id_idx" ON "budget_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "budget_invitations_token_hash_key" ON "budget_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "budget_invitations_budget_id_created_at_idx" ON "budget_invitations"("budget_id", "created_at");

-- CreateIndex
CREATE INDEX "budget_activity_budget_id_at_idx" ON "budget_activity"("budget_id", "at" DESC);

-- CreateIndex
CREATE INDEX "budget_activity_user_id_idx" ON "budget_activity"("user_id");

-- CreateIndex
CREATE INDEX "api_tokens_budget_id_idx" ON "api_tokens"("budget_id");

-- AddForeignKey
ALTER TABLE "budget_members" ADD CONSTRAINT "budget_members_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_members" ADD CONSTRAINT "budget_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_invitations" ADD CONSTRAINT "budget_invitations_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_invitations" ADD CONSTRAINT "budget_invitations_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_invitations" ADD CONSTRAINT "budget_invitations_accepted_by_fkey" FOREIGN KEY ("accepted_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_activity" ADD CONSTRAINT "budget_activity_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_activity" ADD CONSTRAINT "budget_activity_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_categories" ADD CONSTRAINT "budget_categories_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_month_spending" ADD CONSTRAINT "budget_month_spending_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_month_revisions" ADD CONSTRAINT "budget_month_revisions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_bills" ADD CONSTRAINT "recurring_bills_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "savings_goals" ADD CONSTRAINT "savings_goals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payees" ADD CONSTRAINT "payees_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rules" ADD CONSTRAINT "rules_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A new user gets their personal budget (id = the user's id) with them as its owner, whichever
-- path made the user (sign-up, first sign-in, tests). A restore inserts the budget and its members
-- itself: the membership is made only with a budget made here.
CREATE FUNCTION "budget_personal_for_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "budgets" ("id", "name", "updated_at") VALUES (NEW."id", 'Personal', CURRENT_TIMESTAMP) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    INSERT INTO "budget_members" ("budget_id", "user_id", "role") VALUES (NEW."id", NEW."id", 'owner');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "users_personal_budget" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "budget_personal_for_user"();

-- A deleted user takes with them the budgets no one else is a member of. A budget they own with
-- other members must be handed over first: the service says so (409); this refuses it anyway.
CREATE FUNCTION "budget_delete_with_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "budget_members" o
    WHERE o."user_id" = OLD."id" AND o."role" = 'owner'
      AND EXISTS (SELECT 1 FROM "budget_members" m WHERE m."budget_id" = o."budget_id" AND m."user_id" <> OLD."id")
  ) THEN
    RAISE EXCEPTION 'budget_owner_has_members' USING ERRCODE = 'P0001';
  END IF;
  DELETE FROM "budgets" b
  WHERE b."id" IN (SELECT "budget_id" FROM "budget_members" WHERE "user_id" = OLD."id")
    AND NOT EXISTS (SELECT 1 FROM "budget_members" m WHERE m."budget_id" = b."id" AND m."user_id" <> OLD."id");
  RETURN OLD;
END $$;
CREATE TRIGGER "users_delete_budgets" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "budget_delete_with_user"();

-- A token restored from a backup older than budgets acts on its user's personal budget.
CREATE FUNCTION "api_tokens_default_budget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."budget_id" := coalesce(NEW."budget_id", NEW."user_id");
  RETURN NEW;
END $$;
CREATE TRIGGER "api_tokens_default_budget" BEFORE INSERT ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "api_tokens_default_budget"();

-- The activity log: one home, these statement-level triggers on the records people add. One row per
-- record changed, with its before and after; a statement of more than 20 rows (an import, an undo)
-- writes one summary row per budget instead ("imported 1,234 transactions"), so a big import costs
-- one insert. The actor is the transaction's `budget.actor` setting when a raw-SQL writer set it
-- (an import), else the record's updated_by (created_by for an insert), which every write through
-- the app stamps (api/db/actor-stamps.ts); a delete's is the updated_by stamped just before it.
-- Columns the server keeps for itself are no change. Rows of a budget being deleted are not logged.
CREATE FUNCTION "budget_activity_label"(entity text, r jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT entity || coalesce(' "' || coalesce(r->>'description', r->>'name') || '"', '') ||
         CASE WHEN r ? 'amount' AND r->>'amount' IS NOT NULL THEN ' ' || to_char((r->>'amount')::numeric, 'FM999,999,999,990.00') ELSE '' END
$$;

CREATE FUNCTION "budget_activity_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  plural text := TG_ARGV[1];
  quiet text[] := ARRAY['updated_at', 'updated_by', 'created_by', 'search_text', 'balance'];
  n bigint;
BEGIN
  -- A restore puts the log back as it was (api/db/backup.ts).
  IF current_setting('budget.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO n FROM new_rows;
    IF n > 20 THEN
      INSERT INTO "budget_activity" ("budget_id", "user_id", "action", "entity", "summary")
      SELECT r."user_id", coalesce((array_agg(r."created_by") FILTER (WHERE r."created_by" IS NOT NULL))[1], nullif(current_setting('budget.actor', true), '')), 'imported', entity,
             'imported ' || to_char(count(*), 'FM999,999,999') || ' ' || plural
      FROM new_rows r WHERE EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = r."user_id") GROUP BY r."user_id";
    ELSE
      INSERT INTO "budget_activity" ("budget_id", "user_id", "action", "entity", "entity_id", "summary", "after")
      SELECT r."user_id", coalesce(r."created_by", nullif(current_setting('budget.actor', true), '')), 'added', entity, r."id", 'added ' || budget_activity_label(entity, to_jsonb(r) - quiet), to_jsonb(r) - quiet
      FROM new_rows r WHERE EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = r."user_id");
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT count(*) INTO n FROM new_rows;
    IF n > 20 THEN
      INSERT INTO "budget_activity" ("budget_id", "user_id", "action", "entity", "summary")
      SELECT r."user_id", coalesce(nullif(current_setting('budget.actor', true), ''), (array_agg(r."updated_by") FILTER (WHERE r."updated_by" IS NOT NULL))[1]), 'changed', entity,
             'changed ' || to_char(count(*), 'FM999,999,999') || ' ' || plural
      FROM new_rows r JOIN old_rows o ON o."id" = r."id"
      WHERE to_jsonb(r) - quiet IS DISTINCT FROM to_jsonb(o) - quiet
        AND EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = r."user_id")
      GROUP BY r."user_id";
    ELSE
      INSERT INTO "budget_activity" ("budget_id", "user_id", "action", "entity", "entity_id", "summary", "before", "after")
      SELECT r."user_id", coalesce(nullif(current_setting('budget.actor', true), ''), r."updated_by"), 'changed', entity, r."id", 'changed ' || budget_activity_label(entity, to_jsonb(r) - quiet),
             to_jsonb(o) - quiet, to_jsonb(r) - quiet
      FROM new_rows r JOIN old_rows o ON o."id" = r."id"
      WHERE to_jsonb(r) - quiet IS DISTINCT FROM to_jsonb(o) - quiet
        AND EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = r."user_id");
    END IF;
  ELSE
    SELECT count(*) INTO n FROM old_rows;
    IF n > 20 THEN
      INSERT INTO "budget_activity" ("budget_id", "user_id", "action", "entity", "summary")
      SELECT o."user_id", coalesce(nullif(current_setting('budget.actor', true), ''), (array_agg(o."updated_by") FILTER (WHERE o."updated_by" IS NOT NULL))[1]), 'deleted', entity,
             'deleted ' || to_char(count(*), 'FM999,999,999') || ' ' || plural
      FROM old_rows o WHERE EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = o."user_id") GROUP BY o."user_id";
    ELSE
      INSERT INTO "budget_activity" ("budget_id", "user_id", "action", "entity", "entity_id", "summary", "before")
      SELECT o."user_id", coalesce(nullif(current_setting('budget.actor', true), ''), o."updated_by"), 'deleted', entity, o."id", 'deleted ' || budget_activity_label(entity, to_jsonb(o) - quiet), to_jsonb(o) - quiet
      FROM old_rows o WHERE EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = o."user_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "transactions_activity_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('transaction', 'transactions');
CREATE TRIGGER "transactions_activity_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('transaction', 'transactions');
CREATE TRIGGER "transactions_activity_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('transaction', 'transactions');
CREATE TRIGGER "paychecks_activity_insert" AFTER INSERT ON "paychecks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('paycheck', 'paychecks');
CREATE TRIGGER "paychecks_activity_update" AFTER UPDATE ON "paychecks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('paycheck', 'paychecks');
CREATE TRIGGER "paychecks_activity_delete" AFTER DELETE ON "paychecks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('paycheck', 'paychecks');
CREATE TRIGGER "accounts_activity_insert" AFTER INSERT ON "accounts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('account', 'accounts');
CREATE TRIGGER "accounts_activity_update" AFTER UPDATE ON "accounts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('account', 'accounts');
CREATE TRIGGER "accounts_activity_delete" AFTER DELETE ON "accounts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('account', 'accounts');
CREATE TRIGGER "budget_categories_activity_insert" AFTER INSERT ON "budget_categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('category', 'categories');
CREATE TRIGGER "budget_categories_activity_update" AFTER UPDATE ON "budget_categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('category', 'categories');
CREATE TRIGGER "budget_categories_activity_delete" AFTER DELETE ON "budget_categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('category', 'categories');
CREATE TRIGGER "recurring_bills_activity_insert" AFTER INSERT ON "recurring_bills" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('bill', 'bills');
CREATE TRIGGER "recurring_bills_activity_update" AFTER UPDATE ON "recurring_bills" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('bill', 'bills');
CREATE TRIGGER "recurring_bills_activity_delete" AFTER DELETE ON "recurring_bills" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('bill', 'bills');
CREATE TRIGGER "savings_goals_activity_insert" AFTER INSERT ON "savings_goals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('goal', 'goals');
CREATE TRIGGER "savings_goals_activity_update" AFTER UPDATE ON "savings_goals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('goal', 'goals');
CREATE TRIGGER "savings_goals_activity_delete" AFTER DELETE ON "savings_goals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('goal', 'goals');
CREATE TRIGGER "transfers_activity_insert" AFTER INSERT ON "transfers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('transfer', 'transfers');
CREATE TRIGGER "transfers_activity_update" AFTER UPDATE ON "transfers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('transfer', 'transfers');
CREATE TRIGGER "transfers_activity_delete" AFTER DELETE ON "transfers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "budget_activity_log"('transfer', 'transfers');

-- The month sums' revisions belong to budgets now: a budget being deleted (with its user, or on
-- its own) takes none (the function as in migration budget_month_revisions, but for budgets).
CREATE OR REPLACE FUNCTION "budget_month_spending_refresh"(touched_users text[], touched_months timestamptz[]) RETURNS void
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
    -- OFFSET 0 keeps the view read per (user, month) through the (user_id, date) index (migration account_month_totals).
    CROSS JOIN LATERAL (
      SELECT l."category_id", l."amount" FROM "spending_lines" l
      WHERE l."user_id" = x.user_id AND l."date" >= x.month
        AND l."date" < ((x.month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
      OFFSET 0
    ) l
    GROUP BY x.user_id, l.category_id, x.month;
  -- A budget being deleted (its records going with it) has no revisions to take.
  INSERT INTO "budget_month_revisions" ("user_id", "month")
    SELECT DISTINCT x.user_id, x.month FROM unnest(touched_users, touched_months) AS x(user_id, month)
    WHERE EXISTS (SELECT 1 FROM "budgets" u WHERE u."id" = x.user_id)
    ORDER BY 1, 2
    ON CONFLICT ("user_id", "month") DO UPDATE SET "revision" = EXCLUDED."revision";
END $$;

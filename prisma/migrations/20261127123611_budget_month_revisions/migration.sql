-- CreateTable
CREATE TABLE "budget_month_revisions" (
    "user_id" TEXT NOT NULL,
    "month" TIMESTAMPTZ(3) NOT NULL,
    "revision" BIGSERIAL NOT NULL,

    CONSTRAINT "budget_month_revisions_pkey" PRIMARY KEY ("user_id","month")
);

-- CreateIndex
CREATE INDEX "budget_month_revisions_user_id_revision_idx" ON "budget_month_revisions"("user_id", "revision");

-- AddForeignKey
ALTER TABLE "budget_month_revisions" ADD CONSTRAINT "budget_month_revisions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Summing a month again takes a new revision for it, after the user's lock: one user's revisions
-- then follow the order in which their writes commit, so a reader that has seen revision r has
-- seen every change numbered r or less, and the months changed since are those numbered above r.
CREATE OR REPLACE FUNCTION "budget_month_spending_refresh"(touched_user text, touched_month timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('budget_month_spending:' || touched_user, 0));
  DELETE FROM "budget_month_spending" WHERE "user_id" = touched_user AND "month" = touched_month;
  INSERT INTO "budget_month_spending" ("user_id", "category_id", "month", "amount")
    SELECT l."user_id", l."category_id", touched_month, sum(l."amount")
    FROM "spending_lines" l
    WHERE l."user_id" = touched_user AND l."date" >= touched_month AND l."date" < touched_month + interval '1 month'
    GROUP BY l."user_id", l."category_id";
  INSERT INTO "budget_month_revisions" ("user_id", "month") VALUES (touched_user, touched_month)
    ON CONFLICT ("user_id", "month") DO UPDATE SET "revision" = EXCLUDED."revision";
END $$;

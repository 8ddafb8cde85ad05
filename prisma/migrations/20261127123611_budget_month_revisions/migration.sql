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
  -- A user being deleted (their records going with them) has no revisions to take.
  INSERT INTO "budget_month_revisions" ("user_id", "month")
    SELECT DISTINCT x.user_id, x.month FROM unnest(touched_users, touched_months) AS x(user_id, month)
    WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = x.user_id)
    ORDER BY 1, 2
    ON CONFLICT ("user_id", "month") DO UPDATE SET "revision" = EXCLUDED."revision";
END $$;

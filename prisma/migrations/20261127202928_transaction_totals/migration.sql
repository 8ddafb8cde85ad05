-- CreateTable
CREATE TABLE "transaction_totals" (
    "user_id" TEXT NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "count" BIGINT NOT NULL,
    "amount" DECIMAL NOT NULL,

    CONSTRAINT "transaction_totals_pkey" PRIMARY KEY ("user_id","kind")
);

-- AddForeignKey
ALTER TABLE "transaction_totals" ADD CONSTRAINT "transaction_totals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each statement adds what its rows changed to their (budget, kind) totals (a data table's user_id
-- holds its budget's id since shared_budgets): a row written counts one and its amount, a row
-- deleted takes them away, an edit does both, so a statement costs what it wrote, never the
-- history. The budget's lock for derived totals (account_month_totals_add's) is taken first, in id
-- order, so concurrent writers of one budget take turns in one order. A budget being deleted gets
-- no row (its transactions go with it).
CREATE FUNCTION "transaction_totals_of_transactions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  owners text[];
  kinds text[];
  counts bigint[];
  amounts numeric[];
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(kind), array_agg(n), array_agg(amount) INTO owners, kinds, counts, amounts FROM (
      SELECT "user_id", "kind", count(*) AS n, sum("amount") AS amount FROM new_rows GROUP BY 1, 2
    ) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(kind), array_agg(n), array_agg(amount) INTO owners, kinds, counts, amounts FROM (
      SELECT "user_id", "kind", -count(*) AS n, -sum("amount") AS amount FROM old_rows GROUP BY 1, 2
    ) touched;
  ELSE
    SELECT array_agg(user_id), array_agg(kind), array_agg(n), array_agg(amount) INTO owners, kinds, counts, amounts FROM (
      SELECT user_id, kind, sum(n) AS n, sum(amount) AS amount FROM (
        SELECT side.* FROM old_rows o JOIN new_rows n USING ("id")
        CROSS JOIN LATERAL (VALUES (o."user_id", o."kind", -1, -o."amount"), (n."user_id", n."kind", 1, n."amount")) side(user_id, kind, n, amount)
        WHERE (o."user_id", o."kind", o."amount") IS DISTINCT FROM (n."user_id", n."kind", n."amount")
      ) changed GROUP BY 1, 2
    ) touched;
  END IF;
  IF owners IS NULL THEN
    RETURN NULL;
  END IF;
  FOR owner IN SELECT DISTINCT u FROM unnest(owners) u ORDER BY u LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('budget_month_spending:' || owner, 0));
  END LOOP;
  INSERT INTO "transaction_totals" ("user_id", "kind", "count", "amount")
    SELECT x.user_id, x.kind, x.n, x.amount FROM unnest(owners, kinds, counts, amounts) AS x(user_id, kind, n, amount)
    WHERE EXISTS (SELECT 1 FROM "budgets" b WHERE b."id" = x.user_id)
    ORDER BY 1, 2
  ON CONFLICT ("user_id", "kind") DO UPDATE
    SET "count" = "transaction_totals"."count" + EXCLUDED."count", "amount" = "transaction_totals"."amount" + EXCLUDED."amount";
  RETURN NULL;
END $$;

CREATE TRIGGER "transaction_totals_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_of_transactions"();
CREATE TRIGGER "transaction_totals_updated" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_of_transactions"();
CREATE TRIGGER "transaction_totals_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_of_transactions"();

-- The totals of the transactions already there.
INSERT INTO "transaction_totals" ("user_id", "kind", "count", "amount")
  SELECT "user_id", "kind", count(*), sum("amount") FROM "transactions" GROUP BY 1, 2;

-- An import writes its rows in statements of 200 (docs/decisions/003-import-writes.md). Summing
-- each statement's months again made every statement of a long import slower than the one before
-- (a month summed again per statement, its earlier sums left as dead rows until the transaction
-- ends) and doubled the commit's time. While `budget.month_spending` is 'deferred' (set for the
-- writer's transaction only, by withMonthSpendingDeferred in api/modules/budget/month-spending.ts),
-- inserts and deletes of transactions leave the sums alone; that writer then sums each month it
-- wrote once, with budget_month_spending_refresh. Nothing else sets it, so every other write is
-- summed as before.
CREATE OR REPLACE FUNCTION "budget_month_spending_of_transactions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  months timestamptz[];
BEGIN
  IF current_setting('budget.month_spending', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(user_id), array_agg(month) INTO owners, months FROM (
    SELECT DISTINCT "user_id", date_trunc('month', "date", 'UTC') AS month FROM changed_rows
  ) touched;
  IF owners IS NOT NULL THEN
    PERFORM "budget_month_spending_refresh"(owners, months);
  END IF;
  RETURN NULL;
END $$;

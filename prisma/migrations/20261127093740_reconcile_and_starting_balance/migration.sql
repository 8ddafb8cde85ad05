-- Reconcile (docs/product.md#reconcile): each account gets a starting balance on a date, and each
-- record a status against the bank.
ALTER TABLE "accounts" ADD COLUMN     "starting_balance" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "starting_date" TIMESTAMPTZ(3) NOT NULL DEFAULT '1970-01-01 00:00:00 +00:00';

-- Existing accounts change nothing: the starting date is the day the account was added, or its
-- oldest record's day when that is earlier, so every record still counts, and the starting balance
-- is the balance less all its activity.
WITH activity AS (
  SELECT account_id, date, -amount AS change FROM "transactions" WHERE account_id IS NOT NULL
  UNION ALL SELECT account_id, date, amount FROM "paychecks" WHERE account_id IS NOT NULL
  UNION ALL SELECT from_account_id, date, -amount FROM "transfers" WHERE from_account_id IS NOT NULL
  UNION ALL SELECT to_account_id, date, amount FROM "transfers" WHERE to_account_id IS NOT NULL
), per_account AS (
  SELECT account_id, min(date) AS first_day, sum(change) AS total FROM activity GROUP BY account_id
)
UPDATE "accounts" a SET
  "starting_date" = least(date_trunc('day', a.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', coalesce(p.first_day, 'infinity')),
  "starting_balance" = a.balance - coalesce(p.total, 0)
FROM "accounts" x LEFT JOIN per_account p ON p.account_id = x.id
WHERE x.id = a.id;

ALTER TABLE "paychecks" ADD COLUMN     "status" VARCHAR(20) NOT NULL DEFAULT 'uncleared';

ALTER TABLE "transactions" ADD COLUMN     "status" VARCHAR(20) NOT NULL DEFAULT 'uncleared';

ALTER TABLE "transfers" ADD COLUMN     "from_status" VARCHAR(20) NOT NULL DEFAULT 'uncleared',
ADD COLUMN     "to_status" VARCHAR(20) NOT NULL DEFAULT 'uncleared';

-- Rows already imported from a bank's file were cleared by the bank.
UPDATE "transactions" SET "status" = 'cleared' WHERE import_id IS NOT NULL;
UPDATE "paychecks" SET "status" = 'cleared' WHERE import_id IS NOT NULL;

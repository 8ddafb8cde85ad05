-- The yes/no columns become booleans, each row keeping its answer (1 is yes, as the app read it).
-- The one-default-per-user index is made again over the boolean (its condition compared with 1).
DROP INDEX "accounts_one_default_per_user";

ALTER TABLE "accounts"
  ALTER COLUMN "is_default" DROP DEFAULT,
  ALTER COLUMN "is_default" SET DATA TYPE BOOLEAN USING "is_default" = 1,
  ALTER COLUMN "is_default" SET DEFAULT false;

ALTER TABLE "recurring_bills"
  ALTER COLUMN "is_active" DROP DEFAULT,
  ALTER COLUMN "is_active" SET DATA TYPE BOOLEAN USING "is_active" = 1,
  ALTER COLUMN "is_active" SET DEFAULT true;

ALTER TABLE "savings_goals"
  ALTER COLUMN "is_completed" DROP DEFAULT,
  ALTER COLUMN "is_completed" SET DATA TYPE BOOLEAN USING "is_completed" = 1,
  ALTER COLUMN "is_completed" SET DEFAULT false;

CREATE UNIQUE INDEX "accounts_one_default_per_user" ON "accounts"("user_id") WHERE "is_default";

-- AlterTable
ALTER TABLE "budget_categories" ADD COLUMN     "carry_overspending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "plan_kind" VARCHAR(20) NOT NULL DEFAULT 'amount',
ADD COLUMN     "target_amount" DECIMAL(12,2),
ADD COLUMN     "target_date" TIMESTAMPTZ(3),
ADD COLUMN     "target_kind" VARCHAR(20);

-- CreateTable
CREATE TABLE "budget_assignments" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "category_id" TEXT NOT NULL,
    "month" CHAR(7) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "budget_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "budget_assignments_user_id_month_idx" ON "budget_assignments"("user_id", "month");

-- CreateIndex
CREATE UNIQUE INDEX "budget_assignments_category_id_month_key" ON "budget_assignments"("category_id", "month");

-- AddForeignKey
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "budget_categories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing categories get the plan kind that the rule for a row written without one gives
-- (docs/product.md#the-plan): `percentage` when the percentage is above 0 and the amount is that
-- percentage of the user's total income to the cent (round() is half up for these non-negative
-- sums), else the `amount` default set above.
UPDATE "budget_categories" c SET "plan_kind" = 'percentage'
WHERE c."allocated_percentage" > 0
  AND c."allocated_amount" = round(
    coalesce((SELECT sum(p."amount") FROM "paychecks" p WHERE p."user_id" = c."user_id"), 0) * c."allocated_percentage" / 100, 2);

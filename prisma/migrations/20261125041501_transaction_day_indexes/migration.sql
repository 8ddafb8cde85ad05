-- DropIndex
DROP INDEX "transactions_account_id_date_created_at_id_idx";

-- DropIndex
DROP INDEX "transactions_user_id_category_id_date_created_at_id_idx";

-- DropIndex
DROP INDEX "transactions_user_id_date_created_at_id_idx";

-- CreateIndex
CREATE INDEX "transactions_user_id_date_idx" ON "transactions"("user_id", "date" DESC);

-- CreateIndex
CREATE INDEX "transactions_user_id_category_id_date_idx" ON "transactions"("user_id", "category_id", "date" DESC);

-- CreateIndex
CREATE INDEX "transactions_account_id_date_idx" ON "transactions"("account_id", "date" DESC);

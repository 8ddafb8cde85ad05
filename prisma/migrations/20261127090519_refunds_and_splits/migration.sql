-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "kind" VARCHAR(10) NOT NULL DEFAULT 'expense';

-- CreateTable
CREATE TABLE "transaction_splits" (
    "id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "category_id" TEXT,
    "amount" DECIMAL(12,2) NOT NULL,
    "notes" TEXT,
    "position" INTEGER NOT NULL,

    CONSTRAINT "transaction_splits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transaction_splits_user_id_category_id_idx" ON "transaction_splits"("user_id", "category_id");

-- CreateIndex
CREATE INDEX "transaction_splits_category_id_idx" ON "transaction_splits"("category_id");

-- CreateIndex
CREATE UNIQUE INDEX "transaction_splits_transaction_id_position_key" ON "transaction_splits"("transaction_id", "position");

-- AddForeignKey
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "budget_categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- What the schema cannot state (docs/product.md#refunds-and-splits): a transaction is an expense or
-- a refund, and a split line's amount is above zero (the service checks both first, with messages).
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_kind_check" CHECK ("kind" IN ('expense', 'refund'));
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_amount_check" CHECK ("amount" > 0);

-- The one definition of "spent in a category" (docs/architecture.md#spending-lines): every
-- transaction that is not split, and every line of the split ones (the line's category, its
-- transaction's date and kind), as signed amounts: + for an expense, - for a refund. The budget
-- month, the reports and the exports sum it per category; the owner is user_id, as in every raw query.
CREATE VIEW "spending_lines" AS
  SELECT t.user_id, t.category_id, t.date,
         CASE WHEN t.kind = 'refund' THEN -t.amount ELSE t.amount END AS amount,
         t.id AS transaction_id, t.account_id
  FROM "transactions" t
  WHERE NOT EXISTS (SELECT 1 FROM "transaction_splits" s WHERE s.transaction_id = t.id)
  UNION ALL
  SELECT s.user_id, s.category_id, t.date,
         CASE WHEN t.kind = 'refund' THEN -s.amount ELSE s.amount END AS amount,
         t.id AS transaction_id, t.account_id
  FROM "transaction_splits" s JOIN "transactions" t ON t.id = s.transaction_id;

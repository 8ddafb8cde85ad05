-- AlterTable
ALTER TABLE "paychecks" ADD COLUMN     "account_id" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "account_id" TEXT;

-- CreateTable
CREATE TABLE "transfers" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "from_account_id" TEXT NOT NULL,
    "to_account_id" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "date" TIMESTAMPTZ(3) NOT NULL,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "transfers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transfers_user_id_date_created_at_id_idx" ON "transfers"("user_id", "date" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transfers_from_account_id_date_created_at_id_idx" ON "transfers"("from_account_id", "date" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transfers_to_account_id_date_created_at_id_idx" ON "transfers"("to_account_id", "date" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "paychecks_account_id_date_created_at_id_idx" ON "paychecks"("account_id", "date" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transactions_account_id_date_created_at_id_idx" ON "transactions"("account_id", "date" DESC, "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_fkey" FOREIGN KEY ("from_account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_fkey" FOREIGN KEY ("to_account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A transfer moves a positive amount between two different accounts (the service checks both first, with its messages).
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_two_accounts" CHECK ("from_account_id" <> "to_account_id");
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_positive_amount" CHECK ("amount" > 0);

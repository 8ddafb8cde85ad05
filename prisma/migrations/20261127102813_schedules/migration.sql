-- AlterTable
ALTER TABLE "paychecks" ADD COLUMN     "schedule_id" TEXT;

-- AlterTable
ALTER TABLE "recurring_bills" ADD COLUMN     "auto_post" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "schedule_id" TEXT;

-- AlterTable
ALTER TABLE "transfers" ADD COLUMN     "schedule_id" TEXT;

-- CreateTable
CREATE TABLE "schedules" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "payee" VARCHAR(200) NOT NULL,
    "category_id" TEXT,
    "account_id" TEXT NOT NULL,
    "to_account_id" TEXT,
    "frequency" VARCHAR(20) NOT NULL,
    "interval" INTEGER,
    "day_of_month" INTEGER,
    "days" INTEGER[],
    "start_date" TIMESTAMPTZ(3) NOT NULL,
    "end_date" TIMESTAMPTZ(3),
    "occurrences" INTEGER,
    "auto_post" BOOLEAN NOT NULL,
    "time_zone" VARCHAR(100) NOT NULL,
    "next_date" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedule_occurrences" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "schedule_id" TEXT NOT NULL,
    "date" TIMESTAMPTZ(3) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schedule_occurrences_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "schedules_user_id_created_at_idx" ON "schedules"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "schedules_auto_post_next_date_idx" ON "schedules"("auto_post", "next_date");

-- CreateIndex
CREATE INDEX "schedules_account_id_idx" ON "schedules"("account_id");

-- CreateIndex
CREATE INDEX "schedules_to_account_id_idx" ON "schedules"("to_account_id");

-- CreateIndex
CREATE INDEX "schedules_category_id_idx" ON "schedules"("category_id");

-- CreateIndex
CREATE INDEX "schedule_occurrences_user_id_idx" ON "schedule_occurrences"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "schedule_occurrences_schedule_id_date_key" ON "schedule_occurrences"("schedule_id", "date");

-- CreateIndex
CREATE INDEX "paychecks_schedule_id_idx" ON "paychecks"("schedule_id") WHERE (schedule_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "transactions_schedule_id_idx" ON "transactions"("schedule_id") WHERE (schedule_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "transfers_schedule_id_idx" ON "transfers"("schedule_id") WHERE (schedule_id IS NOT NULL);

-- AddForeignKey
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "budget_categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_to_account_id_fkey" FOREIGN KEY ("to_account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

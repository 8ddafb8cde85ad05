-- AlterTable
ALTER TABLE "paychecks" ADD COLUMN     "pending" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "pending" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "bank_connections" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "access_secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_synced_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "sync_started_at" TIMESTAMPTZ(3),
    "last_error" VARCHAR(1000),
    "last_error_at" TIMESTAMPTZ(3),

    CONSTRAINT "bank_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_connection_accounts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "remote_id" VARCHAR(255) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "org" VARCHAR(200),
    "currency" VARCHAR(255) NOT NULL,
    "balance" DECIMAL(12,2) NOT NULL,
    "balance_date" TIMESTAMPTZ(3),
    "account_id" TEXT,

    CONSTRAINT "bank_connection_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bank_connections_user_id_created_at_idx" ON "bank_connections"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "bank_connections_last_attempt_at_idx" ON "bank_connections"("last_attempt_at");

-- CreateIndex
CREATE INDEX "bank_connection_accounts_user_id_idx" ON "bank_connection_accounts"("user_id");

-- CreateIndex
CREATE INDEX "bank_connection_accounts_account_id_idx" ON "bank_connection_accounts"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "bank_connection_accounts_connection_id_remote_id_key" ON "bank_connection_accounts"("connection_id", "remote_id");

-- AddForeignKey
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "bank_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

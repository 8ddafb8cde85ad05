-- AlterTable
ALTER TABLE "paychecks" ADD COLUMN     "fitid" VARCHAR(255),
ADD COLUMN     "import_id" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "fitid" VARCHAR(255),
ADD COLUMN     "import_id" TEXT;

-- CreateTable
CREATE TABLE "imports" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "account_id" TEXT,
    "file_name" VARCHAR(255) NOT NULL,
    "transaction_count" INTEGER NOT NULL,
    "paycheck_count" INTEGER NOT NULL,
    "skipped_count" INTEGER NOT NULL,
    "undone_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_mappings" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "signature" VARCHAR(64) NOT NULL,
    "mapping" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "import_mappings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "imports_user_id_created_at_id_idx" ON "imports"("user_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "imports_account_id_idx" ON "imports"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "import_mappings_user_id_signature_key" ON "import_mappings"("user_id", "signature");

-- CreateIndex
CREATE INDEX "paychecks_import_id_idx" ON "paychecks"("import_id");

-- CreateIndex
CREATE INDEX "paychecks_user_id_fitid_idx" ON "paychecks"("user_id", "fitid");

-- CreateIndex
CREATE INDEX "transactions_import_id_idx" ON "transactions"("import_id");

-- CreateIndex
CREATE INDEX "transactions_user_id_fitid_idx" ON "transactions"("user_id", "fitid");

-- AddForeignKey
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "imports" ADD COLUMN     "transfer_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "transfers" ADD COLUMN     "import_id" TEXT;

-- CreateIndex
CREATE INDEX "transfers_import_id_idx" ON "transfers"("import_id") WHERE (import_id IS NOT NULL);

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

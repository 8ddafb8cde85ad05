-- DropForeignKey
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_from_account_id_fkey";

-- DropForeignKey
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_to_account_id_fkey";

-- AlterTable
ALTER TABLE "transfers" ALTER COLUMN "from_account_id" DROP NOT NULL,
ALTER COLUMN "to_account_id" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_fkey" FOREIGN KEY ("from_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_fkey" FOREIGN KEY ("to_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

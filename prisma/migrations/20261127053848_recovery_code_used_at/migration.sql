-- AlterTable
ALTER TABLE "recovery_codes" ADD COLUMN     "used_at" TIMESTAMPTZ(3);

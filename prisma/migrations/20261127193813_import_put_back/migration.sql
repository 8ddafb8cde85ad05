-- AlterTable
ALTER TABLE "imports" ADD COLUMN     "put_back" JSONB;

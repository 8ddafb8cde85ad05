-- AlterTable
ALTER TABLE "users" ADD COLUMN     "digest_sent_on" DATE,
ADD COLUMN     "reminder_days" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "reminder_email" VARCHAR(10) NOT NULL DEFAULT 'off';

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "title" VARCHAR(300) NOT NULL,
    "link" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),
    "email_pending" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_email_pending_created_at_idx" ON "notifications"("email_pending", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_user_id_key_key" ON "notifications"("user_id", "key");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The reminders' daily check claims each user once a day (api/modules/reminders/reminder-job.ts), so
-- with several processes each user is checked once, not once per process.
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "reminded_on" DATE;

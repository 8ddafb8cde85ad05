-- AlterTable
ALTER TABLE "paychecks" ADD COLUMN     "imported_description" TEXT,
ADD COLUMN     "payee_id" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "imported_description" TEXT,
ADD COLUMN     "payee_id" TEXT;

-- CreateTable
CREATE TABLE "payees" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payees_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rules" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "conditions" JSONB NOT NULL,
    "actions" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rules_user_id_position_idx" ON "rules"("user_id", "position");

-- CreateIndex
CREATE INDEX "paychecks_payee_id_idx" ON "paychecks"("payee_id");

-- CreateIndex
CREATE INDEX "transactions_payee_id_idx" ON "transactions"("payee_id");

-- AddForeignKey
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_payee_id_fkey" FOREIGN KEY ("payee_id") REFERENCES "payees"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payee_id_fkey" FOREIGN KEY ("payee_id") REFERENCES "payees"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payees" ADD CONSTRAINT "payees_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rules" ADD CONSTRAINT "rules_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A user's payee names are unique whatever their case (docs/product.md#payees); find-or-create
-- (payeeIdsFor) inserts with ON CONFLICT on this index.
CREATE UNIQUE INDEX "payees_user_id_lower_name_key" ON "payees"("user_id", lower("name"));

-- Search takes the payee (docs/product.md#payees): the folded search text is the description and
-- the payee's name. Written again when either changes; a rename clears the search text of its
-- records, which writes it again.
CREATE OR REPLACE FUNCTION transactions_search_text() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN
    NEW.search_text := budget_fold(NEW.description || coalesce(' ' || (SELECT name FROM payees WHERE id = NEW.payee_id), ''));
    RETURN NEW;
  END $$;
DROP TRIGGER transactions_search_text ON "transactions";
CREATE TRIGGER transactions_search_text BEFORE INSERT OR UPDATE OF description, search_text, payee_id ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION transactions_search_text();

-- Existing records keep no payee: their descriptions were typed by hand or imported before payees
-- existed, and a payee guessed from each would fill the list with near-duplicates
-- (docs/product.md#payees). Nothing to backfill.

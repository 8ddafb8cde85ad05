-- Search in descriptions (docs/product.md#transactions): case- and accent-insensitive, inside
-- words, on a trigram index of the description folded to lower case without accents.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (its dictionary could be changed); naming the dictionary makes a fold an index may use.
CREATE OR REPLACE FUNCTION budget_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "search_text" TEXT;

-- The folded description follows the description, whoever writes it.
CREATE OR REPLACE FUNCTION transactions_search_text() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN NEW.search_text := budget_fold(NEW.description); RETURN NEW; END $$;
CREATE TRIGGER transactions_search_text BEFORE INSERT OR UPDATE OF description, search_text ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION transactions_search_text();
UPDATE "transactions" SET "search_text" = budget_fold("description");

-- CreateIndex
CREATE INDEX "transactions_user_id_amount_idx" ON "transactions"("user_id", "amount");

-- CreateIndex
CREATE INDEX "transactions_search_text_idx" ON "transactions" USING GIN ("search_text" gin_trgm_ops);

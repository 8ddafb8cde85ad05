-- The folded search text (docs/product.md#transactions), written with budget_fold's expression
-- in place: a call of that SQL function is run as a query of its own for every row (it cannot be
-- inlined: IMMUTABLE around unaccent's STABLE), which made this trigger most of the cost of
-- inserting a transaction (about 1 ms a row on PGlite; docs/performance.md#imports). The payee's
-- name is read only for a row that has one.
CREATE OR REPLACE FUNCTION transactions_search_text() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    payee text;
  BEGIN
    IF NEW.payee_id IS NOT NULL THEN
      SELECT name INTO payee FROM payees WHERE id = NEW.payee_id;
    END IF;
    NEW.search_text := lower(public.unaccent('public.unaccent'::regdictionary, NEW.description || coalesce(' ' || payee, '')));
    RETURN NEW;
  END $$;

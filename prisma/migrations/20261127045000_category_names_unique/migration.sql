-- A user's category names are unique whatever their case (docs/product.md#budget-allocation).
-- Names already taken twice are told apart first, nothing lost: the oldest keeps its name, each
-- later one gets the first free " (2)", " (3)", … (its name shortened to fit 100 characters).
DO $$
DECLARE
  dup record;
  n int;
  candidate text;
BEGIN
  FOR dup IN
    SELECT id, user_id, name FROM (
      SELECT id, user_id, name, row_number() OVER (PARTITION BY user_id, lower(name) ORDER BY created_at, id) AS rank
      FROM "budget_categories"
    ) ranked
    WHERE rank > 1
    ORDER BY user_id, lower(name), rank
  LOOP
    n := 2;
    LOOP
      candidate := left(dup.name, 100 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "budget_categories" WHERE user_id = dup.user_id AND lower(name) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE "budget_categories" SET name = candidate WHERE id = dup.id;
  END LOOP;
END $$;

-- An expression index, which Prisma's schema cannot state (schema.prisma names it in a comment).
CREATE UNIQUE INDEX "budget_categories_user_id_lower_name_key" ON "budget_categories" ("user_id", lower("name"));

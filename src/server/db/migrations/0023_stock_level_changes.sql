CREATE TABLE "stock_changes_pending" (
	"variation_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_level_changes" (
	"version" bigint PRIMARY KEY NOT NULL,
	"product_ids" integer[],
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 030: every bump of the stock counter logs which products' levels it changed, in the
-- bumping transaction, so a cache of levels at an older version reads only those products again
-- (null: all of them, also when more than 5,000 changed, which the catalogue would read whole
-- anyway: STOCK_CHANGES_READ_MAX in availability.repository.ts; so no row is large). The newest
-- 1,000 versions are kept (STOCK_CHANGES_KEPT); a cache further behind reads all. Every bump also
-- takes the variations a deferring writer left in stock_changes_pending and could not announce (a
-- PGlite import whose last bump failed; on PostgreSQL an import's own rows are not visible to
-- others before its commit, which empties them). The products are found by a join, not
-- `= ANY(array)`, which would compare each variation with every element of a large array.
CREATE FUNCTION bump_stock_counter(changed_variations int[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
  changed_products int[];
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 3 RETURNING "version" INTO bumped;
  IF bumped IS NOT NULL THEN
    WITH pending AS (DELETE FROM "stock_changes_pending" RETURNING "variation_id"),
      changed AS (SELECT unnest(changed_variations) AS id UNION SELECT "variation_id" FROM pending)
    SELECT ARRAY(SELECT DISTINCT v."product_id" FROM changed c JOIN "variations" v ON v."id" = c.id ORDER BY 1) INTO changed_products;
    IF changed_variations IS NULL OR cardinality(changed_products) > 5000 THEN
      changed_products := NULL;
    END IF;
    INSERT INTO "stock_level_changes" ("version", "product_ids") VALUES (bumped, changed_products);
    DELETE FROM "stock_level_changes" WHERE "version" <= bumped - 1000;
  END IF;
  RETURN bumped;
END;
$$;
--> statement-breakpoint
-- The trigger of 0019/0022, now naming the variations whose visible level changed: bumped and
-- logged at once, or (a writer that deferred the counter, an ERP stock import) kept in
-- stock_changes_pending for the writer's one bump. A TRUNCATE bumps at once, logged as all.
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[];
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM bump_stock_counter(NULL);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT "variation_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT "variation_id" FROM old_rows);
  ELSE
    changed := ARRAY(
      SELECT n."variation_id" FROM new_rows n LEFT JOIN old_rows o ON o."variation_id" = n."variation_id"
      WHERE (o."availability", o."expected_date", o."backorder") IS DISTINCT FROM (n."availability", n."expected_date", n."backorder")
      UNION
      SELECT o."variation_id" FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."variation_id" = o."variation_id"));
  END IF;
  IF cardinality(changed) > 0 THEN
    -- 'changed' too: an instance still on the code before 0023 bumps only when it reads that.
    IF current_setting('casa_maiz.stock_version', true) IN ('deferred', 'changed') THEN
      PERFORM set_config('casa_maiz.stock_version', 'changed', true);
      INSERT INTO "stock_changes_pending" ("variation_id") SELECT unnest(changed) ON CONFLICT DO NOTHING;
    ELSE
      PERFORM bump_stock_counter(changed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

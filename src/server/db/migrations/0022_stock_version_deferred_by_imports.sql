-- Decision 030: an ERP stock import writes range by range (on PGlite each range is a transaction
-- of its own) and bumps the stock counter once, when it is done. It says so with the setting
-- casa_maiz.stock_version = 'deferred' (local to its transaction); a statement that changes what a
-- customer sees then notes 'changed' instead of bumping, and the import reads that note. Without
-- the setting (placing an order, an edit by hand) the counter goes up at once, as before.
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'TRUNCATE' THEN
    changed := true;
  ELSIF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows);
  ELSE
    changed := EXISTS (
      SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o."variation_id" = n."variation_id"
      WHERE (o."availability", o."expected_date", o."backorder") IS DISTINCT FROM (n."availability", n."expected_date", n."backorder"));
  END IF;
  IF changed THEN
    IF current_setting('casa_maiz.stock_version', true) IN ('deferred', 'changed') THEN
      PERFORM set_config('casa_maiz.stock_version', 'changed', true);
    ELSE
      UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 3;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TABLE "variation_stock" (
	"variation_id" integer PRIMARY KEY NOT NULL,
	"on_hand" integer NOT NULL,
	"few_left_at" integer DEFAULT 10 NOT NULL,
	"expected_date" date,
	"backorder" boolean DEFAULT false NOT NULL,
	"availability" text GENERATED ALWAYS AS (case when on_hand <= 0 then 'out_of_stock' when on_hand <= few_left_at then 'few_left' else 'in_stock' end) STORED,
	CONSTRAINT "variation_stock_few_left_at" CHECK ("variation_stock"."few_left_at" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "backorder_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variation_stock" ADD CONSTRAINT "variation_stock_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 030: the stock counter (catalog_version row 3). What the catalogue shows of stock (the
-- level, the expected date, the backorder flag) is kept by it, not by the catalogue version, so
-- a stock import never rebuilds the search index (decision 025). It goes up only when a
-- statement changes what a customer sees: placing an order that leaves the level as it was
-- bumps nothing, so the caches of pages stay warm through a day of orders.
INSERT INTO "catalog_version" ("id", "version") VALUES (3, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 3;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER variation_stock_inserted AFTER INSERT ON "variation_stock" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_stock_version();
--> statement-breakpoint
CREATE TRIGGER variation_stock_updated AFTER UPDATE ON "variation_stock" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_stock_version();
--> statement-breakpoint
CREATE TRIGGER variation_stock_deleted AFTER DELETE ON "variation_stock" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_stock_version();
--> statement-breakpoint
CREATE TRIGGER variation_stock_truncated AFTER TRUNCATE ON "variation_stock" FOR EACH STATEMENT EXECUTE FUNCTION bump_stock_version();

CREATE TABLE "relation_versions" (
	"relation_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The offers version (catalog_version row 2): bumped by every statement that changes prices,
-- product images or image files, so that what a product costs under a price list, and its
-- images, can be kept per version (see db/schema/system.ts).
INSERT INTO "catalog_version" ("id", "version") VALUES (2, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_offers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 2;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER prices_offers_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION bump_offers_version();
--> statement-breakpoint
CREATE TRIGGER product_images_offers_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION bump_offers_version();
--> statement-breakpoint
CREATE TRIGGER files_offers_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "files" FOR EACH STATEMENT EXECUTE FUNCTION bump_offers_version();
--> statement-breakpoint
-- Per relation, a counter bumped by every change to its favourites or quotes.
CREATE FUNCTION bump_relation_version(relation integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "relation_versions" ("relation_id", "version") SELECT relation, 1 WHERE relation IS NOT NULL
  ON CONFLICT ("relation_id") DO UPDATE SET "version" = "relation_versions"."version" + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION bump_relation_version_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'quote_lines' THEN
    -- A line belongs to its quote's relation (gone already when the quote itself was deleted:
    -- that deletion bumped the relation).
    IF TG_OP <> 'INSERT' THEN
      PERFORM bump_relation_version((SELECT "relation_id" FROM "quotes" WHERE "id" = OLD."quote_id"));
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM bump_relation_version((SELECT "relation_id" FROM "quotes" WHERE "id" = NEW."quote_id"));
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM bump_relation_version(OLD."relation_id");
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."relation_id" IS DISTINCT FROM OLD."relation_id") THEN
      PERFORM bump_relation_version(NEW."relation_id");
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A TRUNCATE names no rows: every relation's counter goes up.
CREATE FUNCTION bump_every_relation_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "relation_versions" SET "version" = "version" + 1;
  INSERT INTO "relation_versions" ("relation_id", "version") SELECT "id", 1 FROM "relations" ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER favorites_relation_version AFTER INSERT OR UPDATE OR DELETE ON "favorites" FOR EACH ROW EXECUTE FUNCTION bump_relation_version_of_row();
--> statement-breakpoint
CREATE TRIGGER quotes_relation_version AFTER INSERT OR UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION bump_relation_version_of_row();
--> statement-breakpoint
CREATE TRIGGER quote_lines_relation_version AFTER INSERT OR UPDATE OR DELETE ON "quote_lines" FOR EACH ROW EXECUTE FUNCTION bump_relation_version_of_row();
--> statement-breakpoint
CREATE TRIGGER favorites_relation_versions_truncate AFTER TRUNCATE ON "favorites" FOR EACH STATEMENT EXECUTE FUNCTION bump_every_relation_version();
--> statement-breakpoint
CREATE TRIGGER quotes_relation_versions_truncate AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION bump_every_relation_version();
--> statement-breakpoint
CREATE TRIGGER quote_lines_relation_versions_truncate AFTER TRUNCATE ON "quote_lines" FOR EACH STATEMENT EXECUTE FUNCTION bump_every_relation_version();

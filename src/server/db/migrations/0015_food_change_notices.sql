CREATE TABLE "food_change_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"relation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "food_change_notices" (
	"relation_id" integer NOT NULL,
	"food_change_id" integer NOT NULL,
	CONSTRAINT "food_change_notices_relation_id_food_change_id_pk" PRIMARY KEY("relation_id","food_change_id")
);
--> statement-breakpoint
CREATE TABLE "food_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"import_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ingredients_changed" boolean NOT NULL,
	"allergens" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "food_change_mails" ADD CONSTRAINT "food_change_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_change_notices" ADD CONSTRAINT "food_change_notices_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_change_notices" ADD CONSTRAINT "food_change_notices_food_change_id_food_changes_id_fk" FOREIGN KEY ("food_change_id") REFERENCES "public"."food_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_changes" ADD CONSTRAINT "food_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "food_change_mails_import_user" ON "food_change_mails" USING btree ("import_id","user_id");--> statement-breakpoint
CREATE INDEX "food_change_mails_unsent" ON "food_change_mails" USING btree ("created_at") WHERE "food_change_mails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "food_change_notices_change" ON "food_change_notices" USING btree ("food_change_id");--> statement-breakpoint
CREATE UNIQUE INDEX "food_changes_import_product" ON "food_changes" USING btree ("import_id","product_id");--> statement-breakpoint
CREATE INDEX "food_changes_product" ON "food_changes" USING btree ("product_id");--> statement-breakpoint
-- The product page reads the food changes a relation is told of with the relation's own part
-- (decision 024): a change of food_changes bumps the catalogue version, a notice its relation's
-- version (a TRUNCATE every relation's), as favourites and quotes do (migration 0010).
CREATE TRIGGER food_changes_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_changes" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER food_change_notices_relation_version AFTER INSERT OR UPDATE OR DELETE ON "food_change_notices" FOR EACH ROW EXECUTE FUNCTION bump_relation_version_of_row();
--> statement-breakpoint
CREATE TRIGGER food_change_notices_relation_versions_truncate AFTER TRUNCATE ON "food_change_notices" FOR EACH STATEMENT EXECUTE FUNCTION bump_every_relation_version();

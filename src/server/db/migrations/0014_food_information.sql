CREATE TABLE "product_allergens" (
	"product_id" integer NOT NULL,
	"allergen" text NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "product_allergens_product_id_allergen_pk" PRIMARY KEY("product_id","allergen")
);
--> statement-breakpoint
CREATE TABLE "product_food" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"legal_name_nl" text,
	"legal_name_en" text,
	"ingredients_nl" text,
	"ingredients_en" text,
	"nutrition_basis" text,
	"energy_kj" numeric(10, 3),
	"energy_kcal" numeric(10, 3),
	"fat" numeric(10, 3),
	"saturates" numeric(10, 3),
	"carbohydrate" numeric(10, 3),
	"sugars" numeric(10, 3),
	"fibre" numeric(10, 3),
	"protein" numeric(10, 3),
	"salt" numeric(10, 3),
	"net_quantity" numeric(10, 3),
	"net_unit" text,
	"storage" text,
	"storage_text_nl" text,
	"storage_text_en" text,
	"after_opening_nl" text,
	"after_opening_en" text,
	"origin_country" text,
	"alcohol_percentage" numeric(4, 1),
	"diets" text[] DEFAULT '{}'::text[] NOT NULL,
	"business_name" text,
	"business_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_food_alcohol" CHECK ("product_food"."alcohol_percentage" is null or ("product_food"."alcohol_percentage" >= 0 and "product_food"."alcohol_percentage" <= 100))
);
--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "ean" text;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_food" ADD CONSTRAINT "product_food_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_allergens_allergen_level" ON "product_allergens" USING btree ("allergen","level","product_id");--> statement-breakpoint
CREATE INDEX "product_food_storage" ON "product_food" USING btree ("storage");--> statement-breakpoint
CREATE INDEX "product_food_diets" ON "product_food" USING gin ("diets");--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_ean_unique" UNIQUE("ean");--> statement-breakpoint
-- Food information is part of the catalogue (what the product index matches and shows): every
-- change bumps the catalogue version, as products and variations do (migration 0004).
CREATE TRIGGER product_food_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_food" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER product_allergens_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_allergens" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

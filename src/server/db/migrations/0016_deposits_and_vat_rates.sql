CREATE TABLE "variation_deposits" (
	"variation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "variation_deposits_variation_id_kind_pk" PRIMARY KEY("variation_id","kind"),
	CONSTRAINT "variation_deposits_kind" CHECK ("variation_deposits"."kind" in ('bottle', 'can', 'crate', 'keg')),
	CONSTRAINT "variation_deposits_amount" CHECK ("variation_deposits"."amount_cents" > 0),
	CONSTRAINT "variation_deposits_quantity" CHECK ("variation_deposits"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"vat_class" text NOT NULL,
	"valid_from" date NOT NULL,
	"rate" integer NOT NULL,
	CONSTRAINT "vat_rates_vat_class_valid_from_pk" PRIMARY KEY("vat_class","valid_from"),
	CONSTRAINT "vat_rates_class" CHECK ("vat_rates"."vat_class" in ('food', 'standard', 'none')),
	CONSTRAINT "vat_rates_rate" CHECK ("vat_rates"."rate" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "relations" ADD COLUMN "deposits_count_free_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_class" text DEFAULT 'food' NOT NULL;--> statement-breakpoint
ALTER TABLE "variation_deposits" ADD CONSTRAINT "variation_deposits_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 028: the rates as they are by law, and each product's rate becomes its class (9% food,
-- 21% standard, 0% none), so every current price and total stays what it was.
INSERT INTO "vat_rates" ("vat_class", "valid_from", "rate") VALUES ('food', '2019-01-01', 900), ('standard', '2012-10-01', 2100), ('none', '2000-01-01', 0);--> statement-breakpoint
UPDATE "products" SET "vat_class" = CASE "tax_rate" WHEN 2100 THEN 'standard' WHEN 0 THEN 'none' ELSE 'food' END WHERE "tax_rate" <> 900;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "tax_rate";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_class" CHECK ("products"."vat_class" in ('food', 'standard', 'none'));
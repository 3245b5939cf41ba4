CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"relation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "price_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"relation_id" integer,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"langcode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"quote_price_cents" integer NOT NULL,
	"standard_cost_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"markup_basis_points" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"unit_label" text DEFAULT 'st.' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"erp_id" text NOT NULL,
	"relation_id" integer NOT NULL,
	"label" text NOT NULL,
	"url" text,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "quotes_erp_id_unique" UNIQUE("erp_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_nl" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dutch'::regconfig, "products"."title_nl"), 'A') || setweight(to_tsvector('simple'::regconfig, "products"."title_nl"), 'A') || setweight(to_tsvector('dutch'::regconfig, "products"."description_nl"), 'B') || setweight(to_tsvector('dutch'::regconfig, "products"."specifications_nl"), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "products"."title_en"), 'A') || setweight(to_tsvector('simple'::regconfig, "products"."title_en"), 'A') || setweight(to_tsvector('english'::regconfig, "products"."description_en"), 'B') || setweight(to_tsvector('english'::regconfig, "products"."specifications_en"), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_relation_product" ON "favorites" USING btree ("relation_id","product_id");--> statement-breakpoint
CREATE INDEX "favorites_product" ON "favorites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_requests_user_product" ON "price_requests" USING btree ("user_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_lines_quote" ON "quote_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_lines_variation" ON "quote_lines" USING btree ("variation_id");--> statement-breakpoint
CREATE INDEX "quotes_relation" ON "quotes" USING btree ("relation_id");--> statement-breakpoint
CREATE INDEX "products_search_nl" ON "products" USING gin ("search_nl");--> statement-breakpoint
CREATE INDEX "products_search_en" ON "products" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "variations_sku_prefix" ON "variations" USING btree ("sku" text_pattern_ops);
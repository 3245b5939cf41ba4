CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"variation_id" integer,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"title" text,
	"sku" text,
	"unit_price_cents" integer,
	"total_cents" integer,
	"tax_rate" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"relation_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"order_number" text,
	"langcode" text DEFAULT 'nl' NOT NULL,
	"shipping_method_id" text,
	"payment_method_id" text,
	"delivery_address_id" integer,
	"req_dlv_date" date,
	"placed_at" timestamp with time zone,
	"mail" text,
	"billing_address" jsonb,
	"delivery_address" jsonb,
	"shipping_method_label" text,
	"payment_method_label" text,
	"subtotal_cents" integer,
	"adjustments" jsonb,
	"total_cents" integer,
	"payment_state" text,
	"confirmation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"label_nl" text NOT NULL,
	"label_en" text NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"label_nl" text NOT NULL,
	"label_en" text NOT NULL,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"franco" boolean DEFAULT true NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_address_id_delivery_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."delivery_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_variation" ON "order_items" USING btree ("order_id","variation_id");--> statement-breakpoint
CREATE INDEX "order_items_variation" ON "order_items" USING btree ("variation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_draft" ON "orders" USING btree ("user_id","relation_id") WHERE "orders"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "orders_user_placed" ON "orders" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_relation" ON "orders" USING btree ("relation_id");--> statement-breakpoint
-- The methods a new shop starts with; the wholesaler changes rates and labels in these tables.
INSERT INTO "shipping_methods" ("id", "label_nl", "label_en", "rate_cents", "franco", "weight") VALUES
  ('delivery', 'Bezorgen', 'Delivery', 1495, true, 0),
  ('pickup', 'Afhalen bij ons magazijn', 'Collect at our warehouse', 0, false, 1)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "payment_methods" ("id", "label_nl", "label_en", "online", "weight") VALUES
  ('ideal', 'iDEAL', 'iDEAL', true, 0),
  ('on_account', 'Op rekening', 'On account', false, 1)
  ON CONFLICT DO NOTHING;

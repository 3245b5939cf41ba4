CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"masquerade_from_user_id" integer,
	"system" text,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_masquerade_from_user_id_users_id_fk" FOREIGN KEY ("masquerade_from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state" CHECK ("orders"."state" in ('draft', 'payment_pending', 'placed', 'exported', 'confirmed', 'shipped', 'delivered', 'completed', 'canceled'));--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "from_state", "to_state", "event", "system", "reason")
SELECT "id", 'placed', 'exported', 'export', 'erp_export', 'numbered for the ERP before migration 0027' FROM "orders" WHERE "state" = 'placed' AND "erp_export_seq" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "state" = 'exported' WHERE "state" = 'placed' AND "erp_export_seq" IS NOT NULL;

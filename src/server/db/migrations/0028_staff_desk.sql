CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"masquerade_from_user_id" integer,
	"masquerade_from_name" text,
	"system" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"relation_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"started_by" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"new_count" integer DEFAULT 0 NOT NULL,
	"changed_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"result" text DEFAULT 'running' NOT NULL,
	"failure" text,
	"line_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "import_runs_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "price_requests" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_requests" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "price_requests" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "price_requests" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "finance_check" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "finance_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_relation" ON "audit_log" USING btree ("relation_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_user" ON "audit_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "import_runs_started" ON "import_runs" USING btree ("started_at","id");--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_requests_open" ON "price_requests" USING btree ("created_at","id") WHERE "price_requests"."state" = 'open';--> statement-breakpoint
CREATE INDEX "orders_board" ON "orders" USING btree ("req_dlv_date","placed_at","id") WHERE "orders"."placed_at" is not null;--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
UPDATE "users" SET "roles" = array_append("roles", 'staff_admin') WHERE 'staff' = ANY("roles") AND NOT ('staff_admin' = ANY("roles"));

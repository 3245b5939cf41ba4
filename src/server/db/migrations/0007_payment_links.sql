CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"relation_id" integer NOT NULL,
	"created_by" integer,
	"invoice_ids" jsonb NOT NULL,
	"langcode" text DEFAULT 'nl' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "link_id" integer;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_relation" ON "payment_links" USING btree ("relation_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;
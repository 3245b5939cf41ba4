CREATE TABLE "flood_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"identifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "masquerade_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"customer_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "masquerade_log" ADD CONSTRAINT "masquerade_log_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masquerade_log" ADD CONSTRAINT "masquerade_log_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flood_events_lookup" ON "flood_events" USING btree ("event","identifier","created_at");--> statement-breakpoint
CREATE INDEX "flood_events_expires" ON "flood_events" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "masquerade_log_staff" ON "masquerade_log" USING btree ("staff_user_id","at");
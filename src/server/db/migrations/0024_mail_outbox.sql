CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "orders_confirmation_unsent";--> statement-breakpoint
CREATE INDEX "mail_outbox_waiting" ON "mail_outbox" USING btree ("created_at","id") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_failed" ON "mail_outbox" USING btree ("failed_at") WHERE "mail_outbox"."failed_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "confirmation_sent_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "confirmation_attempt_at";--> statement-breakpoint
ALTER TABLE "food_change_mails" DROP COLUMN "attempted_at";
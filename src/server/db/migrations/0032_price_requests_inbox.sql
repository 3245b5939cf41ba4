ALTER TABLE "price_requests" RENAME COLUMN "decline_message" TO "answer_message";--> statement-breakpoint
UPDATE "price_requests" SET "state" = 'quoted' WHERE "state" = 'answered';--> statement-breakpoint
UPDATE "price_requests" SET "answered_at" = "created_at" WHERE "state" <> 'open' AND "answered_at" IS NULL;--> statement-breakpoint
UPDATE "price_requests" SET "answered_at" = NULL WHERE "state" = 'open' AND "answered_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "price_requests_answered" ON "price_requests" USING btree ("answered_at","id") WHERE "price_requests"."state" <> 'open';--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_state" CHECK ("price_requests"."state" in ('open', 'quoted', 'declined'));--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_answer" CHECK (("price_requests"."state" = 'open') = ("price_requests"."answered_at" is null));

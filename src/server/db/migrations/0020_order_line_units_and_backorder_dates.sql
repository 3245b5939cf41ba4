ALTER TABLE "order_items" ADD COLUMN "backorder_expected_date" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sales_unit" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_content_nl" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_content_en" text;
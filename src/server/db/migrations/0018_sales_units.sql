ALTER TABLE "variations" ADD COLUMN "sales_unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "unit_content_nl" text;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "unit_content_en" text;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "pieces_per_unit" integer;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_sales_unit" CHECK (sales_unit in ('piece', 'pack', 'case', 'crate', 'tray', 'bag', 'bottle', 'can', 'jar', 'bucket', 'kg', 'litre'));--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_pieces_per_unit" CHECK ("variations"."pieces_per_unit" is null or "variations"."pieces_per_unit" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_order_multiple" CHECK ("variations"."order_multiple" between 1 and 1000);
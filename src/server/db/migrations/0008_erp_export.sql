CREATE SEQUENCE "public"."erp_export_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_export_seq" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_erp_export_seq" ON "orders" USING btree ("erp_export_seq");--> statement-breakpoint
CREATE INDEX "orders_erp_unexported" ON "orders" USING btree ("placed_at","id") WHERE "orders"."placed_at" is not null and "orders"."erp_export_seq" is null;
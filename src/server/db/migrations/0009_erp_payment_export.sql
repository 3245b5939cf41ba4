CREATE SEQUENCE "public"."erp_payment_export_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "erp_export_seq" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_erp_export_seq" ON "payments" USING btree ("erp_export_seq");--> statement-breakpoint
CREATE INDEX "payments_erp_unexported" ON "payments" USING btree ("applied_at","id") WHERE "payments"."status" = 'paid' and "payments"."applied_at" is not null and "payments"."erp_export_seq" is null;
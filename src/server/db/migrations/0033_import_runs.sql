CREATE TABLE "import_run_errors" (
	"run_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"line" integer NOT NULL,
	"field" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "import_run_errors_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "format" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "deactivate_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "took_ms" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "deactivated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "import_run_errors" ADD CONSTRAINT "import_run_errors_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_kind" ON "import_runs" USING btree ("kind","id");
--> statement-breakpoint
ALTER TABLE "import_runs" DROP COLUMN "line_errors";
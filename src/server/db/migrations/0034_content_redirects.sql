CREATE TABLE "not_found_paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"referrer_host" text,
	CONSTRAINT "not_found_paths_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_page_id" integer,
	"to_path" text,
	"status" integer DEFAULT 301 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_one_target" CHECK (("redirects"."to_page_id" is null) <> ("redirects"."to_path" is null)),
	CONSTRAINT "redirects_status" CHECK ("redirects"."status" in (301, 302))
);
--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_to_page_id_content_pages_id_fk" FOREIGN KEY ("to_page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_path" ON "redirects" USING btree ("from_path");
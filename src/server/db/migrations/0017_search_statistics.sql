CREATE TABLE "search_statistics" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty_searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_statistics_day_term_pk" PRIMARY KEY("day","term")
);

CREATE TABLE "search_statistics_searchers" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searcher" bigint NOT NULL,
	CONSTRAINT "search_statistics_searchers_day_term_searcher_pk" PRIMARY KEY("day","term","searcher")
);

CREATE TABLE "edgar_companies" (
	"cik" integer PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edgar_filings" (
	"accession" text PRIMARY KEY NOT NULL,
	"cik" integer NOT NULL,
	"form" text NOT NULL,
	"filed_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"outcome" text,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "edgar_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"filings_listed" integer DEFAULT 0 NOT NULL,
	"filings_done" integer DEFAULT 0 NOT NULL,
	"records_added" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE INDEX "edgar_filings_pending_idx" ON "edgar_filings" USING btree ("filed_on","accession") WHERE "edgar_filings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "edgar_sync_runs_started_idx" ON "edgar_sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "edgar_sync_runs_running_idx" ON "edgar_sync_runs" USING btree ("status") WHERE "edgar_sync_runs"."status" = 'running';
CREATE TABLE "cusip_symbols" (
	"cusip" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutional_filings" (
	"accession" text PRIMARY KEY NOT NULL,
	"manager_cik" integer NOT NULL,
	"manager_name" text NOT NULL,
	"report_period" date NOT NULL,
	"form" text NOT NULL,
	"amendment_type" text,
	"filed_on" date NOT NULL,
	"in_force" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'loaded' NOT NULL,
	"value_multiplier" double precision DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"import_run" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form13f_data_set_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'loading' NOT NULL,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form13f_queue" (
	"accession" text PRIMARY KEY NOT NULL,
	"manager_cik" integer NOT NULL,
	"form" text NOT NULL,
	"filed_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"outcome" text,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "institutional_holdings_symbol_idx";--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "manager_cik" integer;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "report_period" date;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "cusip" text;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "accession" text;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "put_call" text;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "investment_discretion" text;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD COLUMN "loading_run" integer;--> statement-breakpoint
ALTER TABLE "cusip_symbols" ADD CONSTRAINT "cusip_symbols_symbol_companies_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institutional_filings_manager_idx" ON "institutional_filings" USING btree ("manager_cik","report_period");--> statement-breakpoint
CREATE INDEX "institutional_filings_period_idx" ON "institutional_filings" USING btree ("report_period") WHERE "institutional_filings"."in_force";--> statement-breakpoint
CREATE INDEX "institutional_filings_run_idx" ON "institutional_filings" USING btree ("import_run") WHERE "institutional_filings"."import_run" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "form13f_data_set_runs_loading_idx" ON "form13f_data_set_runs" USING btree ("fingerprint") WHERE "form13f_data_set_runs"."status" = 'loading';--> statement-breakpoint
CREATE INDEX "form13f_queue_pending_idx" ON "form13f_queue" USING btree ("filed_on","accession") WHERE "form13f_queue"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "institutional_holdings_period_idx" ON "institutional_holdings" USING btree ("company_symbol","report_period");--> statement-breakpoint
CREATE UNIQUE INDEX "institutional_holdings_holding_idx" ON "institutional_holdings" USING btree ("accession","cusip",coalesce("put_call", 'SH'));
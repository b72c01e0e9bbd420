CREATE TABLE "company_financials" (
	"company_symbol" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"facts_digest" text,
	"record" jsonb NOT NULL,
	"currency" text,
	"as_of" date,
	"revenue_ttm" double precision,
	"revenue_growth" double precision,
	"net_margin" double precision,
	"cash" double precision,
	"runway_quarters" double precision,
	"debt_to_equity" double precision,
	"equity" double precision,
	"shares_growth_1y" double precision,
	"shares_growth_3y" double precision,
	"latest_filing" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cik" integer
);
--> statement-breakpoint
ALTER TABLE "edgar_companies" ADD COLUMN "facts_etag" text;--> statement-breakpoint
ALTER TABLE "edgar_companies" ADD COLUMN "facts_last_modified" text;--> statement-breakpoint
ALTER TABLE "edgar_companies" ADD COLUMN "facts_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_financials" ADD CONSTRAINT "company_financials_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;
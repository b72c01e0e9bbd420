CREATE TABLE "analyst_consensus" (
	"company_symbol" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"period" date NOT NULL,
	"strong_buy" smallint NOT NULL,
	"buy" smallint NOT NULL,
	"hold" smallint NOT NULL,
	"sell" smallint NOT NULL,
	"strong_sell" smallint NOT NULL,
	"target_mean" double precision,
	"target_median" double precision,
	"target_high" double precision,
	"target_low" double precision,
	"target_analysts" smallint,
	"target_updated_on" date,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyst_report_files" (
	"company_symbol" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_officers" (
	"company_symbol" text NOT NULL,
	"owner_cik" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"is_director" boolean NOT NULL,
	"is_officer" boolean NOT NULL,
	"first_filed" date NOT NULL,
	"last_filed" date NOT NULL,
	"last_accession" text,
	CONSTRAINT "company_officers_company_symbol_owner_cik_pk" PRIMARY KEY("company_symbol","owner_cik")
);
--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "symbol" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "exchange" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "sector" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "price_low" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "price_high" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "shares_offered" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "expected_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ALTER COLUMN "lead_underwriter" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "accession" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "filed_on" date;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "filing_url" text;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "cik" integer;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "filed_on" date;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "priced_on" date;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "listed_on" date;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "offer_price" double precision;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "filings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "corrections" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ipos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_consensus" ADD CONSTRAINT "analyst_consensus_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyst_report_files" ADD CONSTRAINT "analyst_report_files_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_officers" ADD CONSTRAINT "company_officers_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ipos_cik_idx" ON "ipos" USING btree ("cik") WHERE "ipos"."cik" is not null;--> statement-breakpoint
INSERT INTO "company_officers" ("company_symbol", "owner_cik", "name", "title", "is_director", "is_officer", "first_filed", "last_filed", "last_accession")
SELECT "company_symbol", "owner_cik", "purchaser", CASE WHEN "is_officer" THEN "title" ELSE 'Director' END, "is_director", "is_officer", "first_filed", "last_filed", "accession"
FROM (
  SELECT *, "title" ~ '(^|, )Director(,|$)' AS "is_director",
    "rest" <> '' AND "rest" <> 'Other' AND "rest" !~* '(remarks|former|group|member|13\(d\)|trust|fund)' AS "is_officer"
  FROM (
    SELECT *, trim(BOTH ', ' FROM regexp_replace("title", '(^|, )Director(?=,|$)', '', 'g')) AS "rest"
    FROM (
      SELECT "company_symbol", "owner_cik", "purchaser", "accession",
        trim(BOTH ', ' FROM regexp_replace("relationship", '(^|, )10% owner', '', 'g')) AS "title",
        min(coalesce("filed_on", "date_of_purchase")) OVER w AS "first_filed",
        max(coalesce("filed_on", "date_of_purchase")) OVER w AS "last_filed",
        row_number() OVER (PARTITION BY "company_symbol", "owner_cik" ORDER BY coalesce("filed_on", "date_of_purchase") DESC, "id" DESC) AS "n"
      FROM "insider_transactions"
      WHERE "owner_cik" IS NOT NULL AND "relationship" IS NOT NULL
      WINDOW w AS (PARTITION BY "company_symbol", "owner_cik")
    ) AS "latest"
    WHERE "n" = 1
  ) AS "titled"
) AS "roles"
WHERE "is_director" OR "is_officer";

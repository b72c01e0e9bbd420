CREATE TABLE "ipos" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"sector" text NOT NULL,
	"price_low" double precision NOT NULL,
	"price_high" double precision NOT NULL,
	"shares_offered" bigint NOT NULL,
	"expected_date" date NOT NULL,
	"status" text NOT NULL,
	"lead_underwriter" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ipos_company_name_idx" ON "ipos" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "ipos_expected_date_idx" ON "ipos" USING btree ("expected_date");
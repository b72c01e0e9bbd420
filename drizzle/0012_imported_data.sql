ALTER TABLE "companies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cik" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "prices_as_of" date;--> statement-breakpoint
CREATE INDEX "companies_cik_idx" ON "companies" USING btree ("cik");
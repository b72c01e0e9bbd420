ALTER TABLE "news" ADD COLUMN "kind" text DEFAULT 'editorial' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "accession" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "filing_form" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "filing_items" text[];--> statement-breakpoint
CREATE UNIQUE INDEX "news_accession_idx" ON "news" USING btree ("accession");
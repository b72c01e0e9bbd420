ALTER TABLE "insider_transactions" ADD COLUMN "owner_cik" integer;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "relationship" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "price" double precision;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "acquired_disposed" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "shares_after" bigint;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "ownership" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "nature_of_ownership" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "trading_plan" boolean;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "security" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "derivative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "accession" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "row_key" text;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD COLUMN "filed_on" date;--> statement-breakpoint
CREATE UNIQUE INDEX "insider_transactions_row_key_idx" ON "insider_transactions" USING btree ("row_key");--> statement-breakpoint
CREATE INDEX "insider_transactions_accession_idx" ON "insider_transactions" USING btree ("accession");
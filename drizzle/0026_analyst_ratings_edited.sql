ALTER TABLE "analyst_ratings" ALTER COLUMN "analyst_rank" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_ratings" ALTER COLUMN "success_rate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_ratings" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_ratings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_ratings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "analyst_ratings" SET "source" = 'demo' WHERE "company_symbol" IN (SELECT "symbol" FROM "companies" WHERE "data_source" = 'demo');

CREATE TABLE "source_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"items_read" integer DEFAULT 0 NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"records_added" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "trial_sponsor_aliases" (
	"company_symbol" text NOT NULL,
	"alias" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_sponsor_aliases_company_symbol_alias_pk" PRIMARY KEY("company_symbol","alias")
);
--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "nct_id" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "why_stopped" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "start_date" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "completion_date" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "sponsor_role" text;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD COLUMN "registry_updated_on" date;--> statement-breakpoint
ALTER TABLE "trial_sponsor_aliases" ADD CONSTRAINT "trial_sponsor_aliases_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "source_runs_started_idx" ON "source_runs" USING btree ("source","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "source_runs_running_idx" ON "source_runs" USING btree ("source") WHERE "source_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "trial_sponsor_aliases_alias_idx" ON "trial_sponsor_aliases" USING btree ("alias");--> statement-breakpoint
CREATE UNIQUE INDEX "bio_phases_trial_idx" ON "bio_phases" USING btree ("company_symbol","nct_id") WHERE "bio_phases"."nct_id" is not null;
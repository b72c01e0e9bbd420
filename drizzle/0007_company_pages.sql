CREATE TABLE "analyst_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_symbol" text NOT NULL,
	"analyst_name" text NOT NULL,
	"firm_name" text NOT NULL,
	"recommendation" text NOT NULL,
	"recommendation_date" date NOT NULL,
	"price_target" double precision,
	"analyst_rank" integer NOT NULL,
	"success_rate" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bio_phases" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_symbol" text NOT NULL,
	"stage" text NOT NULL,
	"drug_name" text NOT NULL,
	"date" date,
	"raw_text_link" text
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"company_symbol" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"contract" text,
	"disclosure" text,
	"assigned_specialist_id" integer,
	"topic_arn" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_landing_pages" (
	"company_symbol" text PRIMARY KEY NOT NULL,
	"title" text,
	"seo" text,
	"subtitle" text,
	"overview" text,
	"valueprop_title" text,
	"value_prop" text,
	"investment_highlights" text,
	"highlights" text,
	"presentation" text,
	"presentation_title" text,
	"extra_title" text,
	"extra_info" text,
	"extra_title_two" text,
	"extra_info_two" text,
	"jumbo_video" text,
	"jumbotron_gradient_opacity" double precision,
	"jumbotron_title_color" text,
	"jumbotron_subtitle_color" text,
	"letter" text,
	"askceo_title" text,
	"custom_style" text,
	"website_url" text,
	"podcast_link" text,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_leaders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_symbol" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"headshot_url" text,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_profiles" (
	"symbol" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"website_url" text,
	"headquarters" text,
	"employees" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_events" (
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_events_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "insider_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_symbol" text NOT NULL,
	"purchaser" text NOT NULL,
	"amount_purchased" bigint NOT NULL,
	"date_of_purchase" date NOT NULL,
	"is_buy" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutional_holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_symbol" text NOT NULL,
	"institution_name" text NOT NULL,
	"shares_held_percentage" double precision NOT NULL,
	"shares_held" bigint NOT NULL,
	"market_value" double precision NOT NULL,
	"filing_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sec_filings" (
	"accession_key" text PRIMARY KEY NOT NULL,
	"company_symbol" text NOT NULL,
	"filing_type" text NOT NULL,
	"description" text NOT NULL,
	"raw_text_link" text NOT NULL,
	"document_count" smallint NOT NULL,
	"date_as_of_change" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_ratings" ADD CONSTRAINT "analyst_ratings_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_phases" ADD CONSTRAINT "bio_phases_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_assigned_specialist_id_specialists_id_fk" FOREIGN KEY ("assigned_specialist_id") REFERENCES "public"."specialists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_landing_pages" ADD CONSTRAINT "company_landing_pages_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_leaders" ADD CONSTRAINT "company_leaders_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_symbol_companies_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_events" ADD CONSTRAINT "favorite_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_events" ADD CONSTRAINT "favorite_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD CONSTRAINT "insider_transactions_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutional_holdings" ADD CONSTRAINT "institutional_holdings_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_filings" ADD CONSTRAINT "sec_filings_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyst_ratings_symbol_idx" ON "analyst_ratings" USING btree ("company_symbol","recommendation_date");--> statement-breakpoint
CREATE INDEX "bio_phases_symbol_idx" ON "bio_phases" USING btree ("company_symbol");--> statement-breakpoint
CREATE INDEX "company_leaders_symbol_idx" ON "company_leaders" USING btree ("company_symbol","sort_order");--> statement-breakpoint
CREATE INDEX "insider_transactions_symbol_idx" ON "insider_transactions" USING btree ("company_symbol","date_of_purchase");--> statement-breakpoint
CREATE INDEX "institutional_holdings_symbol_idx" ON "institutional_holdings" USING btree ("company_symbol","shares_held");--> statement-breakpoint
CREATE INDEX "sec_filings_symbol_date_idx" ON "sec_filings" USING btree ("company_symbol","date_as_of_change");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_id_idx" ON "companies" USING btree ("id");
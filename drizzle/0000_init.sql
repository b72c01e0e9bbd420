CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sic_code" smallint NOT NULL,
	"sector_name" text NOT NULL,
	"industry" text NOT NULL,
	"market" text NOT NULL,
	"country" text NOT NULL,
	"ipo_year" smallint,
	"logo" text,
	"is_client" boolean DEFAULT false NOT NULL,
	"last_sale" double precision,
	"pre_close" double precision,
	"open" double precision,
	"day_high" double precision,
	"day_low" double precision,
	"net_change" double precision,
	"change_pre" double precision,
	"volume" bigint,
	"volume_avg" bigint,
	"market_cap" double precision,
	"week52_low" double precision,
	"week52_high" double precision,
	"shares_outstanding" bigint,
	"float_shares" bigint,
	"free_float" double precision,
	"latest_rsi" double precision,
	"latest_ema" double precision,
	"latest_sma" double precision,
	"latest_macd" double precision,
	"institutional_buying" double precision,
	"institutional_ownership" double precision,
	"year_over_year_revenue" double precision,
	"quarter_over_quarter_revenue" double precision,
	"bio_phase_pipelines" text,
	"insider_ownership_percent" double precision,
	"insider_transactions" integer,
	"price_target" double precision,
	"high_price_target" double precision,
	"low_price_target" double precision,
	"price_target_upside" double precision,
	"buy_ratings" smallint DEFAULT 0 NOT NULL,
	"hold_ratings" smallint DEFAULT 0 NOT NULL,
	"sell_ratings" smallint DEFAULT 0 NOT NULL,
	"total_analysts" smallint DEFAULT 0 NOT NULL,
	"quote_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_prices" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "daily_prices_symbol_date_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE TABLE "email_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text DEFAULT 'site' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_prices" (
	"index_symbol" text NOT NULL,
	"date" date NOT NULL,
	"close" double precision NOT NULL,
	CONSTRAINT "index_prices_index_symbol_date_pk" PRIMARY KEY("index_symbol","date")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"sic_code" smallint PRIMARY KEY NOT NULL,
	"sector" text NOT NULL,
	"subdivision" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_indices" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "companies_sic_code_idx" ON "companies" USING btree ("sic_code");--> statement-breakpoint
CREATE INDEX "companies_market_cap_idx" ON "companies" USING btree ("market_cap");--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_email_lower_idx" ON "email_subscriptions" USING btree (lower("email"));
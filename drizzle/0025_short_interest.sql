CREATE TABLE "short_interest" (
	"symbol" text NOT NULL,
	"settlement_date" date NOT NULL,
	"short_position" bigint NOT NULL,
	"previous_position" bigint,
	"average_daily_volume" bigint,
	"days_to_cover" double precision,
	"split" boolean DEFAULT false NOT NULL,
	"revised" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "short_interest_symbol_settlement_date_pk" PRIMARY KEY("symbol","settlement_date")
);
--> statement-breakpoint
CREATE TABLE "short_interest_reports" (
	"settlement_date" date PRIMARY KEY NOT NULL,
	"file" text NOT NULL,
	"rows" integer NOT NULL,
	"matched" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_interest" ADD CONSTRAINT "short_interest_symbol_companies_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "short_interest_settlement_idx" ON "short_interest" USING btree ("settlement_date");
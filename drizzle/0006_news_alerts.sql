CREATE TABLE "news_alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"company_symbol" text NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_alert_subscriptions" ADD CONSTRAINT "news_alert_subscriptions_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_alert_email_symbol_idx" ON "news_alert_subscriptions" USING btree (lower("email"),"company_symbol");
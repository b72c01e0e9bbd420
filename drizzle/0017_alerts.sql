CREATE TABLE "alert_company_rules" (
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"kinds" text[] NOT NULL,
	"price_threshold" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_company_rules_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "alert_screen_members" (
	"query" text PRIMARY KEY NOT NULL,
	"members" text[] NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kinds" text[] NOT NULL,
	"price_threshold" smallint NOT NULL,
	"email" text NOT NULL,
	"digest_hour" smallint NOT NULL,
	"sms" boolean NOT NULL,
	"sms_kinds" text[] NOT NULL,
	"push" boolean NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"last_digest_on" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cause_key" text NOT NULL,
	"symbol" text,
	"screen_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"delivery" text DEFAULT 'pending' NOT NULL,
	"deliver_after" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "saved_screens" ADD COLUMN "alert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_screens" ADD COLUMN "alert_noted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_company_rules" ADD CONSTRAINT "alert_company_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_company_rules" ADD CONSTRAINT "alert_company_rules_symbol_companies_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."companies"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_once_idx" ON "alerts" USING btree ("user_id","kind","cause_key");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "alerts_unread_idx" ON "alerts" USING btree ("user_id") WHERE "alerts"."read_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_delivery_idx" ON "alerts" USING btree ("delivery","id") WHERE "alerts"."delivery" <> 'done';--> statement-breakpoint
CREATE INDEX "alerts_digest_idx" ON "alerts" USING btree ("user_id","id") WHERE "alerts"."delivery" = 'digest';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "favorite_companies_symbol_idx" ON "favorite_companies" USING btree ("symbol","user_id");--> statement-breakpoint
CREATE INDEX "saved_screens_alert_idx" ON "saved_screens" USING btree ("id") WHERE "saved_screens"."alert";--> statement-breakpoint
CREATE INDEX "saved_screens_updated_idx" ON "saved_screens" USING btree ("updated_at");
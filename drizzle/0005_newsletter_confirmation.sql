ALTER TABLE "email_subscriptions" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;
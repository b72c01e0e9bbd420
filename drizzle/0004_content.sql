CREATE TABLE "content_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"op" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"company_symbol" text,
	"upcoming_date" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"archive_url" text,
	"zoom_url" text,
	"form_url" text,
	"zoom_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_news" (
	"user_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_news_user_id_news_id_pk" PRIMARY KEY("user_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_videos" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_videos_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"published_at" timestamp with time zone NOT NULL,
	"company_symbol" text,
	"source" text,
	"url" text,
	"rc_newsletter" boolean DEFAULT false NOT NULL,
	"newsletter_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"youtube_id" text NOT NULL,
	"thumbnail_url" text,
	"type" text NOT NULL,
	"published" timestamp with time zone,
	"company_symbol" text,
	"sic_code" smallint,
	"exclusive" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"thirtysecs" boolean DEFAULT false NOT NULL,
	"video_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_news" ADD CONSTRAINT "favorite_news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_news" ADD CONSTRAINT "favorite_news_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_videos" ADD CONSTRAINT "favorite_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_videos" ADD CONSTRAINT "favorite_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_company_symbol_companies_symbol_fk" FOREIGN KEY ("company_symbol") REFERENCES "public"."companies"("symbol") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_changes_entity_idx" ON "content_changes" USING btree ("kind","entity_id");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("upcoming_date");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "news_company_idx" ON "news" USING btree ("company_symbol","published_at");--> statement-breakpoint
CREATE INDEX "news_newsletter_idx" ON "news" USING btree ("rc_newsletter","published_at");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published","id");--> statement-breakpoint
CREATE INDEX "videos_company_idx" ON "videos" USING btree ("company_symbol");--> statement-breakpoint
CREATE INDEX "videos_sic_idx" ON "videos" USING btree ("sic_code");
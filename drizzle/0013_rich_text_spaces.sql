-- Rich text saved before its words were spaced with ordinary spaces (the editor wrote every space as a
-- non-breaking one, and a paragraph of them breaks anywhere): the non-breaking spaces between words become
-- ordinary ones, as the sanitizer now makes them (src/lib/html-policy.ts spaceWords); those that begin a
-- line (an indent, an empty paragraph) stay. Each repaired record is announced as a content change, so
-- its pages are built again. Running it again changes nothing.
CREATE FUNCTION "rich_text_spaces"(html text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  nbsp constant text := '(?:&nbsp;|&#160;|&#x0*a0;|\u00a0)';
  held constant text := chr(57344);
  line_start constant text :=
    '(?:^|<(?:p|div|li|h[1-6]|blockquote|td|th|pre|figcaption|caption)(?:\s[^>]*)?>|<br(?:\s[^>]*)?/?>)';
  inline_starts constant text :=
    '(?:<(?:a|abbr|b|cite|code|del|em|i|ins|mark|q|s|small|span|strong|sub|sup|u)(?:\s[^>]*)?>)*';
  leading_space constant text := '(?:[ \t\n\f\r]|' || held || ')*';
  result text := html;
  previous text;
BEGIN
  IF html IS NULL OR html !~* nbsp THEN
    RETURN html;
  END IF;
  -- Those at the start of a line are held aside, one more of each run a pass.
  LOOP
    previous := result;
    result := regexp_replace(result, '(' || line_start || inline_starts || leading_space || ')' || nbsp, '\1' || held, 'gi');
    EXIT WHEN result = previous;
  END LOOP;
  -- The others, in text (not inside a tag), become ordinary spaces.
  result := regexp_replace(result, nbsp || '(?=[^<>]*(?:<|$))', ' ', 'gi');
  RETURN replace(result, held, '&nbsp;');
END
$$;
--> statement-breakpoint
WITH "changed" AS (
  UPDATE "news"
  SET "description" = rich_text_spaces("description"), "summary" = rich_text_spaces("summary")
  WHERE "description" IS DISTINCT FROM rich_text_spaces("description")
    OR "summary" IS DISTINCT FROM rich_text_spaces("summary")
  RETURNING "id"
)
INSERT INTO "content_changes" ("kind", "entity_id", "op") SELECT 'news', "id", 'upsert' FROM "changed";
--> statement-breakpoint
WITH "changed" AS (
  UPDATE "company_landing_pages"
  SET
    "overview" = rich_text_spaces("overview"),
    "value_prop" = rich_text_spaces("value_prop"),
    "investment_highlights" = rich_text_spaces("investment_highlights"),
    "highlights" = rich_text_spaces("highlights"),
    "extra_info" = rich_text_spaces("extra_info"),
    "extra_info_two" = rich_text_spaces("extra_info_two"),
    "letter" = rich_text_spaces("letter")
  WHERE "overview" IS DISTINCT FROM rich_text_spaces("overview")
    OR "value_prop" IS DISTINCT FROM rich_text_spaces("value_prop")
    OR "investment_highlights" IS DISTINCT FROM rich_text_spaces("investment_highlights")
    OR "highlights" IS DISTINCT FROM rich_text_spaces("highlights")
    OR "extra_info" IS DISTINCT FROM rich_text_spaces("extra_info")
    OR "extra_info_two" IS DISTINCT FROM rich_text_spaces("extra_info_two")
    OR "letter" IS DISTINCT FROM rich_text_spaces("letter")
  RETURNING "company_symbol"
)
INSERT INTO "content_changes" ("kind", "entity_id", "op")
SELECT 'company', "companies"."id", 'upsert' FROM "changed" JOIN "companies" ON "companies"."symbol" = "changed"."company_symbol";
--> statement-breakpoint
WITH "changed" AS (
  UPDATE "company_leaders"
  SET "description" = rich_text_spaces("description")
  WHERE "description" IS DISTINCT FROM rich_text_spaces("description")
  RETURNING "company_symbol"
)
INSERT INTO "content_changes" ("kind", "entity_id", "op")
SELECT DISTINCT 'company', "companies"."id", 'upsert' FROM "changed" JOIN "companies" ON "companies"."symbol" = "changed"."company_symbol";
--> statement-breakpoint
WITH "changed" AS (
  UPDATE "clients"
  SET "disclosure" = rich_text_spaces("disclosure")
  WHERE "disclosure" IS DISTINCT FROM rich_text_spaces("disclosure")
  RETURNING "company_symbol"
)
INSERT INTO "content_changes" ("kind", "entity_id", "op")
SELECT 'company', "companies"."id", 'upsert' FROM "changed" JOIN "companies" ON "companies"."symbol" = "changed"."company_symbol";
--> statement-breakpoint
DROP FUNCTION "rich_text_spaces"(text);

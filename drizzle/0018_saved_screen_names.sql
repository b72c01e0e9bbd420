-- Saved screen names are kept composed (NFC), so one name typed two ways is one name (src/lib/names.ts).
-- Names saved before are composed here, unless the reader already has a screen of the composed name
-- (that one keeps its name as it was). Running it again changes nothing.
UPDATE "saved_screens" AS s
SET "name" = normalize(s."name", NFC)
WHERE s."name" IS NOT NFC NORMALIZED
  AND NOT EXISTS (
    SELECT 1 FROM "saved_screens" AS o
    WHERE o."user_id" = s."user_id" AND o."id" <> s."id" AND lower(o."name") = lower(normalize(s."name", NFC))
  );

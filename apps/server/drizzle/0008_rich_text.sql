ALTER TABLE "categories" ALTER COLUMN "description" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "recommendations" ALTER COLUMN "description" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "description" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "name" varchar(200);--> statement-breakpoint
CREATE INDEX "uploads_kind_created_idx" ON "uploads" USING btree ("kind","created_at");--> statement-breakpoint
-- Descriptions and text-activity bodies are rich text (HTML) from now on. Every row written before is plain text
-- (even one that starts with "<": it was never sanitised, so it must not become live markup): each becomes HTML
-- as plainToRichText (packages/shared/src/rich-text.ts) makes it: & < > escaped, one <p> per non-empty line.
UPDATE "categories" SET "description" = (
  SELECT coalesce(string_agg('<p>' || replace(replace(replace(line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n), '')
  FROM (
    SELECT regexp_replace(part, '^[[:space:]]+|[[:space:]]+$', '', 'g') AS line, n
    FROM regexp_split_to_table("categories"."description", E'\r?\n') WITH ORDINALITY AS parts(part, n)
  ) AS lines
  WHERE line <> ''
);
--> statement-breakpoint
UPDATE "recommendations" SET "description" = (
  SELECT coalesce(string_agg('<p>' || replace(replace(replace(line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n), '')
  FROM (
    SELECT regexp_replace(part, '^[[:space:]]+|[[:space:]]+$', '', 'g') AS line, n
    FROM regexp_split_to_table("recommendations"."description", E'\r?\n') WITH ORDINALITY AS parts(part, n)
  ) AS lines
  WHERE line <> ''
);
--> statement-breakpoint
UPDATE "activities" SET "description" = (
  SELECT coalesce(string_agg('<p>' || replace(replace(replace(line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n), '')
  FROM (
    SELECT regexp_replace(part, '^[[:space:]]+|[[:space:]]+$', '', 'g') AS line, n
    FROM regexp_split_to_table("activities"."description", E'\r?\n') WITH ORDINALITY AS parts(part, n)
  ) AS lines
  WHERE line <> ''
);
--> statement-breakpoint
UPDATE "activities" SET "body" = (
  SELECT coalesce(string_agg('<p>' || replace(replace(replace(line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n), '')
  FROM (
    SELECT regexp_replace(part, '^[[:space:]]+|[[:space:]]+$', '', 'g') AS line, n
    FROM regexp_split_to_table("activities"."body", E'\r?\n') WITH ORDINALITY AS parts(part, n)
  ) AS lines
  WHERE line <> ''
)
WHERE "body" IS NOT NULL;

CREATE TABLE "rich_text_uploads" (
	"upload_id" uuid NOT NULL,
	"owner_type" varchar(32) NOT NULL,
	"owner_id" integer NOT NULL,
	"clinic_id" text,
	CONSTRAINT "rich_text_uploads_upload_id_owner_type_owner_id_pk" PRIMARY KEY("upload_id","owner_type","owner_id"),
	CONSTRAINT "rich_text_uploads_owner_type_check" CHECK ("rich_text_uploads"."owner_type" in ('category', 'recommendation', 'activity'))
);
--> statement-breakpoint
ALTER TABLE "rich_text_uploads" ADD CONSTRAINT "rich_text_uploads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_text_uploads" ADD CONSTRAINT "rich_text_uploads_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_text_uploads_owner_idx" ON "rich_text_uploads" USING btree ("owner_type","owner_id");--> statement-breakpoint
-- Backfill: images already placed in rich text (databases that ran 0008 with the editor) get their references, as
-- syncRichTextUploads (src/platform/rich-text.ts) records them: the distinct uploads named by an <img src="/api/uploads/<id>">
-- of the sanitised HTML that exist, are images, and belong to the platform or to the row's own clinic (others are skipped).
INSERT INTO "rich_text_uploads" ("upload_id", "owner_type", "owner_id", "clinic_id")
SELECT DISTINCT u."id", 'category', c."id", c."clinic_id"
FROM "categories" c
CROSS JOIN LATERAL regexp_matches(c."description", '<img[^>]*\ssrc="/api/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"', 'gi') AS m(ids)
JOIN "uploads" u ON u."id" = lower(m.ids[1])::uuid
WHERE u."kind" = 'image' AND (u."clinic_id" IS NULL OR u."clinic_id" = c."clinic_id")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "rich_text_uploads" ("upload_id", "owner_type", "owner_id", "clinic_id")
SELECT DISTINCT u."id", 'recommendation', r."id", r."clinic_id"
FROM "recommendations" r
CROSS JOIN LATERAL regexp_matches(r."description", '<img[^>]*\ssrc="/api/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"', 'gi') AS m(ids)
JOIN "uploads" u ON u."id" = lower(m.ids[1])::uuid
WHERE u."kind" = 'image' AND (u."clinic_id" IS NULL OR u."clinic_id" = r."clinic_id")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "rich_text_uploads" ("upload_id", "owner_type", "owner_id", "clinic_id")
SELECT DISTINCT u."id", 'activity', a."id", a."clinic_id"
FROM "activities" a
CROSS JOIN LATERAL (VALUES (a."description"), (a."body")) AS fields(html)
CROSS JOIN LATERAL regexp_matches(fields.html, '<img[^>]*\ssrc="/api/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"', 'gi') AS m(ids)
JOIN "uploads" u ON u."id" = lower(m.ids[1])::uuid
WHERE u."kind" = 'image' AND (u."clinic_id" IS NULL OR u."clinic_id" = a."clinic_id")
ON CONFLICT DO NOTHING;

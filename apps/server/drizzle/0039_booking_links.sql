ALTER TABLE "bookings" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rating_asked_at" timestamp with time zone;--> statement-breakpoint
-- A clinic takes its own bookings (issue 35): a database set up before the booking app existed grants its codenames to the clinic group (2), as a new one does on its first start (DEFAULT_GROUP_PERMISSIONS).
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT 2, "id" FROM "permissions" WHERE "module" = 'schedule' ON CONFLICT DO NOTHING;

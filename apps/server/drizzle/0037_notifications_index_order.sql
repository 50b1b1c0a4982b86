DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "notifications"."read_at" is null;
-- ILIKE '%text%' searches of the activities list use trigram indexes. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "activities_name_trgm_idx" ON "activities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activities_description_trgm_idx" ON "activities" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activities_name_id_idx" ON "activities" USING btree ("name","id");
DROP INDEX "activities_name_id_idx";--> statement-breakpoint
CREATE INDEX "activities_name_id_clinic_idx" ON "activities" USING btree ("name","id","clinic_id");
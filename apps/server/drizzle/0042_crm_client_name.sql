DROP INDEX "crm_clients_clinic_name_idx";--> statement-breakpoint
ALTER TABLE "crm_clients" ADD COLUMN "name" text GENERATED ALWAYS AS (coalesce(nullif(case when kind = 'person' then trim(first_name || ' ' || last_name) end, ''), organisation)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_clients_clinic_name_idx" ON "crm_clients" USING btree ("clinic_id",lower("name"),"id");
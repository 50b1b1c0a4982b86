CREATE TABLE "product_quote_counters" (
	"clinic_id" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer,
	"description" varchar(500) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "product_quote_lines_kind_check" CHECK ("product_quote_lines"."kind" in ('product', 'bundle', 'service', 'plan', 'free')),
	CONSTRAINT "product_quote_lines_money_check" CHECK ("product_quote_lines"."quantity" > 0 and "product_quote_lines"."unit_cents" >= 0 and "product_quote_lines"."discount_cents" >= 0 and "product_quote_lines"."discount_cents" <= "product_quote_lines"."quantity"::bigint * "product_quote_lines"."unit_cents" and "product_quote_lines"."total_cents" = "product_quote_lines"."quantity"::bigint * "product_quote_lines"."unit_cents" - "product_quote_lines"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "product_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"root_id" integer,
	"revision" smallint DEFAULT 1 NOT NULL,
	"number" varchar(24) NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"client_kind" varchar(8) NOT NULL,
	"patient_id" text,
	"crm_client_id" integer,
	"client_name" varchar(200) NOT NULL,
	"client_email" varchar(254) NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"terms_en" text DEFAULT '' NOT NULL,
	"terms_es" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" varchar(10) DEFAULT 'draft' NOT NULL,
	"token_hash" varchar(64),
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"accepted_name" varchar(200),
	"decline_reason" text,
	"converted_kind" varchar(10),
	"converted_order_id" integer,
	"converted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_quotes_state_check" CHECK ("product_quotes"."state" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted', 'revised')),
	CONSTRAINT "product_quotes_client_check" CHECK ("product_quotes"."client_kind" in ('patient', 'crm', 'person')),
	CONSTRAINT "product_quotes_money_check" CHECK ("product_quotes"."discount_cents" >= 0 and "product_quotes"."subtotal_cents" >= 0 and "product_quotes"."tax_cents" >= 0 and "product_quotes"."total_cents" >= 0 and "product_quotes"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "product_quotes_converted_check" CHECK ("product_quotes"."converted_kind" is null or "product_quotes"."converted_kind" in ('shop', 'membership'))
);
--> statement-breakpoint
CREATE TABLE "insurance_counters" (
	"kind" varchar(8) NOT NULL,
	"year" smallint NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(24) NOT NULL,
	"quote_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"agent_id" text NOT NULL,
	"holder_name" varchar(200) NOT NULL,
	"holder_email" varchar(254) NOT NULL,
	"premium_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_period_check" CHECK ("insurance_policies"."ends_on" > "insurance_policies"."starts_on" and "insurance_policies"."premium_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_product_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_es" varchar(200) NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"state" varchar(10) DEFAULT 'active' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_products_state_check" CHECK ("insurance_products"."state" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "insurance_quote_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"version_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"premium_cents" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	CONSTRAINT "insurance_quote_options_position_check" CHECK ("insurance_quote_options"."position" between 1 and 3 and "insurance_quote_options"."premium_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(24) NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"agent_id" text NOT NULL,
	"applicant_name" varchar(200) NOT NULL,
	"applicant_email" varchar(254) NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"applicant" jsonb NOT NULL,
	"state" varchar(10) DEFAULT 'draft' NOT NULL,
	"valid_until" date NOT NULL,
	"chosen_option" smallint,
	"token_hash" varchar(64),
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"accepted_name" varchar(200),
	"decline_reason" text,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_quotes_state_check" CHECK ("insurance_quotes"."state" in ('draft', 'sent', 'accepted', 'declined', 'expired', 'bound'))
);
--> statement-breakpoint
ALTER TABLE "product_quote_counters" ADD CONSTRAINT "product_quote_counters_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quote_lines" ADD CONSTRAINT "product_quote_lines_quote_id_product_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."product_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quotes" ADD CONSTRAINT "product_quotes_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quotes" ADD CONSTRAINT "product_quotes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quotes" ADD CONSTRAINT "product_quotes_crm_client_id_crm_clients_id_fk" FOREIGN KEY ("crm_client_id") REFERENCES "public"."crm_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quotes" ADD CONSTRAINT "product_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_quote_id_insurance_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."insurance_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_option_id_insurance_quote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."insurance_quote_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_version_id_insurance_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."insurance_product_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_product_versions" ADD CONSTRAINT "insurance_product_versions_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_product_versions" ADD CONSTRAINT "insurance_product_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_products" ADD CONSTRAINT "insurance_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quote_options" ADD CONSTRAINT "insurance_quote_options_quote_id_insurance_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."insurance_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quote_options" ADD CONSTRAINT "insurance_quote_options_version_id_insurance_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."insurance_product_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quotes" ADD CONSTRAINT "insurance_quotes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_quote_counters_unique" ON "product_quote_counters" USING btree ("clinic_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "product_quote_lines_position_unique" ON "product_quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_quotes_number_unique" ON "product_quotes" USING btree ("clinic_id","number","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "product_quotes_sequence_unique" ON "product_quotes" USING btree ("clinic_id","year","sequence","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "product_quotes_token_unique" ON "product_quotes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "product_quotes_converted_unique" ON "product_quotes" USING btree ("converted_kind","converted_order_id");--> statement-breakpoint
CREATE INDEX "product_quotes_clinic_idx" ON "product_quotes" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "product_quotes_root_idx" ON "product_quotes" USING btree ("root_id","revision");--> statement-breakpoint
CREATE INDEX "product_quotes_expiring_idx" ON "product_quotes" USING btree ("valid_until") WHERE "product_quotes"."state" in ('sent', 'viewed');--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_counters_unique" ON "insurance_counters" USING btree ("kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_number_unique" ON "insurance_policies" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_quote_unique" ON "insurance_policies" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_agent_idx" ON "insurance_policies" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_product_versions_unique" ON "insurance_product_versions" USING btree ("product_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_products_code_unique" ON "insurance_products" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_quote_options_unique" ON "insurance_quote_options" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_quotes_number_unique" ON "insurance_quotes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_quotes_sequence_unique" ON "insurance_quotes" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_quotes_token_unique" ON "insurance_quotes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "insurance_quotes_agent_idx" ON "insurance_quotes" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_quotes_created_idx" ON "insurance_quotes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "insurance_quotes_expiring_idx" ON "insurance_quotes" USING btree ("valid_until") WHERE "insurance_quotes"."state" = 'sent';--> statement-breakpoint
-- A clinic quotes its own treatment packages (issue 38): a database set up before the quoters existed grants the clinic group (2) view_productquoter, as a new one does on its first start (DEFAULT_GROUP_PERMISSIONS).
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT 2, "id" FROM "permissions" WHERE "codename" = 'view_productquoter' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Insurance agents quote and bind policies (issue 38): the custom group a new database starts with (DEFAULT_CUSTOM_GROUPS), added to an older one.
INSERT INTO "groups" ("name", "name_es") SELECT 'Insurance agents', 'Agentes de seguros' WHERE EXISTS (SELECT 1 FROM "permissions") ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT g."id", p."id" FROM "groups" g JOIN "permissions" p ON p."codename" = 'view_quoter' WHERE g."name" = 'Insurance agents' ON CONFLICT DO NOTHING;

CREATE TABLE "event_checklist_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"key" varchar(20),
	"name" varchar(120) NOT NULL,
	"tasks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"category" varchar(20) NOT NULL,
	"supplier" varchar(200) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"planned_cents" integer DEFAULT 0 NOT NULL,
	"actual_cents" integer,
	"paid" boolean DEFAULT false NOT NULL,
	"receipt_upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_costs_amounts_check" CHECK ("event_costs"."planned_cents" >= 0 and ("event_costs"."actual_cents" is null or "event_costs"."actual_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "event_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"slug" varchar(100) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"title_es" varchar(200) NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"state" varchar(12) DEFAULT 'draft' NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"cancel_hours" smallint DEFAULT 24 NOT NULL,
	"hold_hours" smallint DEFAULT 48 NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_events_capacity_check" CHECK ("event_events"."capacity" > 0 and "event_events"."taken" >= 0 and "event_events"."taken" <= "event_events"."capacity"),
	CONSTRAINT "event_events_state_check" CHECK ("event_events"."state" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "event_events_dates_check" CHECK ("event_events"."ends_at" > "event_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "event_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" varchar(10) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"invoice_id" integer,
	"by" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_payments_kind_check" CHECK ("event_payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "event_payments_amount_check" CHECK ("event_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"clinic_id" text NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(16) NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"provider" varchar(10),
	"provider_ref" text,
	"payment_reference" text,
	"token" varchar(64) NOT NULL,
	"user_id" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text,
	"cancelled_at" timestamp with time zone,
	"promoted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_state_check" CHECK ("event_registrations"."state" in ('pending_payment', 'confirmed', 'waiting', 'checked_in', 'cancelled', 'refunded', 'expired')),
	CONSTRAINT "event_registrations_money_check" CHECK ("event_registrations"."amount_cents" >= 0 and "event_registrations"."paid_cents" >= 0 and "event_registrations"."refunded_cents" >= 0 and "event_registrations"."refunded_cents" <= "event_registrations"."paid_cents")
);
--> statement-breakpoint
CREATE TABLE "event_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"owner_id" text,
	"due_on" date,
	"done_at" timestamp with time zone,
	"done_by" text,
	"reminded_on" date,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_es" varchar(120) NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_types_price_check" CHECK ("event_ticket_types"."price_cents" >= 0),
	CONSTRAINT "event_ticket_types_capacity_check" CHECK ("event_ticket_types"."taken" >= 0 and ("event_ticket_types"."capacity" is null or ("event_ticket_types"."capacity" > 0 and "event_ticket_types"."taken" <= "event_ticket_types"."capacity"))),
	CONSTRAINT "event_ticket_types_window_check" CHECK ("event_ticket_types"."sales_start" is null or "event_ticket_types"."sales_end" is null or "event_ticket_types"."sales_end" > "event_ticket_types"."sales_start")
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "source" varchar(12) DEFAULT 'membership' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_checklist_templates" ADD CONSTRAINT "event_checklist_templates_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_costs" ADD CONSTRAINT "event_costs_event_id_event_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_costs" ADD CONSTRAINT "event_costs_receipt_upload_id_uploads_id_fk" FOREIGN KEY ("receipt_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_events" ADD CONSTRAINT "event_events_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_events" ADD CONSTRAINT "event_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_event_id_event_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_event_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tasks" ADD CONSTRAINT "event_tasks_event_id_event_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tasks" ADD CONSTRAINT "event_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tasks" ADD CONSTRAINT "event_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_event_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_checklist_templates_clinic_idx" ON "event_checklist_templates" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_checklist_templates_key_unique" ON "event_checklist_templates" USING btree ("key");--> statement-breakpoint
CREATE INDEX "event_costs_event_idx" ON "event_costs" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_events_slug_unique" ON "event_events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "event_events_clinic_idx" ON "event_events" USING btree ("clinic_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "event_payments_event_idx" ON "event_payments" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "event_payments_registration_idx" ON "event_payments" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_token_unique" ON "event_registrations" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_email_unique" ON "event_registrations" USING btree ("event_id",lower("email")) WHERE "event_registrations"."state" not in ('cancelled', 'refunded', 'expired');--> statement-breakpoint
CREATE INDEX "event_registrations_event_idx" ON "event_registrations" USING btree ("event_id","state","id");--> statement-breakpoint
CREATE INDEX "event_registrations_waiting_idx" ON "event_registrations" USING btree ("event_id","id") WHERE "event_registrations"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "event_registrations_expiry_idx" ON "event_registrations" USING btree ("expires_at") WHERE "event_registrations"."state" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "event_registrations_provider_ref_idx" ON "event_registrations" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "event_registrations_payment_ref_idx" ON "event_registrations" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "event_registrations_clinic_idx" ON "event_registrations" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "event_tasks_event_idx" ON "event_tasks" USING btree ("event_id","position","id");--> statement-breakpoint
CREATE INDEX "event_tasks_overdue_idx" ON "event_tasks" USING btree ("due_on") WHERE "event_tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_source_check" CHECK (("invoices"."source" = 'membership') = ("invoices"."order_id" is not null));--> statement-breakpoint
-- A clinic runs its own events (issue 37): a database set up before events existed grants the clinic group (2) view_event, as a new one does on its first start (DEFAULT_GROUP_PERMISSIONS).
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT 2, "id" FROM "permissions" WHERE "codename" = 'view_event' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The platform's two built-in checklist templates; their names are shown translated by key.
INSERT INTO "event_checklist_templates" ("clinic_id", "key", "name", "tasks") VALUES
  (NULL, 'workshop', 'Workshop', '[{"title":"Book the room","daysBefore":30},{"title":"Publish the event page","daysBefore":28},{"title":"Announce it to patients","daysBefore":21},{"title":"Order the materials","daysBefore":14},{"title":"Confirm the speaker","daysBefore":7},{"title":"Print the door list","daysBefore":1},{"title":"Set up the room","daysBefore":0}]'::jsonb),
  (NULL, 'course', 'Course', '[{"title":"Agree the syllabus","daysBefore":60},{"title":"Book the room for every session","daysBefore":45},{"title":"Publish the event page","daysBefore":42},{"title":"Prepare the course materials","daysBefore":21},{"title":"Send joining instructions","daysBefore":3},{"title":"Print the door list","daysBefore":1},{"title":"Prepare attendance certificates","daysBefore":0}]'::jsonb);

CREATE TABLE "dynamic_form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"scoring" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamic_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"language" varchar(5) NOT NULL,
	"clinic_id" text,
	"standard_key" text,
	"archived_at" timestamp with time zone,
	"current_version_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_forms_standard_key_unique" UNIQUE("standard_key")
);
--> statement-breakpoint
CREATE TABLE "form_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"patient_id" text NOT NULL,
	"clinic_id" text,
	"assigned_by" text,
	"due_date" date,
	"state" varchar(12) DEFAULT 'assigned' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" jsonb,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text DEFAULT '' NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_assignments_state_check" CHECK ("form_assignments"."state" in ('assigned', 'inProgress', 'submitted', 'reviewed'))
);
--> statement-breakpoint
ALTER TABLE "dynamic_form_versions" ADD CONSTRAINT "dynamic_form_versions_form_id_dynamic_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."dynamic_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_forms" ADD CONSTRAINT "dynamic_forms_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_forms" ADD CONSTRAINT "dynamic_forms_current_version_id_dynamic_form_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."dynamic_form_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_forms" ADD CONSTRAINT "dynamic_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_form_id_dynamic_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."dynamic_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_version_id_dynamic_form_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."dynamic_form_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dynamic_form_versions_form_version_idx" ON "dynamic_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "dynamic_forms_clinic_name_idx" ON "dynamic_forms" USING btree ("clinic_id","name");--> statement-breakpoint
CREATE INDEX "form_assignments_patient_idx" ON "form_assignments" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "form_assignments_clinic_submitted_idx" ON "form_assignments" USING btree ("clinic_id","submitted_at");--> statement-breakpoint
CREATE INDEX "form_assignments_form_idx" ON "form_assignments" USING btree ("form_id","submitted_at");--> statement-breakpoint
CREATE INDEX "form_assignments_version_idx" ON "form_assignments" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "form_assignments_due_idx" ON "form_assignments" USING btree ("due_date") WHERE "form_assignments"."reminder_sent_at" is null and "form_assignments"."state" in ('assigned', 'inProgress') and "form_assignments"."due_date" is not null;
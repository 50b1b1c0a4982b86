CREATE TABLE "assigned_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"assigned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assigned_memberships_period_check" CHECK ("assigned_memberships"."to_date" >= "assigned_memberships"."from_date")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"value_annual" numeric(12, 2) NOT NULL,
	"value_patient" numeric(12, 2) NOT NULL,
	"months" smallint NOT NULL,
	"n_users" integer NOT NULL,
	"n_patients" integer NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_months_check" CHECK ("memberships"."months" in (1, 2, 3, 6)),
	CONSTRAINT "memberships_values_check" CHECK ("memberships"."value" >= 0 and "memberships"."value_annual" >= 0 and "memberships"."value_patient" >= 0),
	CONSTRAINT "memberships_seats_check" CHECK ("memberships"."n_users" >= 0 and "memberships"."n_patients" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assigned_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"patient_id" text NOT NULL,
	"assigned_by" text,
	"date" date NOT NULL,
	"duration" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"favorite" boolean DEFAULT false NOT NULL,
	"activate" boolean DEFAULT true NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assigned_activities_duration_check" CHECK ("assigned_activities"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "assigned_recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"recommendation_id" integer NOT NULL,
	"patient_id" text NOT NULL,
	"assigned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "nutrition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assigned_memberships" ADD CONSTRAINT "assigned_memberships_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_memberships" ADD CONSTRAINT "assigned_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_memberships" ADD CONSTRAINT "assigned_memberships_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_activities" ADD CONSTRAINT "assigned_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_activities" ADD CONSTRAINT "assigned_activities_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_activities" ADD CONSTRAINT "assigned_activities_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_recommendations" ADD CONSTRAINT "assigned_recommendations_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_recommendations" ADD CONSTRAINT "assigned_recommendations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_recommendations" ADD CONSTRAINT "assigned_recommendations_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assigned_memberships_user_period_idx" ON "assigned_memberships" USING btree ("user_id","from_date","to_date");--> statement-breakpoint
CREATE INDEX "assigned_memberships_membership_idx" ON "assigned_memberships" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "assigned_activities_patient_date_idx" ON "assigned_activities" USING btree ("patient_id","date","id");--> statement-breakpoint
CREATE INDEX "assigned_activities_activity_idx" ON "assigned_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "assigned_activities_date_idx" ON "assigned_activities" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_recommendations_patient_recommendation_idx" ON "assigned_recommendations" USING btree ("patient_id","recommendation_id");--> statement-breakpoint
CREATE INDEX "assigned_recommendations_recommendation_idx" ON "assigned_recommendations" USING btree ("recommendation_id");--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_to_idx" ON "mail_messages" USING btree ("to");
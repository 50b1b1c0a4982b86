CREATE TABLE "booking_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"name" varchar(120) NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_ratings" (
	"booking_id" bigint PRIMARY KEY NOT NULL,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_ratings_score_check" CHECK ("booking_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "booking_resource_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_resources_kind_check" CHECK ("booking_resources"."kind" in ('room', 'equipment')),
	CONSTRAINT "booking_resources_quantity_check" CHECK ("booking_resources"."quantity" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "booking_service_providers" (
	"service_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_service_providers_service_id_provider_id_pk" PRIMARY KEY("service_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text NOT NULL,
	"slug" varchar(80) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"clinic_id" text PRIMARY KEY NOT NULL,
	"window_days" smallint DEFAULT 60 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"cancel_window_hours" smallint DEFAULT 24 NOT NULL,
	"step_minutes" smallint DEFAULT 15 NOT NULL,
	"buffer_before_minutes" smallint DEFAULT 0 NOT NULL,
	"buffer_after_minutes" smallint DEFAULT 0 NOT NULL,
	"page_texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_window_check" CHECK ("booking_settings"."window_days" between 1 and 730),
	CONSTRAINT "booking_settings_notice_check" CHECK ("booking_settings"."min_notice_minutes" between 0 and 43200),
	CONSTRAINT "booking_settings_cancel_check" CHECK ("booking_settings"."cancel_window_hours" between 0 and 720),
	CONSTRAINT "booking_settings_step_check" CHECK ("booking_settings"."step_minutes" in (5, 10, 15, 20, 30, 60)),
	CONSTRAINT "booking_settings_buffers_check" CHECK ("booking_settings"."buffer_before_minutes" between 0 and 240 and "booking_settings"."buffer_after_minutes" between 0 and 240)
);
--> statement-breakpoint
CREATE TABLE "booking_special_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"provider_id" text,
	"date" date NOT NULL,
	"closed" boolean NOT NULL,
	"start" time,
	"end" time,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_special_days_day_key" UNIQUE NULLS NOT DISTINCT("location_id","provider_id","date"),
	CONSTRAINT "booking_special_days_hours_check" CHECK ("booking_special_days"."closed" or ("booking_special_days"."start" is not null and "booking_special_days"."end" > "booking_special_days"."start"))
);
--> statement-breakpoint
CREATE TABLE "booking_unit_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"unit_id" integer NOT NULL,
	"holds_from" timestamp with time zone NOT NULL,
	"holds_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_unit_holds_range_check" CHECK ("booking_unit_holds"."holds_to" > "booking_unit_holds"."holds_from")
);
--> statement-breakpoint
CREATE TABLE "booking_variation_resources" (
	"variation_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_variation_resources_variation_id_resource_id_pk" PRIMARY KEY("variation_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "booking_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"buffer_before_minutes" smallint DEFAULT 0 NOT NULL,
	"buffer_after_minutes" smallint DEFAULT 0 NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_variations_duration_check" CHECK ("booking_variations"."duration_minutes" between 5 and 480 and "booking_variations"."duration_minutes" % 5 = 0),
	CONSTRAINT "booking_variations_buffers_check" CHECK ("booking_variations"."buffer_before_minutes" between 0 and 240 and "booking_variations"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "booking_variations_price_check" CHECK ("booking_variations"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"service_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"holds_from" timestamp with time zone NOT NULL,
	"holds_to" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"client_user_id" text,
	"client_name" varchar(120) NOT NULL,
	"client_email" varchar(254) NOT NULL,
	"client_phone" varchar(40) DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"price_cents" integer NOT NULL,
	"confirm_token_hash" text,
	"manage_token_hash" text NOT NULL,
	"confirm_by" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_sent_for" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'cancelled', 'completed', 'no_show')),
	CONSTRAINT "bookings_range_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at" and "bookings"."holds_from" <= "bookings"."starts_at" and "bookings"."holds_to" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_location_id_booking_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."booking_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_locations" ADD CONSTRAINT "booking_locations_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_resource_id_booking_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."booking_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resources" ADD CONSTRAINT "booking_resources_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resources" ADD CONSTRAINT "booking_resources_location_id_booking_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."booking_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_providers" ADD CONSTRAINT "booking_service_providers_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_providers" ADD CONSTRAINT "booking_service_providers_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_location_id_booking_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."booking_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_special_days" ADD CONSTRAINT "booking_special_days_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_special_days" ADD CONSTRAINT "booking_special_days_location_id_booking_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."booking_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_special_days" ADD CONSTRAINT "booking_special_days_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_unit_holds" ADD CONSTRAINT "booking_unit_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_unit_holds" ADD CONSTRAINT "booking_unit_holds_unit_id_booking_resource_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."booking_resource_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_variation_resources" ADD CONSTRAINT "booking_variation_resources_variation_id_booking_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."booking_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_variation_resources" ADD CONSTRAINT "booking_variation_resources_resource_id_booking_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."booking_resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_variations" ADD CONSTRAINT "booking_variations_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_variation_id_booking_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."booking_variations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_location_id_booking_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."booking_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_hours_provider_location_idx" ON "booking_hours" USING btree ("provider_id","location_id");--> statement-breakpoint
CREATE INDEX "booking_hours_location_idx" ON "booking_hours" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "booking_locations_clinic_idx" ON "booking_locations" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_resource_units_number_idx" ON "booking_resource_units" USING btree ("resource_id","number");--> statement-breakpoint
CREATE INDEX "booking_resources_location_idx" ON "booking_resources" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "booking_resources_clinic_idx" ON "booking_resources" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "booking_service_providers_provider_idx" ON "booking_service_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_services_slug_idx" ON "booking_services" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "booking_services_clinic_idx" ON "booking_services" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "booking_unit_holds_booking_idx" ON "booking_unit_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_unit_holds_unit_idx" ON "booking_unit_holds" USING btree ("unit_id","holds_from");--> statement-breakpoint
CREATE INDEX "booking_variation_resources_resource_idx" ON "booking_variation_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "booking_variations_service_idx" ON "booking_variations" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_manage_token_idx" ON "bookings" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_confirm_token_idx" ON "bookings" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "bookings_clinic_start_idx" ON "bookings" USING btree ("clinic_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_provider_start_idx" ON "bookings" USING btree ("provider_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_start_idx" ON "bookings" USING btree ("client_user_id","starts_at");--> statement-breakpoint
-- What a booking holds is never given twice, whatever code path writes it (btree_gist, migration 0012):
-- its provider while it is pending or confirmed, and each unit it holds (the holds exist only while it does).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_overlap" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("holds_from", "holds_to", '[)') WITH &&) WHERE ("status" in ('pending', 'confirmed'));--> statement-breakpoint
ALTER TABLE "booking_unit_holds" ADD CONSTRAINT "booking_unit_holds_overlap" EXCLUDE USING gist ("unit_id" WITH =, tstzrange("holds_from", "holds_to", '[)') WITH &&);

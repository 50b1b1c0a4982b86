CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"description" varchar(600) NOT NULL,
	"clinic_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(8) NOT NULL,
	"file_id" integer,
	"game_build_id" varchar(64),
	"body" text
);
--> statement-breakpoint
CREATE TABLE "activity_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_recommendations" (
	"activity_id" integer NOT NULL,
	"recommendation_id" integer NOT NULL,
	CONSTRAINT "activity_recommendations_activity_id_recommendation_id_pk" PRIMARY KEY("activity_id","recommendation_id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_recommendations" ADD CONSTRAINT "activity_recommendations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_recommendations" ADD CONSTRAINT "activity_recommendations_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_clinic_name_idx" ON "activities" USING btree ("clinic_id","name");--> statement-breakpoint
CREATE INDEX "activities_type_idx" ON "activities" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_categories_pair_idx" ON "activity_categories" USING btree ("activity_id","category_id");--> statement-breakpoint
CREATE INDEX "activity_categories_category_idx" ON "activity_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "activity_recommendations_reco_idx" ON "activity_recommendations" USING btree ("recommendation_id");
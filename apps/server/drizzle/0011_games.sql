CREATE TABLE "game_session_metrics" (
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "game_session_metrics_session_id_name_pk" PRIMARY KEY("session_id","name")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_key" uuid NOT NULL,
	"assignment_id" integer,
	"activity_id" integer,
	"patient_id" text NOT NULL,
	"build_id" text NOT NULL,
	"family" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"level_start" smallint NOT NULL,
	"level_end" smallint NOT NULL,
	"motion" real NOT NULL,
	"ended" text NOT NULL,
	"dizziness_before" smallint NOT NULL,
	"dizziness_after" smallint NOT NULL,
	"trial_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_sessions_session_key_unique" UNIQUE("session_key"),
	CONSTRAINT "game_sessions_ended_check" CHECK ("game_sessions"."ended" in ('completed', 'stopped', 'timeout')),
	CONSTRAINT "game_sessions_dizziness_check" CHECK ("game_sessions"."dizziness_before" between 0 and 10 and "game_sessions"."dizziness_after" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "game_trials" (
	"session_id" integer NOT NULL,
	"trial_index" integer NOT NULL,
	"kind" text NOT NULL,
	"condition" text NOT NULL,
	"level" smallint NOT NULL,
	"shown_at" double precision NOT NULL,
	"responded_at" double precision,
	"rt_ms" double precision,
	"correct" boolean,
	"outcome" text NOT NULL,
	"value" double precision,
	CONSTRAINT "game_trials_session_id_trial_index_pk" PRIMARY KEY("session_id","trial_index")
);
--> statement-breakpoint
ALTER TABLE "assigned_activities" ADD COLUMN "motion" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_session_metrics" ADD CONSTRAINT "game_session_metrics_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_assignment_id_assigned_activities_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assigned_activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_trials" ADD CONSTRAINT "game_trials_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_patient_build_idx" ON "game_sessions" USING btree ("patient_id","build_id","ended_at");--> statement-breakpoint
CREATE INDEX "game_sessions_assignment_idx" ON "game_sessions" USING btree ("assignment_id");--> statement-breakpoint
ALTER TABLE "assigned_activities" ADD CONSTRAINT "assigned_activities_motion_check" CHECK ("assigned_activities"."motion" between 10 and 100);
CREATE TABLE "broadcast_dismissals" (
	"id" serial PRIMARY KEY NOT NULL,
	"broadcast_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_en" text DEFAULT '' NOT NULL,
	"message_es" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"clinics" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"dismissible" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_window_check" CHECK ("broadcasts"."ends_at" > "broadcasts"."starts_at"),
	CONSTRAINT "broadcasts_severity_check" CHECK ("broadcasts"."severity" in ('info', 'warning', 'critical')),
	CONSTRAINT "broadcasts_roles_check" CHECK ("broadcasts"."roles" <@ array['admin', 'clinic', 'therapist', 'patient']::text[]),
	CONSTRAINT "broadcasts_message_check" CHECK ("broadcasts"."message_en" <> '' or "broadcasts"."message_es" <> '')
);
--> statement-breakpoint
ALTER TABLE "broadcast_dismissals" ADD CONSTRAINT "broadcast_dismissals_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_dismissals" ADD CONSTRAINT "broadcast_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_dismissals_user_broadcast_idx" ON "broadcast_dismissals" USING btree ("user_id","broadcast_id");--> statement-breakpoint
CREATE INDEX "broadcast_dismissals_broadcast_idx" ON "broadcast_dismissals" USING btree ("broadcast_id");--> statement-breakpoint
CREATE INDEX "broadcasts_window_idx" ON "broadcasts" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "broadcasts_starts_idx" ON "broadcasts" USING btree ("starts_at");
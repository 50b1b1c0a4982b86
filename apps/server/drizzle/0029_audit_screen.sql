CREATE TABLE "audit_verified_days" (
	"day" date PRIMARY KEY NOT NULL,
	"intact" boolean NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"problem" text,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action" text_pattern_ops,"created_at");
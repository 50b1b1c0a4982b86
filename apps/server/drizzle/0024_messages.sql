CREATE TABLE "mail_pacing" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"message_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"notified_at" timestamp with time zone,
	"mail_id" bigint,
	CONSTRAINT "message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"clinics" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"users" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"recipients" integer,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_state_check" CHECK ("messages"."state" in ('scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "messages_roles_check" CHECK ("messages"."roles" <@ array['admin', 'clinic', 'therapist', 'patient']::text[])
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_recipients_pending_idx" ON "message_recipients" USING btree ("message_id","user_id") WHERE "message_recipients"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "message_recipients_user_idx" ON "message_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_send_at_idx" ON "messages" USING btree ("send_at");--> statement-breakpoint
CREATE INDEX "messages_sent_by_idx" ON "messages" USING btree ("sent_by","send_at");
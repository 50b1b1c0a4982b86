CREATE TABLE "chat_canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"shortcut" varchar(30) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"channel" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"patient_id" text,
	"patient_deleted_at" timestamp with time zone,
	"contact_phone" varchar(16),
	"wa_number_id" varchar(30),
	"contact_name" varchar(200) DEFAULT '' NOT NULL,
	"assignee_id" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" varchar(200) DEFAULT '' NOT NULL,
	"last_direction" varchar(5),
	"last_inbound_at" timestamp with time zone,
	"last_inbound_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_channel_check" CHECK ("chat_conversations"."channel" in ('app', 'whatsapp')),
	CONSTRAINT "chat_conversations_status_check" CHECK ("chat_conversations"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"direction" varchar(5) NOT NULL,
	"kind" varchar(10) DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"upload_id" uuid,
	"template" jsonb,
	"author_id" text,
	"external_id" varchar(200),
	"status" varchar(10) DEFAULT 'sent' NOT NULL,
	"failure_reason" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_direction_check" CHECK ("chat_messages"."direction" in ('in', 'out', 'note')),
	CONSTRAINT "chat_messages_status_check" CHECK ("chat_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"conversation_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"last_read_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"name" varchar(512) NOT NULL,
	"language" varchar(10) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_whatsapp_numbers" (
	"id" varchar(30) PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"display_phone" varchar(30) NOT NULL,
	"label" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(16);--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_wa_number_id_chat_whatsapp_numbers_id_fk" FOREIGN KEY ("wa_number_id") REFERENCES "public"."chat_whatsapp_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_templates" ADD CONSTRAINT "chat_templates_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_whatsapp_numbers" ADD CONSTRAINT "chat_whatsapp_numbers_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_canned_replies_shortcut_unique" ON "chat_canned_replies" USING btree ("clinic_id",lower("shortcut"));--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_app_unique" ON "chat_conversations" USING btree ("clinic_id","patient_id") WHERE "chat_conversations"."channel" = 'app';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_whatsapp_unique" ON "chat_conversations" USING btree ("wa_number_id","contact_phone") WHERE "chat_conversations"."channel" = 'whatsapp';--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("clinic_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_assignee_idx" ON "chat_conversations" USING btree ("assignee_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_patient_idx" ON "chat_conversations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_deleted_idx" ON "chat_conversations" USING btree ("patient_deleted_at") WHERE "chat_conversations"."patient_deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_external_unique" ON "chat_messages" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_upload_idx" ON "chat_messages" USING btree ("upload_id") WHERE "chat_messages"."upload_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_reads_user_idx" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_templates_unique" ON "chat_templates" USING btree ("clinic_id","name","language");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;--> statement-breakpoint
-- Whatever path deletes a patient, their conversations are marked (and their name kept on them) before the
-- foreign key clears patient_id: the retention job deletes them CHAT_RETENTION_DAYS later.
CREATE FUNCTION chat_patient_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_conversations
     SET patient_deleted_at = now(),
         contact_name = left(trim(coalesce(nullif(trim(OLD.nombres || ' ' || OLD.apellidos), ''), contact_name)), 200)
   WHERE patient_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER chat_patient_deleted BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION chat_patient_deleted();

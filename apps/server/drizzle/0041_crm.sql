CREATE TABLE "crm_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"initiative_id" integer,
	"list_id" integer,
	"agent_id" text,
	"kind" varchar(8) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint DEFAULT 0 NOT NULL,
	"outcome" varchar(16),
	"call_back_at" timestamp with time zone,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_activities_kind_check" CHECK ("crm_activities"."kind" in ('call', 'meeting')),
	CONSTRAINT "crm_activities_outcome_check" CHECK (("crm_activities"."kind" = 'meeting' and "crm_activities"."outcome" is null) or ("crm_activities"."kind" = 'call' and "crm_activities"."outcome" in ('answered', 'no_answer', 'call_back', 'not_interested', 'converted'))),
	CONSTRAINT "crm_activities_call_back_check" CHECK (("crm_activities"."outcome" = 'call_back') = ("crm_activities"."call_back_at" is not null)),
	CONSTRAINT "crm_activities_duration_check" CHECK ("crm_activities"."duration_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "crm_campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"skipped" varchar(16),
	"mail_id" bigint,
	"reached_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	CONSTRAINT "crm_campaign_recipients_campaign_id_client_id_pk" PRIMARY KEY("campaign_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "crm_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"format_id" integer,
	"list_id" integer,
	"state" varchar(12) DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"name" varchar(120) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"html" text NOT NULL,
	"from_name" varchar(120) NOT NULL,
	"from_email" varchar(254) NOT NULL,
	"reply_to" varchar(254) NOT NULL,
	"template" varchar(16) NOT NULL,
	"track_opens" boolean NOT NULL,
	"track_clicks" boolean NOT NULL,
	"recipients" integer,
	"created_by" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_campaigns_state_check" CHECK ("crm_campaigns"."state" in ('scheduled', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "crm_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"kind" varchar(12) DEFAULT 'person' NOT NULL,
	"first_name" varchar(120) DEFAULT '' NOT NULL,
	"last_name" varchar(120) DEFAULT '' NOT NULL,
	"organisation" varchar(200) DEFAULT '' NOT NULL,
	"email" varchar(254),
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"city" varchar(120) DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"owner_id" text,
	"user_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_clients_kind_check" CHECK ("crm_clients"."kind" in ('person', 'organisation')),
	CONSTRAINT "crm_clients_name_check" CHECK ("crm_clients"."first_name" <> '' or "crm_clients"."last_name" <> '' or "crm_clients"."organisation" <> '')
);
--> statement-breakpoint
CREATE TABLE "crm_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"client_id" integer,
	"initiative_id" integer,
	"name" varchar(200) NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_documents_owner_check" CHECK ("crm_documents"."client_id" is not null or "crm_documents"."initiative_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "crm_email_formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text NOT NULL,
	"html" text NOT NULL,
	"from_name" varchar(120) NOT NULL,
	"from_email" varchar(254) NOT NULL,
	"reply_to" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"template" varchar(16) DEFAULT 'plain' NOT NULL,
	"track_opens" boolean DEFAULT false NOT NULL,
	"track_clicks" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_initiative_clients" (
	"initiative_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_initiative_clients_initiative_id_client_id_pk" PRIMARY KEY("initiative_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "crm_initiatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"salesman_id" text,
	"state" varchar(12) DEFAULT 'not_readed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_initiatives_state_check" CHECK ("crm_initiatives"."state" in ('read', 'not_readed'))
);
--> statement-breakpoint
CREATE TABLE "crm_list_clients" (
	"list_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_list_clients_list_id_client_id_pk" PRIMARY KEY("list_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "crm_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"initiative_id" integer,
	"author_id" text,
	"name" varchar(200) NOT NULL,
	"date_start" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"initiative_id" integer,
	"list_id" integer,
	"client_id" integer NOT NULL,
	"state" varchar(8) DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_outcome" varchar(16),
	"last_called_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_queue_source_check" CHECK (("crm_queue"."initiative_id" is null) <> ("crm_queue"."list_id" is null)),
	CONSTRAINT "crm_queue_state_check" CHECK ("crm_queue"."state" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "crm_tracking" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"summary" varchar(300) DEFAULT '' NOT NULL,
	"ref_id" integer,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "from" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_initiative_id_crm_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."crm_initiatives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_list_id_crm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."crm_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaign_recipients" ADD CONSTRAINT "crm_campaign_recipients_campaign_id_crm_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."crm_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaign_recipients" ADD CONSTRAINT "crm_campaign_recipients_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_format_id_crm_email_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."crm_email_formats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_list_id_crm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."crm_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_documents" ADD CONSTRAINT "crm_documents_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_documents" ADD CONSTRAINT "crm_documents_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_documents" ADD CONSTRAINT "crm_documents_initiative_id_crm_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."crm_initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_documents" ADD CONSTRAINT "crm_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_documents" ADD CONSTRAINT "crm_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_email_formats" ADD CONSTRAINT "crm_email_formats_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_initiative_clients" ADD CONSTRAINT "crm_initiative_clients_initiative_id_crm_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."crm_initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_initiative_clients" ADD CONSTRAINT "crm_initiative_clients_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_initiatives" ADD CONSTRAINT "crm_initiatives_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_initiatives" ADD CONSTRAINT "crm_initiatives_salesman_id_users_id_fk" FOREIGN KEY ("salesman_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_clients" ADD CONSTRAINT "crm_list_clients_list_id_crm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."crm_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_clients" ADD CONSTRAINT "crm_list_clients_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lists" ADD CONSTRAINT "crm_lists_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_initiative_id_crm_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."crm_initiatives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_queue" ADD CONSTRAINT "crm_queue_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_queue" ADD CONSTRAINT "crm_queue_initiative_id_crm_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."crm_initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_queue" ADD CONSTRAINT "crm_queue_list_id_crm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."crm_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_queue" ADD CONSTRAINT "crm_queue_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_queue" ADD CONSTRAINT "crm_queue_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tracking" ADD CONSTRAINT "crm_tracking_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tracking" ADD CONSTRAINT "crm_tracking_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tracking" ADD CONSTRAINT "crm_tracking_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_activities_agent_idx" ON "crm_activities" USING btree ("clinic_id","agent_id","at");--> statement-breakpoint
CREATE INDEX "crm_activities_client_idx" ON "crm_activities" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "crm_activities_clinic_at_idx" ON "crm_activities" USING btree ("clinic_id","at");--> statement-breakpoint
CREATE INDEX "crm_campaign_recipients_pending_idx" ON "crm_campaign_recipients" USING btree ("campaign_id") WHERE "crm_campaign_recipients"."reached_at" is null and "crm_campaign_recipients"."skipped" is null;--> statement-breakpoint
CREATE INDEX "crm_campaign_recipients_mail_idx" ON "crm_campaign_recipients" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "crm_campaign_recipients_client_idx" ON "crm_campaign_recipients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_campaigns_clinic_idx" ON "crm_campaigns" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_clients_email_unique" ON "crm_clients" USING btree ("clinic_id",lower("email"));--> statement-breakpoint
CREATE INDEX "crm_clients_clinic_name_idx" ON "crm_clients" USING btree ("clinic_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "crm_clients_owner_idx" ON "crm_clients" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "crm_clients_user_idx" ON "crm_clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "crm_clients_tags_idx" ON "crm_clients" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "crm_documents_client_idx" ON "crm_documents" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_documents_initiative_idx" ON "crm_documents" USING btree ("initiative_id");--> statement-breakpoint
CREATE INDEX "crm_email_formats_clinic_idx" ON "crm_email_formats" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE INDEX "crm_initiative_clients_client_idx" ON "crm_initiative_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_initiatives_clinic_idx" ON "crm_initiatives" USING btree ("clinic_id","state","id");--> statement-breakpoint
CREATE INDEX "crm_initiatives_salesman_idx" ON "crm_initiatives" USING btree ("salesman_id","id");--> statement-breakpoint
CREATE INDEX "crm_list_clients_client_idx" ON "crm_list_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_lists_clinic_idx" ON "crm_lists" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE INDEX "crm_notes_client_idx" ON "crm_notes" USING btree ("client_id","date_start");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_queue_initiative_client_unique" ON "crm_queue" USING btree ("initiative_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_queue_list_client_unique" ON "crm_queue" USING btree ("list_id","client_id");--> statement-breakpoint
CREATE INDEX "crm_queue_client_idx" ON "crm_queue" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_tracking_client_idx" ON "crm_tracking" USING btree ("client_id","at","id");--> statement-breakpoint
-- A clinic runs its own CRM (issue 36): a database set up before the CRM existed grants the clinic group (2) its CRM admin codenames, and gains the CRM's agents and clients groups, as a new one does on its first start (DEFAULT_GROUP_PERMISSIONS, DEFAULT_CUSTOM_GROUPS).
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT 2, "id" FROM "permissions" WHERE "module" = 'crm_manager' AND "codename" NOT IN ('is_crm_agent', 'is_crm_client') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "groups" ("name", "name_es") SELECT 'CRM agents', 'Agentes de CRM' WHERE EXISTS (SELECT 1 FROM "permissions") ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "groups" ("name", "name_es") SELECT 'CRM clients', 'Clientes de CRM' WHERE EXISTS (SELECT 1 FROM "permissions") ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT g."id", p."id" FROM "groups" g JOIN "permissions" p ON p."codename" IN ('is_crm_agent', 'view_initiative', 'change_initiative', 'view_callcenter', 'add_callcenter', 'change_callcenter') WHERE g."name" = 'CRM agents' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT g."id", p."id" FROM "groups" g JOIN "permissions" p ON p."codename" = 'is_crm_client' WHERE g."name" = 'CRM clients' ON CONFLICT DO NOTHING;

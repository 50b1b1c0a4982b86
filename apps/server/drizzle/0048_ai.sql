CREATE TABLE "ai_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"clinic_id" text,
	"title" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"source_id" integer NOT NULL,
	"clinic_id" text,
	"language" varchar(2),
	"audience" varchar(10) NOT NULL,
	"title" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"slug" varchar(80),
	"content_hash" varchar(32) GENERATED ALWAYS AS (md5(title || E'\n' || body)) STORED,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('spanish', title), 'A') || setweight(to_tsvector('english', left(body, 100000)), 'B') || setweight(to_tsvector('spanish', left(body, 100000)), 'B')) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_embeddings" (
	"document_id" integer NOT NULL,
	"provider_key" varchar(64) NOT NULL,
	"content_hash" varchar(32) NOT NULL,
	"vector" real[] NOT NULL,
	CONSTRAINT "ai_embeddings_document_id_provider_key_pk" PRIMARY KEY("document_id","provider_key")
);
--> statement-breakpoint
CREATE TABLE "ai_faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"language" varchar(2) NOT NULL,
	"audience" varchar(10) DEFAULT 'everyone' NOT NULL,
	"question" varchar(300) NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_faqs_audience_known" CHECK ("ai_faqs"."audience" in ('everyone', 'staff')),
	CONSTRAINT "ai_faqs_language_known" CHECK ("ai_faqs"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"role" varchar(10) NOT NULL,
	"content" text NOT NULL,
	"mode" varchar(10),
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notice" varchar(40),
	"feedback" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_messages_role_known" CHECK ("ai_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "ai_messages_feedback_known" CHECK ("ai_messages"."feedback" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"base_url" varchar(500),
	"model" varchar(120) DEFAULT '' NOT NULL,
	"embedding_model" varchar(120) DEFAULT '' NOT NULL,
	"api_key_sealed" text,
	"allow_patient_data" boolean DEFAULT false NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"sources" jsonb NOT NULL,
	"per_user_per_hour" integer NOT NULL,
	"per_clinic_per_day" integer NOT NULL,
	"max_answer_tokens" integer NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"emergency_phone" varchar(40) DEFAULT '' NOT NULL,
	"input_cents_per_million" integer DEFAULT 0 NOT NULL,
	"output_cents_per_million" integer DEFAULT 0 NOT NULL,
	"updated_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"clinic_id" text,
	"mode" varchar(10) NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"cost_millicents" bigint DEFAULT 0 NOT NULL,
	"console" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_embeddings" ADD CONSTRAINT "ai_embeddings_document_id_ai_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ai_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_faqs" ADD CONSTRAINT "ai_faqs_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_conversation_id_ai_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."ai_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_conversations_user" ON "ai_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "ai_conversations_clinic" ON "ai_conversations" USING btree ("clinic_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_documents_source" ON "ai_documents" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "ai_documents_search" ON "ai_documents" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ai_documents_clinic" ON "ai_documents" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "ai_faqs_clinic" ON "ai_faqs" USING btree ("clinic_id","question");--> statement-breakpoint
CREATE INDEX "ai_messages_conversation" ON "ai_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_settings_scope" ON "ai_settings" USING btree (coalesce("clinic_id", ''));--> statement-breakpoint
CREATE INDEX "ai_usage_user" ON "ai_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_usage_clinic" ON "ai_usage" USING btree ("clinic_id","created_at");--> statement-breakpoint
-- The assistant's search index follows its sources in the same transaction (issue 42.3): statement-level triggers on each source table (one set-based write per statement, so an import of thousands of activities indexes them in one go) keep its ai_documents rows. Text only: HTML tags and the common entities go.
CREATE FUNCTION ai_plain(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(replace(replace(replace(replace(regexp_replace(coalesce(value, ''), '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&amp;', '&'), '&lt;', '<'), '&gt;', '>'), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- Vectors are stored L2-normalised, so their dot product is the cosine.
CREATE FUNCTION ai_dot(a real[], b real[]) RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sum(x * y)::real FROM unnest(a, b) AS t(x, y)
$$;--> statement-breakpoint
-- A CMS page is indexed as the public sees it: its published snapshot's description and the text of its blocks.
CREATE FUNCTION ai_page_text(content jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ai_plain(coalesce(content ->> 'seoDescription', '') || ' ' || coalesce(string_agg(value #>> '{}', ' '), ''))
  FROM jsonb_path_query(content, 'strict $.blocks[*].** ? (@.type() == "string")') AS value
  WHERE value #>> '{}' !~ '^(text|image|video|cta|columns|faq|booking|events|primary|secondary)$'
    AND value #>> '{}' !~ '^[0-9a-f-]{36}$' AND value #>> '{}' !~ '^(https?:)?/'
$$;--> statement-breakpoint
CREATE TYPE ai_doc AS (source_id integer, clinic_id text, language varchar(2), audience varchar(10), title text, body text, slug varchar(80));--> statement-breakpoint
-- Writes the documents of one kind; a row whose text, scope and address are unchanged is left alone.
CREATE FUNCTION ai_index_put(p_kind text, p_docs ai_doc[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ai_documents (kind, source_id, clinic_id, language, audience, title, body, slug)
  SELECT p_kind, d.source_id, d.clinic_id, d.language, d.audience, left(coalesce(d.title, ''), 300), coalesce(d.body, ''), d.slug FROM unnest(p_docs) AS d
  ON CONFLICT (kind, source_id) DO UPDATE SET clinic_id = excluded.clinic_id, language = excluded.language, audience = excluded.audience,
    title = excluded.title, body = excluded.body, slug = excluded.slug, updated_at = now()
  WHERE (ai_documents.clinic_id, ai_documents.language, ai_documents.audience, ai_documents.title, ai_documents.body, ai_documents.slug)
    IS DISTINCT FROM (excluded.clinic_id, excluded.language, excluded.audience, excluded.title, excluded.body, excluded.slug)
$$;--> statement-breakpoint
CREATE FUNCTION ai_index_drop(p_kind text, p_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ai_documents WHERE kind = p_kind AND source_id = ANY (p_ids)
$$;--> statement-breakpoint
-- One function per source table, for its three statement triggers (old_rows and new_rows are their transition tables).
CREATE FUNCTION ai_index_activities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM ai_index_drop('activity', (SELECT array_agg(id) FROM old_rows));
  ELSE
    PERFORM ai_index_put('activity', (SELECT array_agg(ROW(id, clinic_id, NULL, 'assigned', name, ai_plain(description || ' ' || coalesce(body, '')), NULL)::ai_doc) FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ai_index_recommendations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM ai_index_drop('recommendation', (SELECT array_agg(id) FROM old_rows));
  ELSE
    PERFORM ai_index_put('recommendation', (SELECT array_agg(ROW(id, clinic_id, NULL, 'assigned', name, ai_plain(description), NULL)::ai_doc) FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An archived form leaves the index.
CREATE FUNCTION ai_index_forms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM ai_index_drop('form', (SELECT array_agg(id) FROM old_rows));
  ELSE
    PERFORM ai_index_drop('form', (SELECT array_agg(id) FROM new_rows WHERE archived_at IS NOT NULL));
    PERFORM ai_index_put('form', (SELECT array_agg(ROW(id, clinic_id, left(language, 2), 'assigned', name, ai_plain(description), NULL)::ai_doc) FROM new_rows WHERE archived_at IS NULL));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A page is in the index while it is published (a scheduled one joins when the publishing job publishes it).
CREATE FUNCTION ai_index_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM ai_index_drop('page', (SELECT array_agg(id) FROM old_rows));
  ELSE
    PERFORM ai_index_drop('page', (SELECT array_agg(id) FROM new_rows WHERE state <> 'published' OR published IS NULL));
    PERFORM ai_index_put('page', (SELECT array_agg(ROW(id, NULL, public_language, 'everyone', published ->> 'title', ai_page_text(published), public_slug)::ai_doc)
      FROM new_rows WHERE state = 'published' AND published IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ai_index_faqs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM ai_index_drop('faq', (SELECT array_agg(id) FROM old_rows));
  ELSE
    PERFORM ai_index_put('faq', (SELECT array_agg(ROW(id, clinic_id, language, audience, question, ai_plain(answer), NULL)::ai_doc) FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ai_index_activities_insert AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_activities();--> statement-breakpoint
CREATE TRIGGER ai_index_activities_update AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_activities();--> statement-breakpoint
CREATE TRIGGER ai_index_activities_delete AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_activities();--> statement-breakpoint
CREATE TRIGGER ai_index_recommendations_insert AFTER INSERT ON recommendations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_recommendations();--> statement-breakpoint
CREATE TRIGGER ai_index_recommendations_update AFTER UPDATE ON recommendations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_recommendations();--> statement-breakpoint
CREATE TRIGGER ai_index_recommendations_delete AFTER DELETE ON recommendations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_recommendations();--> statement-breakpoint
CREATE TRIGGER ai_index_forms_insert AFTER INSERT ON dynamic_forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_forms();--> statement-breakpoint
CREATE TRIGGER ai_index_forms_update AFTER UPDATE ON dynamic_forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_forms();--> statement-breakpoint
CREATE TRIGGER ai_index_forms_delete AFTER DELETE ON dynamic_forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_forms();--> statement-breakpoint
CREATE TRIGGER ai_index_pages_insert AFTER INSERT ON cms_pages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_pages();--> statement-breakpoint
CREATE TRIGGER ai_index_pages_update AFTER UPDATE ON cms_pages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_pages();--> statement-breakpoint
CREATE TRIGGER ai_index_pages_delete AFTER DELETE ON cms_pages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_pages();--> statement-breakpoint
CREATE TRIGGER ai_index_faqs_insert AFTER INSERT ON ai_faqs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_faqs();--> statement-breakpoint
CREATE TRIGGER ai_index_faqs_update AFTER UPDATE ON ai_faqs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_faqs();--> statement-breakpoint
CREATE TRIGGER ai_index_faqs_delete AFTER DELETE ON ai_faqs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_index_faqs();--> statement-breakpoint
-- What exists already.
SELECT ai_index_put('activity', (SELECT array_agg(ROW(id, clinic_id, NULL, 'assigned', name, ai_plain(description || ' ' || coalesce(body, '')), NULL)::ai_doc) FROM activities));--> statement-breakpoint
SELECT ai_index_put('recommendation', (SELECT array_agg(ROW(id, clinic_id, NULL, 'assigned', name, ai_plain(description), NULL)::ai_doc) FROM recommendations));--> statement-breakpoint
SELECT ai_index_put('form', (SELECT array_agg(ROW(id, clinic_id, left(language, 2), 'assigned', name, ai_plain(description), NULL)::ai_doc) FROM dynamic_forms WHERE archived_at IS NULL));--> statement-breakpoint
SELECT ai_index_put('page', (SELECT array_agg(ROW(id, NULL, public_language, 'everyone', published ->> 'title', ai_page_text(published), public_slug)::ai_doc) FROM cms_pages WHERE state = 'published' AND published IS NOT NULL));

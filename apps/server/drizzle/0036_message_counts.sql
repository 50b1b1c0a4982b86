-- The sent list at the floor (issue 34.4): each message carries its counts (recipients reached,
-- their emails by state), so a page reads one row per message instead of counting every
-- recipient and their mail on each read (about 40 000 rows for a page of ten messages of 2 000
-- recipients). Recipients' writes (a delivery batch, a mail linked, a cascade) recount their
-- messages once per statement; a mail's change of state moves one count of its message. The
-- list is then a kept answer: `messages` and `groups` (the names it shows) get table versions.
ALTER TABLE "messages" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "emails_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "emails_queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "emails_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "message_recipients_mail_idx" ON "message_recipients" USING btree ("mail_id") WHERE "message_recipients"."mail_id" is not null;--> statement-breakpoint
CREATE FUNCTION "message_email_bucket"(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('sent', 'outbox') THEN 'sent' WHEN status = 'queued' THEN 'queued' WHEN status = 'failed' THEN 'failed' END
$$;--> statement-breakpoint
CREATE FUNCTION "recount_messages"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE messages m SET
    delivered = c.delivered, emails_sent = c.sent, emails_queued = c.queued, emails_failed = c.failed
  FROM (
    SELECT i.id,
      (SELECT count(*) FROM message_recipients r WHERE r.message_id = i.id AND r.notified_at IS NOT NULL)::int AS delivered,
      count(mm.id) FILTER (WHERE message_email_bucket(mm.status) = 'sent')::int AS sent,
      count(mm.id) FILTER (WHERE message_email_bucket(mm.status) = 'queued')::int AS queued,
      count(mm.id) FILTER (WHERE message_email_bucket(mm.status) = 'failed')::int AS failed
    FROM unnest(ids) AS i(id)
    LEFT JOIN message_recipients r ON r.message_id = i.id
    LEFT JOIN mail_messages mm ON mm.id = r.mail_id
    GROUP BY i.id
  ) AS c
  WHERE m.id = c.id
    AND (m.delivered, m.emails_sent, m.emails_queued, m.emails_failed) IS DISTINCT FROM (c.delivered, c.sent, c.queued, c.failed)
$$;--> statement-breakpoint
CREATE FUNCTION "message_recipients_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM recount_messages(ARRAY(SELECT DISTINCT message_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM recount_messages(ARRAY(SELECT DISTINCT message_id FROM old_rows));
  ELSE
    PERFORM recount_messages(ARRAY(SELECT message_id FROM new_rows UNION SELECT message_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "message_recipients_recount_insert" AFTER INSERT ON "message_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_recipients_recount();--> statement-breakpoint
CREATE TRIGGER "message_recipients_recount_update" AFTER UPDATE ON "message_recipients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_recipients_recount();--> statement-breakpoint
CREATE TRIGGER "message_recipients_recount_delete" AFTER DELETE ON "message_recipients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION message_recipients_recount();--> statement-breakpoint
CREATE FUNCTION "mail_messages_move_message_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := message_email_bucket(OLD.status);
  now_in text := message_email_bucket(NEW.status);
BEGIN
  UPDATE messages m SET
    emails_sent = m.emails_sent + (CASE WHEN now_in = 'sent' THEN 1 ELSE 0 END) - (CASE WHEN was = 'sent' THEN 1 ELSE 0 END),
    emails_queued = m.emails_queued + (CASE WHEN now_in = 'queued' THEN 1 ELSE 0 END) - (CASE WHEN was = 'queued' THEN 1 ELSE 0 END),
    emails_failed = m.emails_failed + (CASE WHEN now_in = 'failed' THEN 1 ELSE 0 END) - (CASE WHEN was = 'failed' THEN 1 ELSE 0 END)
  FROM message_recipients r
  WHERE r.mail_id = NEW.id AND m.id = r.message_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_messages_move_message_count" AFTER UPDATE OF status ON "mail_messages"
  FOR EACH ROW WHEN (message_email_bucket(OLD.status) IS DISTINCT FROM message_email_bucket(NEW.status))
  EXECUTE FUNCTION mail_messages_move_message_count();--> statement-breakpoint
SELECT recount_messages(ARRAY(SELECT id FROM messages));--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['messages', 'groups'] LOOP
    INSERT INTO table_versions (name) VALUES (t) ON CONFLICT (name) DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = t || '_bump_version') THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()', t || '_bump_version', t);
    END IF;
  END LOOP;
END $$;

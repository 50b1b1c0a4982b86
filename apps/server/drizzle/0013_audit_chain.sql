-- Hash-chained audit trail (issue 13, point 8): one chain per UTC day of created_at. Each
-- record holds the previous record's hash and its own sha256 over a canonical form of its
-- fields, so that a changed, deleted or inserted record breaks the chain. The canonical form
-- is written twice, here and in apps/server/src/platform/audit-chain.ts (the verifier): keep
-- them identical, and bump the version tag if it ever changes.
CREATE TABLE "audit_chain_heads" (
	"chain_day" date PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
-- Nullable until the existing records are chained below.
ALTER TABLE "audit_events" ADD COLUMN "chain_day" date;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
-- A field of the canonical form: '~' for NULL, else its UTF-8 byte length, ':' and the text.
-- Length-prefixed, so no value can be confused with a field boundary.
CREATE FUNCTION audit_canonical_field(value text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN value IS NULL THEN '~' ELSE octet_length(convert_to(value, 'UTF8')) || ':' || value END
$$;
--> statement-breakpoint
-- Timestamps in UTC to the microsecond; detail as jsonb's own text form, which is normalised
-- (keys sorted and unique, fixed spacing), so equal values always read the same.
CREATE FUNCTION audit_event_hash(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    audit_canonical_field('audit_events v1')
    || audit_canonical_field(e.prev_hash)
    || audit_canonical_field(to_char(e.chain_day, 'YYYY-MM-DD'))
    || audit_canonical_field(e.chain_seq::text)
    || audit_canonical_field(e.id::text)
    || audit_canonical_field(to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
    || audit_canonical_field(e.actor_id)
    || audit_canonical_field(e.subject_user_id)
    || audit_canonical_field(e.action)
    || audit_canonical_field(e.outcome)
    || audit_canonical_field(e.ip)
    || audit_canonical_field(e.detail::text),
    'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Records written before this migration are chained per day in id order.
DO $$
DECLARE
  r audit_events%ROWTYPE;
  v_day date;
  v_seq bigint := 0;
  v_prev text;
BEGIN
  FOR r IN SELECT * FROM audit_events WHERE chain_day IS NULL ORDER BY (created_at AT TIME ZONE 'UTC')::date, id LOOP
    IF v_day IS DISTINCT FROM (r.created_at AT TIME ZONE 'UTC')::date THEN
      IF v_day IS NOT NULL THEN
        INSERT INTO audit_chain_heads (chain_day, last_seq, last_hash) VALUES (v_day, v_seq, v_prev);
      END IF;
      v_day := (r.created_at AT TIME ZONE 'UTC')::date;
      v_seq := 0;
      v_prev := NULL;
    END IF;
    v_seq := v_seq + 1;
    r.chain_day := v_day;
    r.chain_seq := v_seq;
    r.prev_hash := v_prev;
    r.hash := audit_event_hash(r);
    UPDATE audit_events SET chain_day = r.chain_day, chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    v_prev := r.hash;
  END LOOP;
  IF v_day IS NOT NULL THEN
    INSERT INTO audit_chain_heads (chain_day, last_seq, last_hash) VALUES (v_day, v_seq, v_prev);
  END IF;
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "chain_day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "chain_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_idx" ON "audit_events" USING btree ("chain_day","chain_seq");--> statement-breakpoint
-- Chains every new record inside its own INSERT (one round trip). The head row's lock
-- serialises the writers of a chain across connections and app nodes until the writing
-- transaction ends; a writer that waited for it reads the head its predecessor committed
-- (under REPEATABLE READ it gets a serialisation error instead, never a fork). Whatever the
-- insert sent for the chain columns is replaced.
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
  v_hash text;
BEGIN
  NEW.chain_day := (NEW.created_at AT TIME ZONE 'UTC')::date;
  SELECT last_seq, last_hash INTO v_seq, v_hash FROM audit_chain_heads WHERE chain_day = NEW.chain_day FOR UPDATE;
  IF NOT FOUND THEN
    NEW.chain_seq := 1;
    NEW.prev_hash := NULL;
    NEW.hash := audit_event_hash(NEW);
    INSERT INTO audit_chain_heads (chain_day, last_seq, last_hash) VALUES (NEW.chain_day, 1, NEW.hash) ON CONFLICT (chain_day) DO NOTHING;
    IF FOUND THEN
      RETURN NEW;
    END IF;
    -- Another writer began this day's chain first: follow it.
    SELECT last_seq, last_hash INTO v_seq, v_hash FROM audit_chain_heads WHERE chain_day = NEW.chain_day FOR UPDATE;
  END IF;
  NEW.chain_seq := v_seq + 1;
  NEW.prev_hash := v_hash;
  NEW.hash := audit_event_hash(NEW);
  UPDATE audit_chain_heads SET last_seq = NEW.chain_seq, last_hash = NEW.hash WHERE chain_day = NEW.chain_day;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain();--> statement-breakpoint
-- Records are never changed or removed through the app. Someone owning the table can still
-- disable these triggers; then the chain check is what notices.
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested, because NEW and OLD are unassigned for other operations.
  IF TG_TABLE_NAME = 'audit_chain_heads' AND TG_OP = 'UPDATE' THEN
    IF NEW.chain_day = OLD.chain_day AND NEW.last_seq = OLD.last_seq + 1 THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();--> statement-breakpoint
-- A head only moves one record forward (the chain trigger's update).
CREATE TRIGGER audit_chain_heads_forward_only BEFORE UPDATE OR DELETE ON audit_chain_heads FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_chain_heads_no_truncate BEFORE TRUNCATE ON audit_chain_heads FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

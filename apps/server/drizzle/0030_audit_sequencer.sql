-- The audit trail without a platform-wide lock (issue 34.1). Migration 0013 chained each record
-- inside its INSERT under its day's head-row lock, held until the writer committed: every
-- audited call of the platform waited in one line. Now a record is a plain INSERT with its seal
-- columns empty, and one sequencer (apps/server/src/platform/audit-sequencer.ts, one node at a
-- time under an advisory lock) seals the committed records afterwards into ONE global hash
-- chain, in commit order, batch by batch, each batch closed by a hashed head in audit_batches.
-- The canonical form is written once, in TypeScript (platform/audit-chain.ts): the database
-- no longer hashes.
--
-- The old per-day chain is dropped. The records it held are left unsealed here: the sequencer
-- seals them, in id order, on its first passes after this migration.
DROP TRIGGER "audit_events_chain" ON "audit_events";--> statement-breakpoint
DROP FUNCTION "audit_events_chain"();--> statement-breakpoint
DROP FUNCTION "audit_event_hash"("audit_events");--> statement-breakpoint
DROP FUNCTION "audit_canonical_field"(text);--> statement-breakpoint
-- DROP TABLE fires none of its own triggers (nor do column drops below fire row triggers).
DROP TABLE "audit_chain_heads";--> statement-breakpoint
DROP INDEX "audit_events_chain_idx";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "chain_day", DROP COLUMN "chain_seq", DROP COLUMN "prev_hash", DROP COLUMN "hash";--> statement-breakpoint
-- The seal: null until the sequencer fills all four at once. seq is the record's place in
-- the one chain (1, 2, 3…), batch_id the batch that sealed it.
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint, ADD COLUMN "batch_id" bigint, ADD COLUMN "prev_hash" text, ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_idx" ON "audit_events" USING btree ("seq");--> statement-breakpoint
-- The sequencer's work list: only the records not sealed yet, so finding them scans nothing else.
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE "seq" IS NULL;--> statement-breakpoint
-- One row per sealing pass. head_hash is the sha256 of the canonical form of the other
-- fields (platform/audit-chain.ts), prev_head included: the heads chain among themselves.
CREATE TABLE "audit_batches" (
	"id" bigint PRIMARY KEY NOT NULL,
	"first_seq" bigint NOT NULL,
	"last_seq" bigint NOT NULL,
	"records" integer NOT NULL,
	"last_hash" text NOT NULL,
	"prev_head" text,
	"head_hash" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"sealed_by" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_batches_sealed_idx" ON "audit_batches" USING btree ("sealed_at");--> statement-breakpoint
-- What stops the sequencer (a gap, a record it cannot hash), for the system check; one row.
-- Not part of the trail: the sequencer sets and clears it.
CREATE TABLE "audit_sequencer_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"problem" text,
	"problem_since" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Records are never changed or removed through the app, with one exception: the sequencer's
-- seal, once per record, from unsealed to sealed, its content untouched. Someone owning the
-- table can still disable these triggers; then `npm run audit:verify` is what notices.
CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested, because NEW and OLD are unassigned for other operations.
  IF TG_TABLE_NAME = 'audit_events' AND TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL AND OLD.batch_id IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
       AND NEW.seq IS NOT NULL AND NEW.batch_id IS NOT NULL AND NEW.hash IS NOT NULL
       AND NEW.id IS NOT DISTINCT FROM OLD.id
       AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
       AND NEW.subject_user_id IS NOT DISTINCT FROM OLD.subject_user_id
       AND NEW.action IS NOT DISTINCT FROM OLD.action
       AND NEW.outcome IS NOT DISTINCT FROM OLD.outcome
       AND NEW.detail IS NOT DISTINCT FROM OLD.detail
       AND NEW.ip IS NOT DISTINCT FROM OLD.ip
       AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
-- A record is written unsealed: only the sequencer's update seals it. No lock, no lookup.
CREATE FUNCTION audit_events_unsealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS NOT NULL OR NEW.batch_id IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL THEN
    RAISE EXCEPTION 'audit_events: a record is written unsealed; the sequencer seals it' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_unsealed BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_unsealed();--> statement-breakpoint
-- A batch head is written once and never changed.
CREATE TRIGGER audit_batches_append_only BEFORE UPDATE OR DELETE ON audit_batches FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_batches_no_truncate BEFORE TRUNCATE ON audit_batches FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

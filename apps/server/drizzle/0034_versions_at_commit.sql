-- Table versions (migration 0015) bumped at commit, in name order. Until now each write statement
-- bumped its table's version at once and held that row until commit, so two transactions writing
-- two versioned tables in opposite orders (a form and its version; an assignment and its form)
-- could each hold the row the other waited for: a deadlock, which CI met. Now a write statement
-- only notes its table for its own transaction; at commit one deferred trigger locks every noted
-- version in name order and bumps it. Every writer takes version rows at one moment and in one
-- order, so no cycle can form, and a version row is held for the commit alone. Readers still see a
-- new version exactly when they see the write. The notes never outlive their transaction (a
-- rolled-back write leaves none), so the table is unlogged.
CREATE UNLOGGED TABLE "table_versions_pending" (
  "xact" bigint NOT NULL,
  "name" text NOT NULL,
  PRIMARY KEY ("xact", "name")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_versions_pending (xact, name) VALUES (txid_current(), TG_TABLE_NAME) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_pending_table_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  this_xact bigint := txid_current();
BEGIN
  -- The first of the transaction's deferred calls bumps every noted table; the others find none.
  PERFORM 1 FROM table_versions
    WHERE name IN (SELECT p.name FROM table_versions_pending p WHERE p.xact = this_xact)
    ORDER BY name FOR UPDATE;
  UPDATE table_versions SET version = version + 1
    WHERE name IN (SELECT p.name FROM table_versions_pending p WHERE p.xact = this_xact);
  DELETE FROM table_versions_pending p WHERE p.xact = this_xact;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "table_versions_pending_at_commit" AFTER INSERT ON "table_versions_pending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_pending_table_versions();

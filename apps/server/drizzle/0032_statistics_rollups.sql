-- Issue 34.3: statistics from roll-ups kept in the transaction that writes the rows they sum.
-- 1. game_sessions.metrics: a copy of the session's game_session_metrics as one object, kept by a
--    trigger on that table, so a patient's statistics read each session's measures from its own row.
ALTER TABLE "game_sessions" ADD COLUMN "metrics" jsonb;--> statement-breakpoint
CREATE FUNCTION game_session_metrics_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The whole object again for every session touched: inserts, updates and deletes alike.
  IF TG_OP = 'DELETE' THEN
    UPDATE game_sessions s SET metrics = (SELECT jsonb_object_agg(m.name, m.value) FROM game_session_metrics m WHERE m.session_id = s.id)
    WHERE s.id IN (SELECT DISTINCT session_id FROM old_rows);
  ELSE
    UPDATE game_sessions s SET metrics = (SELECT jsonb_object_agg(m.name, m.value) FROM game_session_metrics m WHERE m.session_id = s.id)
    WHERE s.id IN (SELECT DISTINCT session_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER game_session_metrics_kept_insert AFTER INSERT ON game_session_metrics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION game_session_metrics_keep();--> statement-breakpoint
CREATE TRIGGER game_session_metrics_kept_update AFTER UPDATE ON game_session_metrics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION game_session_metrics_keep();--> statement-breakpoint
CREATE TRIGGER game_session_metrics_kept_delete AFTER DELETE ON game_session_metrics
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION game_session_metrics_keep();--> statement-breakpoint
UPDATE game_sessions s SET metrics = m.metrics
FROM (SELECT session_id, jsonb_object_agg(name, value) AS metrics FROM game_session_metrics GROUP BY session_id) m
WHERE s.id = m.session_id;--> statement-breakpoint
-- 2. game_session_days: sessions per UTC day (of ended_at), patient, build and activity, kept by
--    triggers on game_sessions (a deleted patient's or activity's sessions included, through their
--    cascades), for the platform's figures.
CREATE TABLE "game_session_days" (
	"day" date NOT NULL,
	"patient_id" text NOT NULL,
	"build_id" text NOT NULL,
	"family" text NOT NULL,
	"activity_id" integer,
	"sessions" integer NOT NULL,
	CONSTRAINT "game_session_days_key" UNIQUE NULLS NOT DISTINCT("day","patient_id","build_id","family","activity_id")
);--> statement-breakpoint
CREATE FUNCTION game_session_days_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- +1 for a session coming in, -1 for one going out (an update counts only when it moves a key),
  -- added in key order so that two writers never wait on each other crosswise.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO game_session_days AS d (day, patient_id, build_id, family, activity_id, sessions)
    SELECT day, patient_id, build_id, family, activity_id, sum(n)::int FROM (SELECT (ended_at AT TIME ZONE 'UTC')::date AS day, patient_id, build_id, family, activity_id, 1 AS n FROM new_rows) delta
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT game_session_days_key DO UPDATE SET sessions = d.sessions + excluded.sessions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO game_session_days AS d (day, patient_id, build_id, family, activity_id, sessions)
    SELECT day, patient_id, build_id, family, activity_id, sum(n)::int FROM (SELECT (ended_at AT TIME ZONE 'UTC')::date AS day, patient_id, build_id, family, activity_id, -1 AS n FROM old_rows) delta
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT game_session_days_key DO UPDATE SET sessions = d.sessions + excluded.sessions;
  ELSE
    INSERT INTO game_session_days AS d (day, patient_id, build_id, family, activity_id, sessions)
    SELECT day, patient_id, build_id, family, activity_id, sum(n)::int FROM (SELECT x.* FROM old_rows o JOIN new_rows r ON r.id = o.id,
      LATERAL (VALUES ((o.ended_at AT TIME ZONE 'UTC')::date, o.patient_id, o.build_id, o.family, o.activity_id, -1),
                      ((r.ended_at AT TIME ZONE 'UTC')::date, r.patient_id, r.build_id, r.family, r.activity_id, 1)) x(day, patient_id, build_id, family, activity_id, n)
      WHERE (r.ended_at, r.patient_id, r.build_id, r.family, r.activity_id) IS DISTINCT FROM (o.ended_at, o.patient_id, o.build_id, o.family, o.activity_id)) delta
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT game_session_days_key DO UPDATE SET sessions = d.sessions + excluded.sessions;
  END IF;
  -- A key with no session left goes (found through the partial index, empty but for these).
  DELETE FROM game_session_days WHERE sessions <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER game_session_days_kept_insert AFTER INSERT ON game_sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION game_session_days_keep();--> statement-breakpoint
CREATE TRIGGER game_session_days_kept_update AFTER UPDATE ON game_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION game_session_days_keep();--> statement-breakpoint
CREATE TRIGGER game_session_days_kept_delete AFTER DELETE ON game_sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION game_session_days_keep();--> statement-breakpoint
INSERT INTO game_session_days (day, patient_id, build_id, family, activity_id, sessions)
SELECT (ended_at AT TIME ZONE 'UTC')::date, patient_id, build_id, family, activity_id, count(*)::int
FROM game_sessions GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE INDEX "game_session_days_patient_idx" ON "game_session_days" USING btree ("patient_id","day");--> statement-breakpoint
CREATE INDEX "game_session_days_emptied_idx" ON "game_session_days" USING btree ("day") WHERE "game_session_days"."sessions" <= 0;--> statement-breakpoint
-- 3. statistics_versions: a version per patient that every write of their sessions (their metrics
--    included, through game_sessions.metrics) or assignments bumps in its own transaction, so a
--    node keeps a patient's statistics answer while the version it was read under holds.
CREATE TABLE "statistics_versions" (
	"patient_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION statistics_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In patient order, so that two writers never wait on each other crosswise.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_versions AS v (patient_id) SELECT DISTINCT patient_id FROM new_rows ORDER BY 1
    ON CONFLICT (patient_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_versions AS v (patient_id) SELECT DISTINCT patient_id FROM old_rows ORDER BY 1
    ON CONFLICT (patient_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO statistics_versions AS v (patient_id) SELECT patient_id FROM new_rows UNION SELECT patient_id FROM old_rows ORDER BY 1
    ON CONFLICT (patient_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER game_sessions_statistics_version_insert AFTER INSERT ON game_sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_versions_bump();--> statement-breakpoint
CREATE TRIGGER game_sessions_statistics_version_update AFTER UPDATE ON game_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_versions_bump();--> statement-breakpoint
CREATE TRIGGER game_sessions_statistics_version_delete AFTER DELETE ON game_sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_versions_bump();--> statement-breakpoint
CREATE TRIGGER assigned_activities_statistics_version_insert AFTER INSERT ON assigned_activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_versions_bump();--> statement-breakpoint
CREATE TRIGGER assigned_activities_statistics_version_update AFTER UPDATE ON assigned_activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_versions_bump();--> statement-breakpoint
CREATE TRIGGER assigned_activities_statistics_version_delete AFTER DELETE ON assigned_activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_versions_bump();--> statement-breakpoint
-- 4. An index on every column a platform figure filters by.
CREATE INDEX "assigned_activities_done_at_idx" ON "assigned_activities" USING btree ("done_at","patient_id") WHERE "assigned_activities"."done";--> statement-breakpoint
CREATE INDEX "assigned_activities_assigner_created_idx" ON "assigned_activities" USING btree ("assigned_by","created_at");--> statement-breakpoint
CREATE INDEX "appointments_accepted_start_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."state" = 'paid';

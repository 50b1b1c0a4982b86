-- A version per table that list pages may be cached against (platform/page-cache.ts). Every
-- statement that writes one of these tables bumps its version in the writing transaction, so the
-- new version becomes visible exactly when the write does, on every app node. Only tables written
-- by short transactions are listed: a writer holds its table's version row until it commits.
CREATE TABLE "table_versions" (
  "name" text PRIMARY KEY NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['activities', 'activity_categories', 'activity_recommendations', 'categories', 'files', 'recommendations', 'uploads', 'memberships',
    'services', 'schedules', 'schedule_exceptions', 'appointments', 'care_team', 'users'] LOOP
    INSERT INTO table_versions (name) VALUES (t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()', t || '_bump_version', t);
  END LOOP;
END $$;

-- Identity changes, announced (platform/identity-cache.ts). A node may answer a session's identity
-- (the session, the user, their groups and permissions, their clinic's paid period) from memory
-- for a few seconds; every write that could change one NOTIFYs the channel `identity_changes` at
-- commit, and each node drops what it kept: `u:<id>` for one user's identity (and their clinic's
-- staff when the user is a clinic), `*` for everyone's (a group's permissions, a permission). A
-- new session (an INSERT into sessions) changes no identity already kept, so it is not announced.
-- NOTIFY folds equal payloads of one transaction into one.
CREATE FUNCTION "notify_identity_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('identity_changes', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('identity_changes', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  ELSE
    PERFORM pg_notify('identity_changes', 'u:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
    -- A row moved to another user changes the old one's identity too.
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
      PERFORM pg_notify('identity_changes', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_identity_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_change('user_id');--> statement-breakpoint
CREATE TRIGGER "users_identity_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_change('id');--> statement-breakpoint
CREATE TRIGGER "user_groups_identity_change" AFTER INSERT OR UPDATE OR DELETE ON "user_groups"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_change('user_id');--> statement-breakpoint
CREATE TRIGGER "user_permissions_identity_change" AFTER INSERT OR UPDATE OR DELETE ON "user_permissions"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_change('user_id');--> statement-breakpoint
CREATE TRIGGER "assigned_memberships_identity_change" AFTER INSERT OR UPDATE OR DELETE ON "assigned_memberships"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_change('user_id');--> statement-breakpoint
CREATE TRIGGER "group_permissions_identity_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();--> statement-breakpoint
CREATE TRIGGER "permissions_identity_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();
--> statement-breakpoint
CREATE TRIGGER "sessions_identity_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();--> statement-breakpoint
CREATE TRIGGER "users_identity_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();--> statement-breakpoint
CREATE TRIGGER "user_groups_identity_truncate" AFTER TRUNCATE ON "user_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();--> statement-breakpoint
CREATE TRIGGER "user_permissions_identity_truncate" AFTER TRUNCATE ON "user_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();--> statement-breakpoint
CREATE TRIGGER "assigned_memberships_identity_truncate" AFTER TRUNCATE ON "assigned_memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_change();

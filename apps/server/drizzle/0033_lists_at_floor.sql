-- Every list at the floor (issue 34.4). Versions (migration 0015) of the tables the forms list,
-- the form results, the membership page and the shop's stores and categories read, so their
-- answers are kept (platform/kept-answers.ts, paging.ts) and dropped by any write to them on any
-- app node. Their writers are short, rare transactions: a form saved; an assignment made,
-- answered or reviewed; a reminder claimed; a period given; a membership ordered, paid or
-- invoiced; billing details saved; a user's groups set; a store, category or product edited
-- (0031 versions the shop's too). Tables written on every checkout, every email or every
-- notification are left out: a version row would make those writers wait for each other's
-- commits. Written to run whether or not another migration versioned a table first.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['dynamic_forms', 'dynamic_form_versions', 'form_assignments', 'assigned_memberships', 'user_groups', 'orders', 'billing_details', 'invoices',
    'shop_stores', 'shop_categories', 'shop_products'] LOOP
    INSERT INTO table_versions (name) VALUES (t) ON CONFLICT (name) DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = t || '_bump_version') THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()', t || '_bump_version', t);
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- The form results, newest submission first, of the submitted and reviewed answers.
CREATE INDEX IF NOT EXISTS "form_assignments_results_idx" ON "form_assignments" USING btree ("submitted_at" DESC, "id" DESC) WHERE state IN ('submitted', 'reviewed');--> statement-breakpoint
-- The messages sent list reads its page in (send_at, id) order: with the id in the index a page is
-- the next rows of one index scan, not every one of the sender's messages sorted.
CREATE INDEX IF NOT EXISTS "messages_sent_by_page_idx" ON "messages" USING btree ("sent_by","send_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_page_idx" ON "messages" USING btree ("send_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "messages_sent_by_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_send_at_idx";

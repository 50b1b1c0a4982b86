-- Adding variants marks their products on sale once per statement, not once per row: an import
-- of thousands of rows ran the row trigger's update for each (about 1 ms a row, growing with the
-- table). A new variant can only switch its product on, never off.
DROP TRIGGER "shop_variants_on_sale_written" ON "shop_variants";--> statement-breakpoint
CREATE FUNCTION shop_variants_on_sale_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_products p SET has_active_variant = true
  WHERE p.id IN (SELECT a.product_id FROM added a WHERE a.active) AND NOT p.has_active_variant;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shop_variants_on_sale_added AFTER INSERT ON shop_variants REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION shop_variants_on_sale_added();--> statement-breakpoint
CREATE TRIGGER shop_variants_on_sale_deleted AFTER DELETE ON shop_variants FOR EACH ROW EXECUTE FUNCTION shop_variants_on_sale();

DROP INDEX "shop_products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "shop_products" ADD COLUMN "has_active_variant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_products_name_search_idx" ON "shop_products" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
-- Kept by the database for every write to a variant (the app's, an import's, a hand's): whether the product has an active variant.
-- Updates fire only when they change `active` or `product_id`: a checkout's stock update writes no product row.
CREATE FUNCTION shop_products_mark_on_sale(product integer) RETURNS void LANGUAGE sql AS $$
  UPDATE shop_products p SET has_active_variant = EXISTS (SELECT 1 FROM shop_variants v WHERE v.product_id = p.id AND v.active)
  WHERE p.id = product AND p.has_active_variant IS DISTINCT FROM EXISTS (SELECT 1 FROM shop_variants v WHERE v.product_id = p.id AND v.active);
$$;--> statement-breakpoint
CREATE FUNCTION shop_variants_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM shop_products_mark_on_sale(NEW.product_id); END IF;
  IF TG_OP = 'DELETE' OR OLD.product_id IS DISTINCT FROM NEW.product_id THEN PERFORM shop_products_mark_on_sale(OLD.product_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shop_variants_on_sale_written AFTER INSERT OR DELETE ON shop_variants FOR EACH ROW EXECUTE FUNCTION shop_variants_on_sale();--> statement-breakpoint
CREATE TRIGGER shop_variants_on_sale_changed AFTER UPDATE OF active, product_id ON shop_variants FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.product_id IS DISTINCT FROM NEW.product_id) EXECUTE FUNCTION shop_variants_on_sale();--> statement-breakpoint
UPDATE shop_products p SET has_active_variant = EXISTS (SELECT 1 FROM shop_variants v WHERE v.product_id = p.id AND v.active);

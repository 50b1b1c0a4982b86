-- The storefront at scale (issue 34.2). Its page is a kept answer (platform/kept-answers.ts), kept
-- against the versions of the tables its one statement reads. So that statement reads no variant
-- or bundle part: what it shows of them (a product's lowest price and whether it is in stock, a
-- bundle's parts on sale, its stock and picture) is kept on the product and bundle rows by the
-- triggers below, written only when the shown value changes. A checkout that takes a unit from
-- stock then changes no row the storefront reads (and bumps no version, holds no version row),
-- unless it sells the last one.
ALTER TABLE "shop_products" ADD COLUMN "from_cents" integer;--> statement-breakpoint
ALTER TABLE "shop_products" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_bundles" ADD COLUMN "parts_on_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_bundles" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_bundles" ADD COLUMN "image_upload_id" uuid;--> statement-breakpoint
-- A product as its active variants show it: on sale, from what price, in stock. Volatile: each
-- call reads with a fresh snapshot, so after waiting on the product's row lock it sees the
-- variants another checkout committed meanwhile.
CREATE OR REPLACE FUNCTION shop_products_mark_on_sale(product integer) RETURNS void LANGUAGE sql AS $$
  UPDATE shop_products p SET has_active_variant = s.on_sale, from_cents = s.from_cents, in_stock = s.in_stock
  FROM (SELECT count(*) > 0 AS on_sale, min(v.price_cents) AS from_cents, coalesce(bool_or(v.stock > 0), false) AS in_stock
        FROM shop_variants v WHERE v.product_id = product AND v.active) s
  WHERE p.id = product AND (p.has_active_variant, p.from_cents, p.in_stock) IS DISTINCT FROM (s.on_sale, s.from_cents, s.in_stock);
$$;--> statement-breakpoint
-- Bundles as the storefront shows them: every part's variant and product active (and at least
-- one part), enough stock of each part for one bundle, the first part's first picture.
CREATE FUNCTION shop_bundles_mark(bundles integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE shop_bundles b SET parts_on_sale = s.parts_on_sale, in_stock = s.in_stock, image_upload_id = s.image_upload_id
  FROM (SELECT x.id,
          coalesce(bool_and(v.active AND vp.active), false) AS parts_on_sale,
          coalesce(bool_and(v.stock >= bi.quantity), false) AS in_stock,
          (SELECT i.upload_id FROM shop_bundle_items pi JOIN shop_variants pv ON pv.id = pi.variant_id
             JOIN shop_product_images i ON i.product_id = pv.product_id
           WHERE pi.bundle_id = x.id ORDER BY pv.id, i.position LIMIT 1) AS image_upload_id
        FROM unnest(bundles) AS x(id)
          LEFT JOIN shop_bundle_items bi ON bi.bundle_id = x.id
          LEFT JOIN shop_variants v ON v.id = bi.variant_id
          LEFT JOIN shop_products vp ON vp.id = v.product_id
        GROUP BY x.id) s
  WHERE b.id = s.id AND (b.parts_on_sale, b.in_stock, b.image_upload_id) IS DISTINCT FROM (s.parts_on_sale, s.in_stock, s.image_upload_id);
$$;--> statement-breakpoint
-- New variants: their products marked once per statement (an import adds thousands).
CREATE OR REPLACE FUNCTION shop_variants_on_sale_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_products p SET has_active_variant = true, from_cents = s.from_cents, in_stock = s.in_stock
  FROM (SELECT v.product_id, min(v.price_cents) AS from_cents, bool_or(v.stock > 0) AS in_stock
        FROM shop_variants v WHERE v.product_id IN (SELECT a.product_id FROM added a WHERE a.active) AND v.active
        GROUP BY v.product_id) s
  WHERE p.id = s.product_id AND (p.has_active_variant, p.from_cents, p.in_stock) IS DISTINCT FROM (true, s.from_cents, s.in_stock);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Changed variants, once per statement: only products and bundles whose shown values may change
-- (a stock crossing zero or a bundle's quantity, a price, `active`, a move to another product).
-- Their rows are locked in id order before they are recomputed: two checkouts selling the last
-- units of two variants of one product then see each other's stock, and never deadlock.
CREATE FUNCTION shop_variants_shown_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  products integer[];
  bundles integer[];
BEGIN
  SELECT array_agg(DISTINCT x.product_id ORDER BY x.product_id) INTO products FROM (
    SELECT n.product_id FROM changed_new n JOIN changed_old o ON o.id = n.id
    WHERE n.active IS DISTINCT FROM o.active OR n.product_id IS DISTINCT FROM o.product_id
       OR n.price_cents IS DISTINCT FROM o.price_cents OR (n.stock > 0) IS DISTINCT FROM (o.stock > 0)
    UNION
    SELECT o.product_id FROM changed_new n JOIN changed_old o ON o.id = n.id WHERE n.product_id IS DISTINCT FROM o.product_id) x;
  IF products IS NOT NULL THEN
    PERFORM 1 FROM shop_products p WHERE p.id = ANY (products) ORDER BY p.id FOR NO KEY UPDATE;
    PERFORM shop_products_mark_on_sale(x) FROM unnest(products) AS x;
  END IF;
  SELECT array_agg(DISTINCT bi.bundle_id ORDER BY bi.bundle_id) INTO bundles
  FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN shop_bundle_items bi ON bi.variant_id = n.id
  WHERE n.active IS DISTINCT FROM o.active OR n.product_id IS DISTINCT FROM o.product_id
     OR (n.stock >= bi.quantity) IS DISTINCT FROM (o.stock >= bi.quantity);
  IF bundles IS NOT NULL THEN
    PERFORM 1 FROM shop_bundles b WHERE b.id = ANY (bundles) ORDER BY b.id FOR NO KEY UPDATE;
    PERFORM shop_bundles_mark(bundles);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "shop_variants_on_sale_changed" ON "shop_variants";--> statement-breakpoint
CREATE TRIGGER shop_variants_shown_changed AFTER UPDATE ON shop_variants REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION shop_variants_shown_changed();--> statement-breakpoint
CREATE FUNCTION shop_bundle_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM shop_bundles_mark(ARRAY[OLD.bundle_id]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM shop_bundles_mark(ARRAY[NEW.bundle_id]); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shop_bundle_items_changed AFTER INSERT OR UPDATE OR DELETE ON shop_bundle_items FOR EACH ROW EXECUTE FUNCTION shop_bundle_items_changed();--> statement-breakpoint
-- A product switched on or off, or its pictures changed: the bundles holding one of its variants.
CREATE FUNCTION shop_product_bundles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product integer;
BEGIN
  IF TG_TABLE_NAME = 'shop_products' THEN product := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN product := OLD.product_id;
  ELSE product := NEW.product_id;
  END IF;
  PERFORM shop_bundles_mark(array_agg(DISTINCT bi.bundle_id))
  FROM shop_variants v JOIN shop_bundle_items bi ON bi.variant_id = v.id WHERE v.product_id = product HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shop_products_bundles_changed AFTER UPDATE OF active ON shop_products FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active) EXECUTE FUNCTION shop_product_bundles_changed();--> statement-breakpoint
CREATE TRIGGER shop_product_images_bundles_changed AFTER INSERT OR UPDATE OR DELETE ON shop_product_images FOR EACH ROW
  EXECUTE FUNCTION shop_product_bundles_changed();--> statement-breakpoint
UPDATE shop_products p SET from_cents = s.from_cents, in_stock = s.in_stock
FROM (SELECT v.product_id, min(v.price_cents) AS from_cents, bool_or(v.stock > 0) AS in_stock FROM shop_variants v WHERE v.active GROUP BY v.product_id) s
WHERE p.id = s.product_id;--> statement-breakpoint
SELECT shop_bundles_mark(array_agg(id)) FROM shop_bundles HAVING count(*) > 0;--> statement-breakpoint
-- The storefront's pages read what is on sale in name order, the whole store's or a category's.
CREATE INDEX "shop_products_storefront_name_idx" ON "shop_products" USING btree ("store_id","name","id") WHERE active AND has_active_variant;--> statement-breakpoint
CREATE INDEX "shop_products_storefront_category_idx" ON "shop_products" USING btree ("store_id","category_id","name","id") WHERE active AND has_active_variant;--> statement-breakpoint
-- Versions of the tables the storefront's statement reads (migration 0015): its kept answers
-- are dropped by any write to them, on any app node. Variants and bundle parts are not among
-- them (see above): a checkout's stock update bumps no version.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shop_stores', 'shop_categories', 'shop_products', 'shop_product_images', 'shop_bundles'] LOOP
    INSERT INTO table_versions (name) VALUES (t) ON CONFLICT (name) DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = t || '_bump_version') THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()', t || '_bump_version', t);
    END IF;
  END LOOP;
END $$;

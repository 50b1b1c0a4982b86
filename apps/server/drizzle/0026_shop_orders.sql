CREATE TABLE "shop_bundle_items" (
	"bundle_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shop_bundle_items_bundle_id_variant_id_pk" PRIMARY KEY("bundle_id","variant_id"),
	CONSTRAINT "shop_bundle_items_quantity_check" CHECK ("shop_bundle_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_bundles_price_check" CHECK ("shop_bundles"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"variant_id" integer,
	"bundle_id" integer,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_cart_lines_target_check" CHECK (("shop_cart_lines"."variant_id" is null) <> ("shop_cart_lines"."bundle_id" is null)),
	CONSTRAINT "shop_cart_lines_quantity_check" CHECK ("shop_cart_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "shop_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"code" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"code" varchar(32),
	"kind" varchar(10) NOT NULL,
	"value" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"bundle_ids" integer[] DEFAULT '{}' NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_discounts_kind_check" CHECK ("shop_discounts"."kind" in ('percent', 'fixed')),
	CONSTRAINT "shop_discounts_value_check" CHECK ("shop_discounts"."value" > 0 and ("shop_discounts"."kind" <> 'percent' or "shop_discounts"."value" <= 10000)),
	CONSTRAINT "shop_discounts_dates_check" CHECK ("shop_discounts"."ends_at" is null or "shop_discounts"."starts_at" is null or "shop_discounts"."ends_at" > "shop_discounts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "shop_order_discounts" (
	"order_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	"title" text NOT NULL,
	"code" varchar(32),
	"amount_cents" integer NOT NULL,
	CONSTRAINT "shop_order_discounts_order_id_discount_id_pk" PRIMARY KEY("order_id","discount_id")
);
--> statement-breakpoint
CREATE TABLE "shop_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount_cents" integer,
	"by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"variant_id" integer,
	"bundle_id" integer,
	"product_id" integer,
	"name" text NOT NULL,
	"sku" varchar(64) DEFAULT '' NOT NULL,
	"unit_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"net_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"fulfilment" varchar(8) NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"provider" varchar(12) NOT NULL,
	"provider_ref" text,
	"payment_reference" text,
	"currency" char(3) NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_state_check" CHECK ("shop_orders"."state" in ('pending', 'paid', 'fulfilled', 'cancelled', 'refunded')),
	CONSTRAINT "shop_orders_fulfilment_check" CHECK ("shop_orders"."fulfilment" in ('ship', 'collect')),
	CONSTRAINT "shop_orders_money_check" CHECK ("shop_orders"."total_cents" >= 0 and "shop_orders"."refunded_cents" between 0 and "shop_orders"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "shop_product_images" (
	"product_id" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_product_images_product_id_upload_id_pk" PRIMARY KEY("product_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "shop_bundle_items" ADD CONSTRAINT "shop_bundle_items_bundle_id_shop_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."shop_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bundle_items" ADD CONSTRAINT "shop_bundle_items_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bundles" ADD CONSTRAINT "shop_bundles_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_cart_id_shop_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."shop_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_bundle_id_shop_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."shop_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_carts" ADD CONSTRAINT "shop_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_carts" ADD CONSTRAINT "shop_carts_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_discounts" ADD CONSTRAINT "shop_discounts_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_discounts" ADD CONSTRAINT "shop_order_discounts_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_discounts" ADD CONSTRAINT "shop_order_discounts_discount_id_shop_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."shop_discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_events" ADD CONSTRAINT "shop_order_events_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_events" ADD CONSTRAINT "shop_order_events_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_bundle_id_shop_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."shop_bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD CONSTRAINT "shop_product_images_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD CONSTRAINT "shop_product_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_bundle_items_variant_idx" ON "shop_bundle_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "shop_bundles_store_idx" ON "shop_bundles" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_lines_variant_idx" ON "shop_cart_lines" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_lines_bundle_idx" ON "shop_cart_lines" USING btree ("cart_id","bundle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_carts_user_store_idx" ON "shop_carts" USING btree ("user_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_discounts_store_code_idx" ON "shop_discounts" USING btree ("store_id",upper("code"));--> statement-breakpoint
CREATE INDEX "shop_discounts_store_idx" ON "shop_discounts" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "shop_order_discounts_discount_idx" ON "shop_order_discounts" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "shop_order_events_order_idx" ON "shop_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shop_order_lines_order_idx" ON "shop_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_store_idx" ON "shop_orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_customer_idx" ON "shop_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_pending_idx" ON "shop_orders" USING btree ("expires_at") WHERE "shop_orders"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "shop_orders_provider_ref_idx" ON "shop_orders" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "shop_products_name_trgm_idx" ON "shop_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- A clinic runs its own shop (issue 20): a database set up before the shop existed grants the shop's codenames to the clinic group (2), as a new one does on its first start (DEFAULT_GROUP_PERMISSIONS).
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT 2, "id" FROM "permissions" WHERE "codename" IN ('change_store', 'change_category', 'change_product', 'add_orderdiscount', 'change_orderdiscount', 'delete_orderdiscount', 'add_bundle', 'change_bundle', 'delete_bundle') ON CONFLICT DO NOTHING;

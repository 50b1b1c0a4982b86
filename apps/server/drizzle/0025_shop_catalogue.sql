CREATE TABLE "shop_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_stock_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_stock_moves_reason_check" CHECK ("shop_stock_moves"."reason" in ('adjustment', 'reserved', 'released', 'restocked')),
	CONSTRAINT "shop_stock_moves_delta_check" CHECK ("shop_stock_moves"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "shop_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"name" varchar(120) NOT NULL,
	"logo_upload_id" uuid,
	"currency" char(3) NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_stores_tax_check" CHECK ("shop_stores"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "shop_stores_shipping_check" CHECK ("shop_stores"."shipping_cents" >= 0),
	CONSTRAINT "shop_stores_currency_check" CHECK ("shop_stores"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "shop_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"sku" varchar(64) NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_variants_price_check" CHECK ("shop_variants"."price_cents" >= 0),
	CONSTRAINT "shop_variants_stock_check" CHECK ("shop_variants"."stock" >= 0),
	CONSTRAINT "shop_variants_threshold_check" CHECK ("shop_variants"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stores" ADD CONSTRAINT "shop_stores_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stores" ADD CONSTRAINT "shop_stores_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_store_id_shop_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shop_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_categories_store_name_idx" ON "shop_categories" USING btree ("store_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shop_products_store_category_idx" ON "shop_products" USING btree ("store_id","category_id");--> statement-breakpoint
CREATE INDEX "shop_products_store_name_idx" ON "shop_products" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "shop_stock_moves_variant_idx" ON "shop_stock_moves" USING btree ("variant_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_stores_clinic_idx" ON "shop_stores" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_variants_store_sku_idx" ON "shop_variants" USING btree ("store_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "shop_variants_product_idx" ON "shop_variants" USING btree ("product_id","position");
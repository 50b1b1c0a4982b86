CREATE TABLE "cms_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"location" varchar(10) NOT NULL,
	"language" varchar(2) NOT NULL,
	"items" jsonb NOT NULL,
	"updated_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"autosave" boolean DEFAULT false NOT NULL,
	"restored_from" integer,
	"published_at" timestamp with time zone,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"slug" varchar(80) NOT NULL,
	"language" varchar(2) NOT NULL,
	"is_home" boolean DEFAULT false NOT NULL,
	"twin_id" integer,
	"draft" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published" jsonb,
	"published_version" integer,
	"state" varchar(10) DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"public_slug" varchar(80),
	"public_language" varchar(2),
	"updated_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_pages_state_known" CHECK ("cms_pages"."state" in ('draft', 'scheduled', 'published')),
	CONSTRAINT "cms_pages_language_known" CHECK ("cms_pages"."language" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "theme" text DEFAULT 'primary' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_menus" ADD CONSTRAINT "cms_menus_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_page_versions" ADD CONSTRAINT "cms_page_versions_page_id_cms_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."cms_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_page_versions" ADD CONSTRAINT "cms_page_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_menus_location_language" ON "cms_menus" USING btree ("location","language");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_page_versions_page_version" ON "cms_page_versions" USING btree ("page_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_language_slug" ON "cms_pages" USING btree ("language","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_home" ON "cms_pages" USING btree ("language") WHERE "cms_pages"."is_home";--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_public_path" ON "cms_pages" USING btree ("public_language","public_slug");--> statement-breakpoint
CREATE INDEX "cms_pages_state" ON "cms_pages" USING btree ("state","language");--> statement-breakpoint
CREATE INDEX "cms_pages_updated" ON "cms_pages" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "cms_pages_scheduled" ON "cms_pages" USING btree ("publish_at") WHERE "cms_pages"."state" = 'scheduled';--> statement-breakpoint
-- Website editors write the public site's pages and menus (issue 39): the custom group a new database starts with (DEFAULT_CUSTOM_GROUPS), added to an older one.
INSERT INTO "groups" ("name", "name_es") SELECT 'Website editors', 'Editores del sitio web' WHERE EXISTS (SELECT 1 FROM "permissions") ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id") SELECT g."id", p."id" FROM "groups" g JOIN "permissions" p ON p."codename" = 'view_pagina' WHERE g."name" = 'Website editors' ON CONFLICT DO NOTHING;

import type { CmsMenuItemInput, CmsPageContent } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";

/**
 * The page content manager (module `navegacion`, issue 39): one public site per deployment, edited
 * by the holders of view_pagina. A page keeps its draft and its published snapshot apart, so an
 * edit never reaches the public until it is published; every save is a row of cms_page_versions.
 * Title, slug, language and home are columns of the draft (for the list's filters and the unique
 * slug per language); the published snapshot carries its own copy for the public site.
 */
export const cmsPages = pgTable(
  "cms_pages",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 120 }).notNull(),
    slug: varchar("slug", { length: 80 }).notNull(),
    /** en | es */
    language: varchar("language", { length: 2 }).notNull(),
    isHome: boolean("is_home").notNull().default(false),
    /** The same page in the other language (both rows point to each other). */
    twinId: integer("twin_id"),
    /** The draft's fields, as the editor last saved them. */
    draft: jsonb("draft").$type<CmsPageContent>().notNull(),
    /** The draft's version: the number of its latest row in cms_page_versions. */
    version: integer("version").notNull().default(1),
    /** What the public sees (or will see at publish_at); null before the first publishing. */
    published: jsonb("published").$type<CmsPageContent>(),
    publishedVersion: integer("published_version"),
    /** draft (never public) | scheduled (public from publish_at) | published */
    state: varchar("state", { length: 10 }).notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The public slug and language (the published snapshot's), for the public lookup and the sitemap. */
    publicSlug: varchar("public_slug", { length: 80 }),
    publicLanguage: varchar("public_language", { length: 2 }),
    updatedById: text("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("cms_pages_language_slug").on(table.language, table.slug),
    uniqueIndex("cms_pages_home").on(table.language).where(sql`${table.isHome}`),
    uniqueIndex("cms_pages_public_path").on(table.publicLanguage, table.publicSlug),
    index("cms_pages_state").on(table.state, table.language),
    // With the id, the editors' list pages through the index alone, never the wide rows it skips.
    index("cms_pages_updated").on(table.updatedAt, table.id),
    index("cms_pages_scheduled").on(table.publishAt).where(sql`${table.state} = 'scheduled'`),
    check("cms_pages_state_known", sql`${table.state} in ('draft', 'scheduled', 'published')`),
    check("cms_pages_language_known", sql`${table.language} in ('en', 'es')`),
  ],
);

/** Every save of a page: who, when, what (the whole content), whether autosaved or a restore. */
export const cmsPageVersions = pgTable(
  "cms_page_versions",
  {
    id: serial("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => cmsPages.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: jsonb("content").$type<CmsPageContent>().notNull(),
    autosave: boolean("autosave").notNull().default(false),
    restoredFrom: integer("restored_from"),
    /** Set when this version went public. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("cms_page_versions_page_version").on(table.pageId, table.version)],
);

/** A menu of the site: its items in order, pages by id (a deleted page leaves its item flagged). */
export const cmsMenus = pgTable(
  "cms_menus",
  {
    id: serial("id").primaryKey(),
    /** header | footer */
    location: varchar("location", { length: 10 }).notNull(),
    language: varchar("language", { length: 2 }).notNull(),
    items: jsonb("items").$type<Required<Omit<CmsMenuItemInput, "children">> & { children: Required<Omit<CmsMenuItemInput, "children">>[] }[]>().notNull(),
    updatedById: text("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [uniqueIndex("cms_menus_location_language").on(table.location, table.language)],
);

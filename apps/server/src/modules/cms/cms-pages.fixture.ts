import type { CmsBlock, CmsLanguage, CmsPageContent } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * The CMS tests' pages (issue 39), written straight to the tables: a page with its version 1,
 * a draft or already published, so the tests of the site, the menus and the matrix set up what
 * they need without the pages' routes.
 */

export type FixturePage = { id: number; slug: string; language: CmsLanguage; title: string };

let counter = 0;

export interface FixturePageOptions {
  title?: string;
  slug?: string;
  language?: CmsLanguage;
  isHome?: boolean;
  seoTitle?: string;
  seoDescription?: string;
  blocks?: CmsBlock[];
  /** published: the draft is also the published snapshot (version 1 went public). */
  state?: "draft" | "published";
  /** Edited by this user (none by default). */
  authorId?: string | null;
}

/** A page (a draft unless `state: "published"`) with one text block; slugs are unique unless given. */
export async function makeCmsPage(db: Db, overrides: FixturePageOptions = {}): Promise<FixturePage> {
  counter += 1;
  const title = overrides.title ?? `Vestibular therapy ${counter}`;
  const slug = overrides.slug ?? `page-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const language = overrides.language ?? "en";
  const content: CmsPageContent = {
    title,
    slug,
    language,
    isHome: overrides.isHome ?? false,
    seoTitle: overrides.seoTitle ?? "",
    seoDescription: overrides.seoDescription ?? "",
    socialImageId: null,
    twinId: null,
    blocks: overrides.blocks ?? [{ kind: "text", html: "<p>Exercises for dizziness and balance, at the clinic and at home.</p>" }],
  };
  const published = overrides.state === "published";
  const json = JSON.stringify(content);
  const made = await db.execute<{ id: number }>(sql`
    insert into cms_pages (title, slug, language, is_home, draft, version, state, published, published_version, published_at, public_slug, public_language, updated_by_id)
    values (${title}, ${slug}, ${language}, ${content.isHome}, ${json}::jsonb, 1, ${published ? "published" : "draft"},
      ${published ? json : null}::jsonb, ${published ? 1 : null}::int, ${published ? new Date().toISOString() : null}::timestamptz,
      ${published ? slug : null}, ${published ? language : null}, ${overrides.authorId ?? null})
    returning id`);
  const id = Number(made.rows[0]?.id);
  await db.execute(sql`insert into cms_page_versions (page_id, version, content, published_at, author_id)
    values (${id}, 1, ${json}::jsonb, ${published ? new Date().toISOString() : null}::timestamptz, ${overrides.authorId ?? null})`);
  return { id, slug, language, title };
}

/** Links two pages as each other's translation (both rows, drafts included). */
export async function linkCmsPages(db: Db, a: number, b: number): Promise<void> {
  await db.execute(sql`update cms_pages set twin_id = case id when ${a} then ${b}::int else ${a}::int end,
    draft = jsonb_set(draft, '{twinId}', to_jsonb(case id when ${a} then ${b}::int else ${a}::int end)) where id in (${a}, ${b})`);
}

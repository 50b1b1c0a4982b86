import type { CmsPageContent } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type AccessTable, adminOnly, anyone } from "../../guardrails/access-matrix.ts";
import { TEST_PUBLIC_URL } from "../../../test/app.ts";
import { imageForm, multipart } from "../../../test/uploads.ts";

/**
 * The cells of the menus, the preview and the public site (issue 39). Editors hold view_pagina,
 * which among the matrix's roles only admins have (they pass every check); the public site,
 * its sitemap, robots.txt and the pictures of published pages are for anyone.
 */

/** A published English page made for one cell (its slug of its own), inserted as the pages service stores one. */
export async function publishedCmsPage(db: Db, slug: string, extra: Partial<CmsPageContent> = {}): Promise<{ id: number; slug: string }> {
  const content: CmsPageContent = {
    title: "Matrix page",
    slug,
    language: "en",
    isHome: false,
    seoTitle: "",
    seoDescription: "A page of the authorisation matrix.",
    socialImageId: null,
    twinId: null,
    blocks: [{ kind: "text", html: "<p>Hello.</p>" }],
    ...extra,
  };
  const made = await db.execute<{ id: number }>(sql`
    insert into cms_pages (title, slug, language, draft, version, published, published_version, state, published_at, public_slug, public_language)
    values (${content.title}, ${slug}, 'en', ${JSON.stringify(content)}::jsonb, 1, ${JSON.stringify(content)}::jsonb, 1, 'published', now(), ${slug}, 'en')
    returning id`);
  return { id: Number(made.rows[0]?.id), slug };
}

const slugOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const cmsSiteAccess: AccessTable = {
  "GET /api/cms/menus/:location/:language": { expect: adminOnly(200), request: () => ({ params: { location: "header", language: "en" } }) },
  "PUT /api/cms/menus/:location/:language": {
    expect: adminOnly(200),
    request: () => ({ params: { location: "footer", language: "es" }, body: { items: [{ label: "Blog", url: "https://blog.example.com" }] } }),
  },
  "GET /api/cms/pages/:pageId/preview": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { pageId: (await publishedCmsPage(fx.db, slugOf(fx.unique("matrix preview")))).id } }),
  },
  "GET /site/:language": {
    expect: anyone(200),
    request: async (fx) => {
      await homeOnce(fx.db);
      return { params: { language: "en" } };
    },
  },
  "GET /site/:language/:slug": {
    expect: anyone(200),
    request: async (fx) => ({ params: { language: "en", slug: (await publishedCmsPage(fx.db, slugOf(fx.unique("matrix page")))).slug } }),
  },
  "GET /site/media/:uploadId": {
    expect: anyone(200),
    request: async (fx) => {
      const { payload, contentType } = multipart(imageForm(fx.unique("Picture")));
      const response = await fx.inject({
        method: "POST",
        url: "/api/uploads/",
        headers: { cookie: fx.cookieOf("admin"), origin: TEST_PUBLIC_URL, "content-type": contentType },
        payload,
      });
      if (response.statusCode !== 201) throw new Error(`Upload fixture: ${response.statusCode} ${response.body}`);
      const uploadId: string = response.json().id;
      await publishedCmsPage(fx.db, slugOf(fx.unique("matrix picture")), { blocks: [{ kind: "image", uploadId, alt: "A picture", caption: "" }] });
      return { params: { uploadId } };
    },
  },
  "GET /sitemap.xml": { expect: anyone(200) },
  "GET /robots.txt": { expect: anyone(200) },
};

/** The English home page, made once however many cells ask for it at once (one home per language: the rest do nothing). */
function homeOnce(db: Db): Promise<unknown> {
  return db.execute(sql`
    insert into cms_pages (title, slug, language, is_home, draft, version, published, published_version, state, published_at, public_slug, public_language)
    select 'Home', 'home', 'en', true, c, 1, c, 1, 'published', now(), 'home', 'en'
    from (select ${JSON.stringify({ title: "Home", slug: "home", language: "en", isHome: true, seoTitle: "", seoDescription: "", socialImageId: null, twinId: null, blocks: [] })}::jsonb as c) x
    on conflict do nothing`);
}

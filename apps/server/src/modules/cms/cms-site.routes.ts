import { randomBytes } from "node:crypto";
import {
  CMS_LANGUAGES,
  CMS_LIMITS,
  type CmsBlock,
  type CmsLanguage,
  type CmsPageContent,
  cmsMenuInputSchema,
  cmsMenuParamSchema,
  cmsMenuViewSchema,
  cmsPublicPath,
  rowIdParam,
  SLUG_PATTERN,
} from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { compressBody } from "../../platform/compression.ts";
import { notFound } from "../../platform/errors.ts";
import type { FlagService } from "../../platform/flags.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { getMenu, publicMenus, saveMenu } from "./cms-menus.service.ts";
import { renderSiteNotFound, renderSitePage, robotsTxt, type SiteEvent, type SiteExtras, type SitePage, type SitemapEntry, sitemapXml } from "./cms-site.ts";

const tags = ["cms"];
const navegacion = requireModule("navegacion");
const editors = [navegacion, requirePermission("view_pagina")];
/** The public site: the module on, no account needed. */
const open = [navegacion];

/** Published pages change rarely and are the same for everyone: shared caches may keep them briefly. */
export const PUBLIC_PAGE_CACHE = "public, max-age=60";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VIDEO_PLAYERS = "https://www.youtube-nocookie.com https://player.vimeo.com";

const isLanguage = (value: string): value is CmsLanguage => (CMS_LANGUAGES as readonly string[]).includes(value);
const isHome = (content: CmsPageContent | null) => content?.isHome === true;

type PageRow = {
  id: number;
  content: CmsPageContent;
  language: CmsLanguage;
  slug: string;
  twin_language: CmsLanguage | null;
  twin_slug: string | null;
  twin_home: boolean | null;
  site_name: string | null;
};

// A page is public while it has a published snapshot (public_slug set, cms-publishing.ts): published,
// or published before with its next version scheduled. A page scheduled for its first time has none yet.

/** The language's site name: its home page's published title (the brand in the header). */
const SITE_NAME = (language: unknown) =>
  sql`(select h.published->>'title' from cms_pages h where h.language = ${language} and h.is_home and h.public_slug is not null)`;

/** A published page by its public path (the language's home when `slug` is null), its public twin, in one statement. */
async function publishedPage(db: Db, language: CmsLanguage, slug: string | null): Promise<SitePage & { siteName: string | null }> {
  const where =
    slug === null
      ? sql`p.language = ${language} and p.is_home and p.public_language = ${language}`
      : sql`p.public_language = ${language} and p.public_slug = ${slug}`;
  const result = await db.execute<PageRow>(sql`
    select p.id, p.published as content, p.public_language as language, p.public_slug as slug,
      t.public_language as twin_language, t.public_slug as twin_slug, (t.published->>'isHome')::boolean as twin_home, ${SITE_NAME(language)} as site_name
    from cms_pages p left join cms_pages t on t.id = p.twin_id and t.public_slug is not null
    where p.public_slug is not null and ${where}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return pageOf(row);
}

/** A page's draft as the preview shows it, with its twin where the twin is public (or would be). */
async function draftPage(db: Db, pageId: number): Promise<SitePage & { siteName: string | null }> {
  const result = await db.execute<PageRow>(sql`
    select p.id, p.draft as content, p.language, p.slug,
      t.language as twin_language, coalesce(t.public_slug, t.slug) as twin_slug, coalesce((t.published->>'isHome')::boolean, t.is_home) as twin_home,
      ${SITE_NAME(sql`p.language`)} as site_name
    from cms_pages p left join cms_pages t on t.id = p.twin_id
    where p.id = ${pageId}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return pageOf(row);
}

function pageOf(row: PageRow): SitePage & { siteName: string | null } {
  const twin =
    row.twin_language && row.twin_slug ? { language: row.twin_language, path: cmsPublicPath(row.twin_language, row.twin_slug, row.twin_home === true) } : null;
  return {
    id: Number(row.id),
    content: row.content,
    language: row.language,
    path: cmsPublicPath(row.language, row.slug, isHome(row.content)),
    twin,
    siteName: row.site_name,
  };
}

/** The next published events, as many as the page's largest events block shows, in one statement. */
async function upcomingEvents(db: Db, language: CmsLanguage, count: number): Promise<SiteEvent[]> {
  const result = await db.execute<{ slug: string; title: string; starts_at: Date | string; time_zone: string }>(sql`
    select slug, ${language === "es" ? sql`coalesce(nullif(title_es, ''), title_en)` : sql`title_en`} as title, starts_at, time_zone
    from event_events where state = 'published' and starts_at > now() order by starts_at, id limit ${count}`);
  return result.rows.map((row) => ({ slug: row.slug, title: row.title, startsAt: new Date(row.starts_at), timeZone: row.time_zone }));
}

/** The booking page of each service the page's booking blocks name, and of the first active service for a block naming none. */
async function bookingPaths(db: Db, blocks: readonly Extract<CmsBlock, { kind: "booking" }>[]): Promise<Map<number | null, string>> {
  const ids = blocks.map((block) => block.serviceId).filter((id): id is number => id !== null);
  const result = await db.execute<{ id: number; slug: string; first: boolean }>(sql`
    select s.id, s.slug, s.id = (select min(f.id) from booking_services f where f.active) as first
    from booking_services s
    where s.active and (s.id = any(${`{${ids.join(",")}}`}::int[]) or s.id = (select min(f.id) from booking_services f where f.active))`);
  const paths = new Map<number | null, string>();
  for (const row of result.rows) {
    const path = `/schedule/app/booking/${encodeURIComponent(row.slug)}`;
    paths.set(Number(row.id), path);
    if (row.first) paths.set(null, path);
  }
  return paths;
}

/** What a page shows besides its blocks: menus, the site name, and what its module blocks list. */
async function extrasFor(
  db: Db,
  flags: FlagService,
  language: CmsLanguage,
  blocks: readonly CmsBlock[],
  siteName: string | null,
  host: string,
): Promise<SiteExtras> {
  const eventBlocks = blocks.filter((block) => block.kind === "events");
  const bookingBlocks = blocks.filter((block) => block.kind === "booking");
  const [menus, events, booking] = await Promise.all([
    publicMenus(db, language),
    eventBlocks.length && (await flags.isEnabled("event_app")) ? upcomingEvents(db, language, Math.max(...eventBlocks.map((block) => block.count))) : null,
    bookingBlocks.length && (await flags.isEnabled("schedule")) ? bookingPaths(db, bookingBlocks) : null,
  ]);
  return { siteName: siteName ?? host, menus, events, booking };
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, cache: string, html: string) {
  return reply
    .status(status)
    .header("cache-control", cache)
    .type("text/html; charset=utf-8")
    .send(compressBody(request, reply, html));
}

/** The pages whose published snapshot names the upload: as its social image, an image block, or a picture in rich text. */
const PUBLISHED_REFERENCE = (uploadId: string) => sql`exists (
  select 1 from cms_pages p where p.public_slug is not null and (
    p.published->>'socialImageId' = ${uploadId}
    or p.published->'blocks' @> ${JSON.stringify([{ kind: "image", uploadId }])}::jsonb
    or strpos(p.published::text, ${`/api/uploads/${uploadId}`}) > 0))`;

/**
 * The site's menus (editors), the public site (anyone, module `navegacion` on), its sitemap,
 * robots.txt and pictures, and the editor's preview of a draft, rendered by the same code as the
 * public page. Public answers are HTML even when refused: a visitor meets a page, never JSON.
 */
export const cmsSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const baseUrl = app.config.publicUrl.replace(/\/+$/, "");
  const host = new URL(baseUrl).host;

  app.get(
    "/api/cms/menus/:location/:language",
    {
      preValidation: editors,
      schema: {
        tags,
        summary: "A menu of the site (header or footer) in one language, its deleted pages' items flagged",
        params: cmsMenuParamSchema,
        response: { 200: cmsMenuViewSchema },
      },
    },
    async (request) => getMenu(db, request.params.location, request.params.language),
  );
  app.put(
    "/api/cms/menus/:location/:language",
    {
      preValidation: editors,
      schema: {
        tags,
        summary: "Save a whole menu in order, nested one level; every page an item names must exist and be in the menu's language",
        params: cmsMenuParamSchema,
        body: cmsMenuInputSchema,
        response: { 200: cmsMenuViewSchema },
      },
    },
    async (request) => {
      const { location, language } = request.params;
      const actor = requireActor(request);
      return audited(request, { action: "cms.menu.update", detail: { location, language, items: request.body.items.length } }, async () => {
        await saveMenu(db, actor, location, language, request.body);
        return getMenu(db, location, language);
      });
    },
  );

  app.get(
    "/api/cms/pages/:pageId/preview",
    {
      preValidation: editors,
      schema: {
        tags,
        summary: "A page's draft as HTML, rendered exactly as it will be published (never indexed, never kept)",
        params: z.object({ pageId: rowIdParam() }),
      },
    },
    async (request, reply) => {
      const page = await draftPage(db, request.params.pageId);
      const extras = await extrasFor(db, app.flags, page.language, page.content.blocks, page.siteName, host);
      // An API answer allows nothing and is framed by nothing (security-headers.ts); this one is a
      // page the editor shows in a frame of the app itself, so it gets a page's policy of its own.
      const nonce = randomBytes(16).toString("hex");
      reply
        .header(
          "content-security-policy",
          `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; frame-src ${VIDEO_PLAYERS}; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
        )
        .header("x-frame-options", "SAMEORIGIN");
      const html = renderSitePage(page, extras, { baseUrl, nonce, preview: true, mediaUrl: (id) => `/api/uploads/${id}` });
      return sendHtml(request, reply, 200, "no-store", html);
    },
  );

  /** The public page, or the site's own 404 page (a draft, a page scheduled but not yet out, no such page). */
  async function sitePage(request: FastifyRequest, reply: FastifyReply, language: string, slug: string | null) {
    const nonce = reply.cspNonce?.style ?? "";
    const options = { baseUrl, nonce, mediaUrl: (id: string) => `/site/media/${id}` };
    const shownLanguage: CmsLanguage = isLanguage(language) ? language : "en";
    try {
      if (!isLanguage(language) || (slug !== null && !SLUG_PATTERN.test(slug))) throw notFound();
      const page = await publishedPage(db, language, slug);
      const extras = await extrasFor(db, app.flags, language, page.content.blocks, page.siteName, host);
      return sendHtml(request, reply, 200, PUBLIC_PAGE_CACHE, renderSitePage(page, extras, options));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      const name = await db.execute<{ name: string | null }>(sql`select ${SITE_NAME(shownLanguage)} as name`);
      const extras = await extrasFor(db, app.flags, shownLanguage, [], name.rows[0]?.name ?? null, host);
      return sendHtml(request, reply, 404, "no-store", renderSiteNotFound(shownLanguage, extras, options));
    }
  }

  // Narrow parameters for the document, but a visitor's mistyped address gets the site's 404 page,
  // not a JSON 400: the validation error is attached and sitePage checks the values again.
  const siteLanguage = z.enum(CMS_LANGUAGES);
  const siteSlug = z.string().max(CMS_LIMITS.slug).regex(SLUG_PATTERN);
  app.get(
    "/site/:language",
    {
      preValidation: open,
      attachValidation: true,
      schema: { tags, summary: "A language's home page of the public site (HTML; no account needed)", params: z.object({ language: siteLanguage }) },
    },
    async (request, reply) => sitePage(request, reply, request.params.language, null),
  );
  app.get(
    "/site/:language/:slug",
    {
      preValidation: open,
      attachValidation: true,
      schema: {
        tags,
        summary: "A published page of the public site (HTML; drafts and pages not yet out answer the site's 404 page)",
        params: z.object({ language: siteLanguage, slug: siteSlug }),
      },
    },
    async (request, reply) => sitePage(request, reply, request.params.language, request.params.slug),
  );

  app.get(
    "/site/media/:uploadId",
    {
      preValidation: open,
      attachValidation: true,
      schema: { tags, summary: "A picture a published page shows (404 for any other upload)", params: z.object({ uploadId: z.uuid() }) },
    },
    async (request, reply) => {
      const { uploadId } = request.params;
      if (!UUID.test(uploadId)) throw notFound();
      const [upload] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), PUBLISHED_REFERENCE(uploadId)));
      if (!upload?.mime.startsWith("image/")) throw notFound();
      let body: NodeJS.ReadableStream;
      try {
        body = await app.uploads.read(upload.storageKey);
      } catch (error) {
        request.log.error({ err: error, upload: upload.id }, "a public page's picture is missing from the store");
        throw notFound();
      }
      return reply
        .header("content-type", upload.mime)
        .header("content-length", upload.size)
        .header("cache-control", "public, max-age=300")
        .header("etag", `"${upload.sha256}"`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox; default-src 'none'")
        .send(body);
    },
  );

  app.get(
    "/sitemap.xml",
    { preValidation: open, schema: { tags, summary: "The public site's published pages, with their translations" } },
    async (_request, reply) => {
      const result = await db.execute<{
        language: CmsLanguage;
        slug: string;
        home: boolean;
        lastmod: Date | string;
        twin_language: CmsLanguage | null;
        twin_slug: string | null;
        twin_home: boolean | null;
      }>(sql`
      select p.public_language as language, p.public_slug as slug, coalesce((p.published->>'isHome')::boolean, false) as home,
        coalesce(p.published_at, p.updated_at) as lastmod,
        t.public_language as twin_language, t.public_slug as twin_slug, (t.published->>'isHome')::boolean as twin_home
      from cms_pages p left join cms_pages t on t.id = p.twin_id and t.public_slug is not null
      where p.public_slug is not null
      order by p.public_language, home desc, p.public_slug`);
      const entries: SitemapEntry[] = result.rows.map((row) => ({
        path: cmsPublicPath(row.language, row.slug, row.home),
        language: row.language,
        lastmod: new Date(row.lastmod),
        twin:
          row.twin_language && row.twin_slug
            ? { language: row.twin_language, path: cmsPublicPath(row.twin_language, row.twin_slug, row.twin_home === true) }
            : null,
      }));
      return reply.header("cache-control", "public, max-age=300").type("application/xml; charset=utf-8").send(sitemapXml(entries, baseUrl));
    },
  );

  app.get("/robots.txt", { preValidation: open, schema: { tags, summary: "What crawlers may read: the public site, not the app" } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robotsTxt(baseUrl)),
  );
};

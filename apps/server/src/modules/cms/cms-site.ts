import type { CmsBlock, CmsLanguage, CmsMenuItemView, CmsMenuLocation, CmsPageContent } from "@clinic/shared";
import { sanitizeRichText } from "../../platform/rich-text.ts";

/**
 * The public site's HTML (issue 39): a page rendered on the server from its published snapshot,
 * or, for the editor's preview, from its draft by this same code, so a preview is exactly what
 * will be published. No script and no external file: one small inline <style> carrying the
 * answer's CSP nonce, so a page is one request and paints at once (Lighthouse ≥ 95).
 */

/** A page ready to render: its content, its public path and its twin's, if the twin is public. */
export interface SitePage {
  id: number;
  content: CmsPageContent;
  language: CmsLanguage;
  path: string;
  twin: { language: CmsLanguage; path: string } | null;
}

/** An upcoming public event, for the events block. */
export interface SiteEvent {
  slug: string;
  title: string;
  startsAt: Date;
  timeZone: string;
}

/** What a page shows besides its own blocks. Null `events` or `booking`: that module is off, its blocks left out. */
export interface SiteExtras {
  siteName: string;
  menus: Record<CmsMenuLocation, CmsMenuItemView[]>;
  events: SiteEvent[] | null;
  /** The booking page's path by the block's service id (null: the block named none). */
  booking: Map<number | null, string> | null;
}

export interface RenderOptions {
  /** The public address of the site, without a trailing slash (config.publicUrl). */
  baseUrl: string;
  /** The answer's style nonce. */
  nonce: string;
  /** The editor's preview: a banner, never indexed. */
  preview?: boolean;
  /** Where an uploaded picture is read: the public media path, or (preview) the signed-in one. */
  mediaUrl: (uploadId: string) => string;
}

/** The site's own words, in both languages. */
export const SITE_TEXT = {
  en: {
    skip: "Skip to main content",
    mainMenu: "Main menu",
    footerMenu: "Footer menu",
    languageSwitch: "Leer esta página en español",
    languageName: "Español",
    preview: "Preview: this is the draft, not the published page.",
    notFoundTitle: "Page not found",
    notFound: "The page you are looking for does not exist or is not published.",
    backHome: "Go to the home page",
    upcomingEvents: "Upcoming events",
    noEvents: "There are no upcoming events at the moment.",
    watchVideo: "Watch the video",
  },
  es: {
    skip: "Saltar al contenido principal",
    mainMenu: "Menú principal",
    footerMenu: "Menú del pie de página",
    languageSwitch: "Read this page in English",
    languageName: "English",
    preview: "Vista previa: este es el borrador, no la página publicada.",
    notFoundTitle: "Página no encontrada",
    notFound: "La página que busca no existe o no está publicada.",
    backHome: "Ir a la página de inicio",
    upcomingEvents: "Próximos eventos",
    noEvents: "No hay eventos próximos por ahora.",
    watchVideo: "Ver el vídeo",
  },
} as const satisfies Record<CmsLanguage, Record<string, string>>;

const OG_LOCALE: Record<CmsLanguage, string> = { en: "en_GB", es: "es_ES" };

/** Text and attribute values, escaped for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);
}

// Contrast: body text 14:1, links and buttons over 7:1 on white (axe: AA with room to spare).
const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff}
a{color:#0b4f8a}a:focus-visible,summary:focus-visible,.button:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:2}.skip:focus{left:1rem}
.wrap{max-width:60rem;margin:0 auto;padding:0 1.25rem}
header{background:#f3f5f8;border-bottom:1px solid #d9dee5}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding:.75rem 0}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;color:#1f2933;margin-right:auto}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}
nav li ul{display:block;padding-left:1rem;font-size:.95rem}
nav a{text-decoration:none;font-weight:500}nav a:hover{text-decoration:underline}
main.wrap{padding-top:2rem;padding-bottom:3rem}h1{font-size:2.2rem;line-height:1.2;margin:0 0 1.5rem}
section,figure,.columns,.video{margin:0 0 2rem}
img{max-width:100%;height:auto}figcaption{color:#4a5561;font-size:.95rem}
.columns{display:grid;gap:1.5rem}@media(min-width:48rem){.columns{grid-template-columns:1fr 1fr}}
.video iframe{width:100%;aspect-ratio:16/9;border:0;background:#0f172a}
details{border:1px solid #d9dee5;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:.75rem}summary{cursor:pointer;font-weight:600}
.button{display:inline-block;padding:.7rem 1.4rem;border-radius:.5rem;font-weight:600;text-decoration:none;border:2px solid #0b4f8a}
.primary{background:#0b4f8a;color:#fff}.secondary{background:#fff;color:#0b4f8a}
.events{list-style:none;padding:0}.events li{margin-bottom:.75rem}
footer{background:#1f2933;color:#f3f5f8;padding:1.5rem 0}footer a{color:#dbeafe}
.preview{background:#fef3c7;color:#5c3b00;padding:.5rem 1.25rem;font-weight:600;text-align:center}`;

/** The menu's list; a header item's own list nested under it. */
function menuList(items: readonly CmsMenuItemView[]): string {
  const link = (item: { label: string; href: string }) => `<a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a>`;
  const entries = items.map((item) => {
    const children = item.children.length > 0 ? `<ul>${item.children.map((child) => `<li>${link(child)}</li>`).join("")}</ul>` : "";
    return `<li>${link(item)}${children}</li>`;
  });
  return `<ul>${entries.join("")}</ul>`;
}

/** Stored rich text (sanitised when saved; sanitised again here, the net under it), its pictures read where this page may read them. */
function richText(html: string, options: RenderOptions): string {
  return sanitizeRichText(html).replace(/src="\/api\/uploads\/([0-9a-f-]{36})"/gi, (_match, id: string) => `src="${escapeHtml(options.mediaUrl(id))}"`);
}

/** A YouTube or Vimeo address as its privacy-friendly player (no cookies until played). */
export function videoEmbed(url: string): string | null {
  const youtube = /(?:youtube\.com\/watch\?(?:[^#]*&)?v=|youtu\.be\/)([\w-]{6,})/i.exec(url);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = /vimeo\.com\/(\d{4,})/i.exec(url);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}?dnt=1`;
  return null;
}

function eventDate(event: SiteEvent, language: CmsLanguage): string {
  const format = new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: event.timeZone });
  return format.format(event.startsAt);
}

function renderBlock(block: CmsBlock, context: { language: CmsLanguage; extras: SiteExtras; options: RenderOptions; firstImage: boolean }): string {
  const { language, extras, options } = context;
  const text = SITE_TEXT[language];
  switch (block.kind) {
    case "text":
      return `<section>${richText(block.html, options)}</section>`;
    case "image": {
      // The first picture is likely the largest paint: fetched at once; the rest when scrolled to.
      const loading = context.firstImage ? "" : ` loading="lazy"`;
      const caption = block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : "";
      return `<figure><img src="${escapeHtml(options.mediaUrl(block.uploadId))}" alt="${escapeHtml(block.alt)}" decoding="async"${loading}>${caption}</figure>`;
    }
    case "video": {
      const embed = videoEmbed(block.url);
      const link = `<p><a href="${escapeHtml(block.url)}" rel="noopener">${escapeHtml(text.watchVideo)}: ${escapeHtml(block.title)}</a></p>`;
      if (!embed) return `<div class="video">${link}</div>`;
      return `<div class="video"><iframe src="${escapeHtml(embed)}" title="${escapeHtml(block.title)}" loading="lazy" allow="fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>${link}</div>`;
    }
    case "cta":
      return `<p><a class="button ${block.style}" href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
    case "columns":
      return `<div class="columns"><div>${richText(block.left, options)}</div><div>${richText(block.right, options)}</div></div>`;
    case "faq":
      return `<section class="faq">${block.items
        .map((item) => `<details><summary>${escapeHtml(item.question)}</summary>${richText(item.answer, options)}</details>`)
        .join("")}</section>`;
    case "booking": {
      const href = extras.booking?.get(block.serviceId) ?? extras.booking?.get(null);
      return href ? `<p><a class="button primary" href="${escapeHtml(href)}">${escapeHtml(block.label)}</a></p>` : "";
    }
    case "events": {
      if (extras.events === null) return "";
      const events = extras.events.slice(0, block.count);
      const list = events.length
        ? `<ul class="events">${events
            .map(
              (event) =>
                `<li><a href="/events/${encodeURIComponent(event.slug)}">${escapeHtml(event.title)}</a><br><time datetime="${event.startsAt.toISOString()}">${escapeHtml(eventDate(event, language))}</time></li>`,
            )
            .join("")}</ul>`
        : `<p>${escapeHtml(text.noEvents)}</p>`;
      return `<section><h2>${escapeHtml(block.title || text.upcomingEvents)}</h2>${list}</section>`;
    }
  }
}

/** The page's blocks in order; blocks of a module switched off render nothing. */
export function renderBlocks(blocks: readonly CmsBlock[], language: CmsLanguage, extras: SiteExtras, options: RenderOptions): string {
  let seenImage = false;
  return blocks
    .map((block) => {
      const html = renderBlock(block, { language, extras, options, firstImage: block.kind === "image" && !seenImage });
      if (block.kind === "image") seenImage = true;
      return html;
    })
    .join("");
}

interface Shell {
  language: CmsLanguage;
  title: string;
  head: string;
  body: string;
  extras: SiteExtras;
  options: RenderOptions;
  twin: SitePage["twin"];
}

/** The document around a page or the 404: header with the menu and the language switch, main, footer. */
function document(shell: Shell): string {
  const { language, extras, options } = shell;
  const text = SITE_TEXT[language];
  const home = `/site/${language}`;
  const banner = options.preview ? `<p class="preview" role="status">${escapeHtml(text.preview)}</p>` : "";
  const other: CmsLanguage = language === "en" ? "es" : "en";
  const switcher = shell.twin
    ? `<a href="${escapeHtml(shell.twin.path)}" hreflang="${other}" lang="${other}" aria-label="${escapeHtml(text.languageSwitch)}">${text.languageName}</a>`
    : "";
  const headerMenu = extras.menus.header.length ? `<nav aria-label="${escapeHtml(text.mainMenu)}">${menuList(extras.menus.header)}</nav>` : "";
  const footerMenu = extras.menus.footer.length ? `<nav aria-label="${escapeHtml(text.footerMenu)}">${menuList(extras.menus.footer)}</nav>` : "";
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shell.title)}</title>
${shell.head}
<style nonce="${escapeHtml(options.nonce)}">${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">${escapeHtml(text.skip)}</a>
${banner}<header><div class="wrap bar"><a class="brand" href="${home}">${escapeHtml(extras.siteName)}</a>${headerMenu}${switcher}</div></header>
<main id="main" class="wrap">${shell.body}</main>
<footer><div class="wrap">${footerMenu}<p>© ${new Date().getFullYear()} ${escapeHtml(extras.siteName)}</p></div></footer>
</body>
</html>`;
}

/** A page: its SEO and social tags, alternates for its twin, and its blocks. */
export function renderSitePage(page: SitePage, extras: SiteExtras, options: RenderOptions): string {
  const { content, language } = page;
  const absolute = (path: string) => `${options.baseUrl}${path}`;
  const title = content.seoTitle || `${content.title} | ${extras.siteName}`;
  const description = content.seoDescription;
  const alternates = [{ language, path: page.path }, ...(page.twin ? [page.twin] : [])];
  const fallback = alternates.find((alternate) => alternate.language === "en") ?? alternates[0];
  const head = [
    options.preview ? `<meta name="robots" content="noindex, nofollow">` : "",
    description ? `<meta name="description" content="${escapeHtml(description)}">` : "",
    `<link rel="canonical" href="${escapeHtml(absolute(page.path))}">`,
    ...alternates.map((alternate) => `<link rel="alternate" hreflang="${alternate.language}" href="${escapeHtml(absolute(alternate.path))}">`),
    fallback ? `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute(fallback.path))}">` : "",
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(extras.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(content.seoTitle || content.title)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : "",
    `<meta property="og:url" content="${escapeHtml(absolute(page.path))}">`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}">`,
    content.socialImageId ? `<meta property="og:image" content="${escapeHtml(absolute(`/site/media/${content.socialImageId}`))}">` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const body = `<h1>${escapeHtml(content.title)}</h1>${renderBlocks(content.blocks, language, extras, options)}`;
  return document({ language, title, head, body, extras, options, twin: page.twin });
}

/** The site's 404: a page of its own in the language asked for, never indexed. */
export function renderSiteNotFound(language: CmsLanguage, extras: SiteExtras, options: RenderOptions): string {
  const text = SITE_TEXT[language];
  const body = `<h1>${escapeHtml(text.notFoundTitle)}</h1><p>${escapeHtml(text.notFound)}</p><p><a href="/site/${language}">${escapeHtml(text.backHome)}</a></p>`;
  return document({
    language,
    title: `${text.notFoundTitle} | ${extras.siteName}`,
    head: `<meta name="robots" content="noindex">`,
    body,
    extras,
    options,
    twin: null,
  });
}

/** One published page in the sitemap, with its twin. */
export interface SitemapEntry {
  path: string;
  lastmod: Date;
  language: CmsLanguage;
  twin: { language: CmsLanguage; path: string } | null;
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char] as string);

/** The sitemap protocol's XML, with xhtml:link alternates for pages with a published twin (Google's hreflang in sitemaps). */
export function sitemapXml(entries: readonly SitemapEntry[], baseUrl: string): string {
  const urls = entries.map((entry) => {
    const alternates = entry.twin
      ? [{ language: entry.language, path: entry.path }, entry.twin]
          .map((alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.language}" href="${escapeXml(baseUrl + alternate.path)}"/>`)
          .join("")
      : "";
    return `<url><loc>${escapeXml(baseUrl + entry.path)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
}

/** Crawlers may read the public site, not the app; the sitemap names every published page. */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /site/\nDisallow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

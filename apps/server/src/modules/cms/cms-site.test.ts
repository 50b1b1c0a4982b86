import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type CmsBlock, type CmsPageContent, DEFAULT_CUSTOM_GROUPS, type GroupId } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeUser } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { countStatements, describeStatements } from "../../../test/statements.ts";
import { imageForm, multipart } from "../../../test/uploads.ts";
import { groups } from "../../db/schema.ts";
import { makeEvent } from "../events/events.fixture.ts";

/**
 * The public site (issue 39): published pages as server-rendered HTML with their SEO tags
 * (parsed, not string-matched), drafts and pages scheduled for the first time never public, the
 * sitemap exactly the published pages, robots.txt, the pictures only of published pages, and the
 * editor's preview of a draft.
 */

let t: TestApp;
let r: RoleCalls;
let editorCookie: string;

let webDist = "";
const SHELL = "<!doctype html><html><body>the web app's shell</body></html>";

beforeAll(async () => {
  // A built web app beside the site, so its not-found handler (the app's shell for page URLs) is there to lose to the site's routes.
  webDist = await mkdtemp(path.join(os.tmpdir(), "cms-site-web-"));
  await writeFile(path.join(webDist, "index.html"), SHELL);
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion,event_app" }, webDist });
  r = await signInRoles(t);
  const groupName = DEFAULT_CUSTOM_GROUPS.find((group) => group.permissions.includes("view_pagina"))?.name.en as string;
  const [group] = await t.db.select({ id: groups.id }).from(groups).where(eq(groups.name, groupName));
  const editor = await makeUser(t.db, { nombres: "Site", apellidos: "Editor", groups: [group?.id as GroupId] });
  editorCookie = await t.login(editor.email, editor.password);
});
afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

type PageSpec = Partial<CmsPageContent> & { slug: string; state?: "draft" | "scheduled" | "published"; draft?: Partial<CmsPageContent> };

/** A page as the pages service leaves it: published (snapshot and public path set), scheduled for its first time, or a draft. */
async function page(spec: PageSpec): Promise<number> {
  const { state = "published", draft: draftChange, ...fields } = spec;
  const content: CmsPageContent = {
    title: `Page ${spec.slug}`,
    language: "en",
    isHome: false,
    seoTitle: "",
    seoDescription: "",
    socialImageId: null,
    twinId: null,
    blocks: [{ kind: "text", html: "<p>Balance therapy.</p>" }],
    ...fields,
  };
  const draft = { ...content, ...draftChange };
  const published = state === "published";
  const made = await t.db.execute<{ id: number }>(sql`
    insert into cms_pages (title, slug, language, is_home, draft, version, published, published_version, state, publish_at, published_at, public_slug, public_language)
    values (${draft.title}, ${draft.slug}, ${draft.language}, ${draft.isHome}, ${JSON.stringify(draft)}::jsonb, 1,
      ${published ? JSON.stringify(content) : null}::jsonb, ${state === "draft" ? null : 1}, ${state},
      ${state === "scheduled" ? new Date(Date.now() + 86_400_000).toISOString() : null}::timestamptz, ${published ? new Date().toISOString() : null}::timestamptz,
      ${published ? content.slug : null}, ${published ? content.language : null})
    returning id`);
  return Number(made.rows[0]?.id);
}

async function link(a: number, b: number) {
  await t.db.execute(sql`update cms_pages set twin_id = case id when ${a} then ${b}::int else ${a}::int end where id in (${a}, ${b})`);
}

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

type Document = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.findAll>[number];

function parse(html: string): Document {
  return parseDocument(html);
}
const all = (doc: Document, test: (element: Element) => boolean) => DomUtils.findAll(test, doc.children);
const one = (doc: Document, test: (element: Element) => boolean) => DomUtils.findOne(test, doc.children);
const meta = (doc: Document, key: string) => one(doc, (e) => e.name === "meta" && (e.attribs.name === key || e.attribs.property === key))?.attribs.content;
const linksOf = (doc: Document, rel: string) => all(doc, (e) => e.name === "link" && e.attribs.rel === rel).map((e) => e.attribs);
const text = (element: Element | null) => (element ? DomUtils.textContent(element).trim() : null);

let seq = 0;
const slug = (base: string) => `${base}-${++seq}`;

describe("a published page", () => {
  it("is HTML with its title, description, canonical, hreflang both ways and Open Graph tags", async () => {
    const enSlug = slug("vestibular-therapy");
    const esSlug = slug("terapia-vestibular");
    const en = await page({ slug: enSlug, title: "Vestibular therapy", seoTitle: "Vestibular therapy in Madrid", seoDescription: "Dizziness treated." });
    const es = await page({ slug: esSlug, title: "Terapia vestibular", language: "es", seoDescription: "Tratamos el mareo." });
    await link(en, es);

    const answer = await get(`/site/en/${enSlug}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    const doc = parse(answer.body);
    expect(one(doc, (e) => e.name === "html")?.attribs.lang).toBe("en");
    expect(text(one(doc, (e) => e.name === "title"))).toBe("Vestibular therapy in Madrid");
    expect(text(one(doc, (e) => e.name === "h1"))).toBe("Vestibular therapy");
    expect(meta(doc, "description")).toBe("Dizziness treated.");
    expect(meta(doc, "robots")).toBeUndefined();
    expect(linksOf(doc, "canonical").map((l) => l.href)).toEqual([`${TEST_PUBLIC_URL}/site/en/${enSlug}`]);
    expect(linksOf(doc, "alternate").map((l) => [l.hreflang, l.href])).toEqual([
      ["en", `${TEST_PUBLIC_URL}/site/en/${enSlug}`],
      ["es", `${TEST_PUBLIC_URL}/site/es/${esSlug}`],
      ["x-default", `${TEST_PUBLIC_URL}/site/en/${enSlug}`],
    ]);
    expect(meta(doc, "og:title")).toBe("Vestibular therapy in Madrid");
    expect(meta(doc, "og:description")).toBe("Dizziness treated.");
    expect(meta(doc, "og:url")).toBe(`${TEST_PUBLIC_URL}/site/en/${enSlug}`);
    // The only style carries the answer's nonce, the one the policy allows; no script at all.
    const style = one(doc, (e) => e.name === "style");
    expect(answer.headers["content-security-policy"]).toContain(`'nonce-${style?.attribs.nonce}'`);
    expect(all(doc, (e) => e.name === "script")).toHaveLength(0);
    expect(one(doc, (e) => e.name === "main")?.attribs.id).toBe("main");
    expect(one(doc, (e) => e.name === "a" && e.attribs.href === "#main")).not.toBeNull();

    // The twin points back, and offers the switch to English.
    const twin = parse((await get(`/site/es/${esSlug}`)).body);
    expect(one(twin, (e) => e.name === "html")?.attribs.lang).toBe("es");
    expect(text(one(twin, (e) => e.name === "title"))).toMatch(/^Terapia vestibular \| /);
    expect(linksOf(twin, "alternate").map((l) => [l.hreflang, l.href])).toEqual([
      ["es", `${TEST_PUBLIC_URL}/site/es/${esSlug}`],
      ["en", `${TEST_PUBLIC_URL}/site/en/${enSlug}`],
      ["x-default", `${TEST_PUBLIC_URL}/site/en/${enSlug}`],
    ]);
    expect(one(twin, (e) => e.name === "a" && e.attribs.hreflang === "en")?.attribs.href).toBe(`/site/en/${enSlug}`);
  });

  it("shows the published snapshot, never the draft's later edits", async () => {
    const s = slug("opening-hours");
    await page({ slug: s, title: "Opening hours", draft: { title: "Opening hours (unsaved idea)" } });
    const doc = parse((await get(`/site/en/${s}`)).body);
    expect(text(one(doc, (e) => e.name === "h1"))).toBe("Opening hours");
  });

  it("renders every block kind, leaving out scripts and the blocks of modules switched off", async () => {
    const s = slug("all-blocks");
    const blocks: CmsBlock[] = [
      { kind: "text", html: '<p>Hello <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(1)">' },
      { kind: "video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "A tour of the clinic" },
      { kind: "cta", label: "Contact us", href: "/site/en/contact", style: "primary" },
      { kind: "columns", left: "<p>Left side</p>", right: "<p>Right side</p>" },
      { kind: "faq", items: [{ question: "Do I need a referral?", answer: "<p>No.</p>" }] },
      { kind: "booking", label: "Book a visit", serviceId: null },
      { kind: "events", title: "", count: 3 },
    ];
    await page({ slug: s, blocks });
    const answer = await get(`/site/en/${s}`);
    const doc = parse(answer.body);
    expect(answer.body).not.toContain("alert(1)");
    expect(one(doc, (e) => e.name === "iframe")?.attribs).toMatchObject({
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      title: "A tour of the clinic",
    });
    expect(one(doc, (e) => e.name === "a" && text(e) === "Contact us")?.attribs.href).toBe("/site/en/contact");
    expect(text(one(doc, (e) => e.name === "summary"))).toBe("Do I need a referral?");
    expect(one(doc, (e) => e.name === "details")).not.toBeNull();
    // The booking app is off here: its block is left out; events are on, none upcoming yet.
    expect(one(doc, (e) => e.name === "a" && text(e) === "Book a visit")).toBeNull();
    expect(text(one(doc, (e) => e.name === "h2"))).toBe("Upcoming events");
    expect(answer.body).toContain("There are no upcoming events at the moment.");

    // Published upcoming events are listed soonest first, linked to their public pages; a draft event is not.
    const later = await makeEvent(t.db, t.ids.clinic, { title: "Balance workshop", startsAt: new Date(Date.now() + 20 * 86_400_000) });
    const sooner = await makeEvent(t.db, t.ids.clinic, { title: "Memory talk", startsAt: new Date(Date.now() + 10 * 86_400_000) });
    await makeEvent(t.db, t.ids.clinic, { title: "Unannounced", state: "draft", startsAt: new Date(Date.now() + 5 * 86_400_000) });
    const listed = parse((await get(`/site/en/${s}`)).body);
    const eventLinks = all(listed, (e) => e.name === "a" && (e.attribs.href ?? "").startsWith("/events/")).map((e) => e.attribs.href);
    expect(eventLinks).toEqual([`/events/${sooner.slug}`, `/events/${later.slug}`]);
  });
});

describe("what is not public", () => {
  it("a draft, a page scheduled for its first time and no such page answer the site's 404 page, not indexed", async () => {
    const draft = slug("draft-page");
    const scheduled = slug("scheduled-page");
    await page({ slug: draft, state: "draft" });
    await page({ slug: scheduled, state: "scheduled" });
    for (const url of [`/site/en/${draft}`, `/site/en/${scheduled}`, "/site/en/no-such-page", "/site/en/Not_A_Slug", "/site/fr/anything"]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers["content-type"], url).toMatch(/^text\/html/);
      const doc = parse(answer.body);
      expect(meta(doc, "robots"), url).toBe("noindex");
      expect(text(one(doc, (e) => e.name === "h1")), url).toBe("Page not found");
    }
    expect(parse((await get("/site/es/nada")).body).children.length).toBeGreaterThan(0);
    expect(text(one(parse((await get("/site/es/nada")).body), (e) => e.name === "h1"))).toBe("Página no encontrada");
  });

  it("are the site's answers, not the web app's shell, though the app answers every other page URL", async () => {
    expect((await get("/some/app/screen")).body).toBe(SHELL);
    for (const url of ["/site/en/no-such-page", "/site/en", "/sitemap.xml", "/robots.txt"]) expect((await get(url)).body, url).not.toContain("shell");
  });

  it("with the module off, the site, its sitemap and robots.txt answer 404", async () => {
    const s = slug("while-off");
    await page({ slug: s });
    await r.send("admin", "PUT", "/api/flags/navegacion", { enabled: false });
    try {
      for (const url of [`/site/en/${s}`, "/site/en", "/sitemap.xml", "/robots.txt"]) expect((await get(url)).statusCode, url).toBe(404);
    } finally {
      await r.send("admin", "PUT", "/api/flags/navegacion", { enabled: true });
    }
    expect((await get(`/site/en/${s}`)).statusCode).toBe(200);
  });
});

describe("the sitemap and robots.txt", () => {
  it("list exactly the published pages, with absolute addresses and their twins", async () => {
    const home = await page({ slug: "home", title: "Welcome", isHome: true });
    const inicio = await page({ slug: "inicio", title: "Bienvenida", language: "es", isHome: true });
    await link(home, inicio);
    await page({ slug: slug("never-public"), state: "draft" });
    await page({ slug: slug("not-yet-public"), state: "scheduled" });

    const answer = await get("/sitemap.xml");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/xml/);
    const doc = parseDocument(answer.body, { xmlMode: true });
    const urls = all(doc, (e) => e.name === "url");
    const locs = urls.map((url) => text(one(url as unknown as Document, (e) => e.name === "loc")));
    const expected = await t.db.execute<{ language: string; slug: string; home: boolean }>(
      sql`select public_language as language, public_slug as slug, coalesce((published->>'isHome')::boolean, false) as home from cms_pages where public_slug is not null`,
    );
    expect(new Set(locs)).toEqual(new Set(expected.rows.map((row) => `${TEST_PUBLIC_URL}/site/${row.language}${row.home ? "" : `/${row.slug}`}`)));
    expect(locs).toHaveLength(expected.rows.length);
    expect(locs.some((loc) => loc?.includes("never-public") || loc?.includes("not-yet-public"))).toBe(false);
    const homeUrl = urls.find((url) => text(one(url as unknown as Document, (e) => e.name === "loc")) === `${TEST_PUBLIC_URL}/site/en`);
    expect(DomUtils.findAll((e) => e.name === "xhtml:link", homeUrl?.children ?? []).map((e) => [e.attribs.hreflang, e.attribs.href])).toEqual([
      ["en", `${TEST_PUBLIC_URL}/site/en`],
      ["es", `${TEST_PUBLIC_URL}/site/es`],
    ]);
    const lastmod = text(one(homeUrl as unknown as Document, (e) => e.name === "lastmod"));
    expect(Number.isNaN(Date.parse(lastmod ?? ""))).toBe(false);

    // The language's home answers at the language's root, its site name the home's title.
    const root = parse((await get("/site/es")).body);
    expect(text(one(root, (e) => e.name === "h1"))).toBe("Bienvenida");
    expect(linksOf(root, "canonical")[0]?.href).toBe(`${TEST_PUBLIC_URL}/site/es`);
  });

  it("robots.txt allows the site, not the app, and names the sitemap", async () => {
    const answer = await get("/robots.txt");
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /site/", "Disallow: /", `Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`]));
  });
});

async function upload(): Promise<string> {
  const { payload, contentType } = multipart(imageForm("Waiting room"));
  const response = await t.app.inject({
    method: "POST",
    url: "/api/uploads/",
    headers: { cookie: await t.loginAs("admin"), origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe("the pictures of the site", () => {
  it("are served to anyone when a published page shows them, and 404 when only a draft does", async () => {
    const shown = await upload();
    const social = await upload();
    const drafted = await upload();
    const s = slug("with-picture");
    await page({ slug: s, socialImageId: social, blocks: [{ kind: "image", uploadId: shown, alt: "The waiting room", caption: "" }] });
    await page({ slug: slug("draft-picture"), state: "draft", blocks: [{ kind: "image", uploadId: drafted, alt: "Drafted", caption: "" }] });

    const doc = parse((await get(`/site/en/${s}`)).body);
    expect(one(doc, (e) => e.name === "img")?.attribs).toMatchObject({ src: `/site/media/${shown}`, alt: "The waiting room" });
    expect(meta(doc, "og:image")).toBe(`${TEST_PUBLIC_URL}/site/media/${social}`);
    for (const id of [shown, social]) {
      const answer = await get(`/site/media/${id}`);
      expect(answer.statusCode, id).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
      expect(answer.rawPayload.subarray(0, 4).toString("hex")).toBe("89504e47");
    }
    expect((await get(`/site/media/${drafted}`)).statusCode).toBe(404);
    expect((await get("/site/media/not-a-uuid")).statusCode).toBe(404);
  });
});

describe("the preview", () => {
  it("renders the draft for an editor, never indexed or kept, framed only by the app; 403 to a clinic", async () => {
    const s = slug("preview-me");
    const id = await page({ slug: s, title: "Published title", draft: { title: "Draft title", blocks: [{ kind: "text", html: "<p>New words</p>" }] } });
    for (const cookie of [editorCookie, await t.loginAs("admin")]) {
      const answer = await get(`/api/cms/pages/${id}/preview`, cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      const doc = parse(answer.body);
      expect(text(one(doc, (e) => e.name === "h1"))).toBe("Draft title");
      expect(answer.body).toContain("New words");
      expect(meta(doc, "robots")).toBe("noindex, nofollow");
      expect(text(one(doc, (e) => e.attribs.class === "preview"))).toMatch(/^Preview/);
      const style = one(doc, (e) => e.name === "style");
      expect(answer.headers["content-security-policy"]).toContain(`'nonce-${style?.attribs.nonce}'`);
    }
    expect((await r.send("clinic", "GET", `/api/cms/pages/${id}/preview`)).statusCode).toBe(403);
    expect((await r.send(null, "GET", `/api/cms/pages/${id}/preview`)).statusCode).toBe(401);
    expect((await get("/api/cms/pages/99999999/preview", editorCookie)).statusCode).toBe(404);
  });
});

describe("round trips", () => {
  it("a public page is two statements (the page with its twin and site name; both menus with their pages), one more per module block kind; the sitemap one", async () => {
    const plain = slug("plain");
    const withEvents = slug("with-events");
    await page({ slug: plain });
    await page({ slug: withEvents, blocks: [{ kind: "events", title: "", count: 5 }] });
    await r.send("admin", "PUT", "/api/cms/menus/header/en", { items: [{ label: "Plain", pageId: await page({ slug: slug("menu-target") }) }] });
    const own = async (url: string) => {
      const seen = await countStatements(t.database.pool, () => get(url));
      expect(seen.result.statusCode, url).toBe(200);
      return seen.statements.filter((text) => !/from "feature_flags"/.test(text));
    };
    for (const [url, expected] of [
      [`/site/en/${plain}`, 2],
      [`/site/en/${withEvents}`, 3],
      ["/sitemap.xml", 1],
    ] as const) {
      const statements = await own(url);
      expect(statements.length, describeStatements(statements)).toBe(expected);
    }
  });
});

import { type CmsMenuView, NAVIGATION_MESSAGES } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";

/**
 * The site's menus (issue 39, module navegacion): saved whole in order, nested one level; each
 * page an item names must exist and be in the menu's language (400 on the item's own path,
 * nothing written); a page deleted later leaves its item flagged, and the public menu shows only
 * items whose page is published.
 */

let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

let seq = 0;
/** A page straight in the table: published (its public slug set) or a draft. */
async function page(language: "en" | "es", slugBase: string, published = true): Promise<{ id: number; slug: string }> {
  const slug = `${slugBase}-${++seq}`;
  const content = { title: slugBase, slug, language, isHome: false, seoTitle: "", seoDescription: "", socialImageId: null, twinId: null, blocks: [] };
  const made = await t.db.execute<{ id: number }>(sql`
    insert into cms_pages (title, slug, language, draft, published, state, public_slug, public_language)
    values (${slugBase}, ${slug}, ${language}, ${JSON.stringify(content)}::jsonb, ${published ? JSON.stringify(content) : null}::jsonb,
      ${published ? "published" : "draft"}, ${published ? slug : null}, ${published ? language : null})
    returning id`);
  return { id: Number(made.rows[0]?.id), slug };
}

const menuRows = async () => (await t.db.execute(sql`select location, language, items from cms_menus order by id`)).rows;

describe("saving a menu", () => {
  it("keeps the items in the order given, nested one level, with each page's public path", async () => {
    const services = await page("en", "services");
    const vestibular = await page("en", "vestibular");
    const upcoming = await page("en", "coming-soon", false);
    const items = [
      {
        label: "Services",
        pageId: services.id,
        children: [
          { label: "Vestibular", pageId: vestibular.id },
          { label: "Blog", url: "https://blog.example.com" },
        ],
      },
      { label: "Soon", pageId: upcoming.id },
      { label: "Write to us", url: "mailto:hello@example.com" },
    ];
    const saved = await r.send("admin", "PUT", "/api/cms/menus/header/en", { items });
    expect(saved.statusCode, saved.body).toBe(200);
    const view: CmsMenuView = saved.json();
    expect(view.items.map((item) => [item.label, item.href, item.missing])).toEqual([
      ["Services", `/site/en/${services.slug}`, false],
      // Not published yet: the editor sees where it will be.
      ["Soon", `/site/en/${upcoming.slug}`, false],
      ["Write to us", "mailto:hello@example.com", false],
    ]);
    expect(view.items[0]?.children.map((child) => [child.label, child.href])).toEqual([
      ["Vestibular", `/site/en/${vestibular.slug}`],
      ["Blog", "https://blog.example.com"],
    ]);
    expect(view.updatedBy?.id).toBe(t.ids.admin);

    // Reordered: saved whole, in the new order.
    const reordered = await r.send("admin", "PUT", "/api/cms/menus/header/en", { items: [items[2], items[0]] });
    expect(reordered.json().items.map((item: { label: string }) => item.label)).toEqual(["Write to us", "Services"]);
    const read = await r.send("admin", "GET", "/api/cms/menus/header/en");
    expect(read.json().items.map((item: { label: string }) => item.label)).toEqual(["Write to us", "Services"]);
    const audit = await t.db.execute(sql`select detail from audit_events where action = 'cms.menu.update' and outcome = 'ok'`);
    expect(audit.rows).toHaveLength(2);
  });

  it("refuses a page of the other language or one that does not exist, on the item's path, writing nothing", async () => {
    const english = await page("en", "about");
    const spanish = await page("es", "sobre-nosotros");
    const before = await menuRows();
    const answer = await r.send("admin", "PUT", "/api/cms/menus/footer/es", {
      items: [
        { label: "Inicio", pageId: spanish.id },
        { label: "About", pageId: english.id },
        { label: "Más", pageId: spanish.id, children: [{ label: "Gone", pageId: 99_999_999 }] },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      "items.1.pageId": [NAVIGATION_MESSAGES.pageLanguage],
      "items.2.children.0.pageId": [NAVIGATION_MESSAGES.pageMissing],
    });
    expect(await menuRows()).toEqual(before);
    // A grandchild has nowhere to go: refused by the schema.
    const deep = await r.send("admin", "PUT", "/api/cms/menus/footer/es", {
      items: [{ label: "A", pageId: spanish.id, children: [{ label: "B", pageId: spanish.id, children: [{ label: "C", pageId: spanish.id }] }] }],
    });
    expect(deep.statusCode).toBe(400);
    expect(await menuRows()).toEqual(before);
  });

  it("is for editors only, and not there with the module off", async () => {
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await r.send(who, "GET", "/api/cms/menus/header/en")).statusCode, who).toBe(403);
      expect((await r.send(who, "PUT", "/api/cms/menus/header/en", { items: [] })).statusCode, who).toBe(403);
    }
    expect((await r.send(null, "GET", "/api/cms/menus/header/en")).statusCode).toBe(401);
    await r.send("admin", "PUT", "/api/flags/navegacion", { enabled: false });
    try {
      expect((await r.send("admin", "GET", "/api/cms/menus/header/en")).statusCode).toBe(404);
    } finally {
      await r.send("admin", "PUT", "/api/flags/navegacion", { enabled: true });
    }
  });
});

describe("a page deleted later", () => {
  it("leaves its item flagged for the editor, and out of the public menu", async () => {
    const home = await page("es", "inicio");
    const doomed = await page("es", "equipo");
    const draft = await page("es", "borrador", false);
    const saved = await r.send("admin", "PUT", "/api/cms/menus/header/es", {
      items: [
        { label: "Inicio", pageId: home.id },
        { label: "Equipo", pageId: doomed.id, children: [{ label: "Borrador", pageId: draft.id }] },
        { label: "Blog", url: "https://blog.example.com" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db.execute(sql`delete from cms_pages where id = ${doomed.id}`);

    const view: CmsMenuView = (await r.send("admin", "GET", "/api/cms/menus/header/es")).json();
    expect(view.items[1]).toMatchObject({ label: "Equipo", pageId: doomed.id, href: "", missing: true });
    expect(view.items[1]?.children[0]).toMatchObject({ label: "Borrador", missing: false });

    // The public page's header: the published page and the address; the deleted page's item (and its child) left out.
    const site = parseDocument((await t.app.inject({ method: "GET", url: `/site/es/${home.slug}` })).body);
    const nav = DomUtils.findOne((e) => e.name === "nav" && e.attribs["aria-label"] === "Menú principal", site.children);
    const links = DomUtils.findAll((e) => e.name === "a", nav?.children ?? []).map((a) => [DomUtils.textContent(a), a.attribs.href]);
    expect(links).toEqual([
      ["Inicio", `/site/es/${home.slug}`],
      ["Blog", "https://blog.example.com"],
    ]);
  });
});

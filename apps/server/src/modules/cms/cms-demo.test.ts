import { type CmsMenuView, type CmsPageContent, cmsPageInputSchema } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { today } from "../clinic/memberships/seats.ts";
import { DEMO_CMS_ACCOUNT, seedDemoCms } from "./cms-demo.ts";

/** The demo website (issue 39): seeded once, valid as the editor would save it, public in both languages, its editor signs in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion" } });
});
afterAll(() => t?.close());

describe("seedDemoCms", () => {
  it("seeds the clinic's website once: four pages a language, twins linked, published as version 1, with menus", async () => {
    expect(await seedDemoCms(t.db, { anchor: today() })).toBe(true);
    expect(await seedDemoCms(t.db, { anchor: today() })).toBe(false);

    const pages = await t.db.execute<{
      id: number;
      slug: string;
      language: string;
      twin_id: number;
      state: string;
      draft: CmsPageContent;
      published: CmsPageContent;
    }>(sql`select id, slug, language, twin_id, state, draft, published from cms_pages order by language, id`);
    expect(pages.rows.map((page) => `${page.language}/${page.slug}`)).toEqual([
      "en/home",
      "en/services",
      "en/about",
      "en/contact",
      "es/inicio",
      "es/servicios",
      "es/sobre-nosotros",
      "es/contacto",
    ]);
    const byId = new Map(pages.rows.map((page) => [Number(page.id), page]));
    for (const page of pages.rows) {
      expect(page.state).toBe("published");
      expect(page.published).toEqual(page.draft);
      // Twins point to each other, across languages.
      const twin = byId.get(Number(page.twin_id));
      expect(twin?.language).not.toBe(page.language);
      expect(Number(twin?.twin_id)).toBe(Number(page.id));
      expect(page.draft.twinId).toBe(Number(twin?.id));
      // Each page is what the editor could have saved: valid blocks, rich text within the shared rules.
      const { twinId: _twin, ...input } = page.draft;
      expect(cmsPageInputSchema.safeParse(input).error?.issues).toBeUndefined();
    }
    const kinds = (slug: string) => pages.rows.find((page) => page.slug === slug)?.draft.blocks.map((block) => block.kind);
    expect(kinds("services")).toContain("faq");
    expect(kinds("sobre-nosotros")).toContain("columns");
    expect(kinds("contacto")).toContain("cta");
    const versions = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from cms_page_versions where version = 1 and published_at is not null`);
    expect(versions.rows[0]?.n).toBe(8);

    // The editor signs in and reads the menus: Services, About, Contact; the footer adds an external link.
    const cookie = await t.login(DEMO_CMS_ACCOUNT.email, DEMO_CMS_ACCOUNT.password);
    const header: CmsMenuView = (await t.app.inject({ method: "GET", url: "/api/cms/menus/header/es", headers: { cookie } })).json();
    expect(header.items.map((item) => [item.label, item.href])).toEqual([
      ["Servicios", "/site/es/servicios"],
      ["Sobre nosotros", "/site/es/sobre-nosotros"],
      ["Contacto", "/site/es/contacto"],
    ]);
    const footer: CmsMenuView = (await t.app.inject({ method: "GET", url: "/api/cms/menus/footer/en", headers: { cookie } })).json();
    expect(footer.items.map((item) => item.href)).toEqual(["/site/en/services", "/site/en/about", "/site/en/contact", "https://blog.example.com"]);

    // Public without an account, each language's home linking its twin.
    const home = await t.app.inject({ method: "GET", url: "/site/en" });
    expect(home.statusCode).toBe(200);
    const doc = parseDocument(home.body);
    const alternates = DomUtils.findAll((e) => e.name === "link" && e.attribs.rel === "alternate", doc.children).map((e) => e.attribs.href);
    expect(alternates).toContain(`${TEST_PUBLIC_URL}/site/es`);
    expect((await t.app.inject({ method: "GET", url: "/site/es/servicios" })).statusCode).toBe(200);
  });
});

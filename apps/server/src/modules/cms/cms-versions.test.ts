import { CMS_MESSAGES, type CmsPageDetail, type CmsVersionRow } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";

/**
 * A page's history (issue 39): every save is a version saying who changed which fields and
 * when; any version reads back whole, and restoring one makes it the draft as a NEW version,
 * leaving what is public alone.
 */

let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const base = { title: "Dizziness", slug: "dizziness", language: "en", blocks: [{ kind: "text", html: "<p>First words.</p>" }] };

async function save(pageId: number, body: object, autosave = false): Promise<CmsPageDetail> {
  const answer = await r.send("admin", "PUT", `/api/cms/pages/${pageId}${autosave ? "?autosave=true" : ""}`, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe("a page's versions", () => {
  it("say who saved them, when, autosaved or not, and which fields changed from the one before", async () => {
    const made = await r.send("clinic", "POST", "/api/cms/pages", base);
    expect(made.statusCode).toBe(403);
    const page: CmsPageDetail = (await r.send("admin", "POST", "/api/cms/pages", base)).json();
    await save(page.id, { ...base, title: "Dizziness and vertigo" });
    await save(page.id, {
      ...base,
      title: "Dizziness and vertigo",
      seoDescription: "Help for vertigo.",
      blocks: [{ kind: "text", html: "<p>New words.</p>" }],
    });
    await save(
      page.id,
      {
        ...base,
        title: "Dizziness and vertigo",
        seoDescription: "Help for vertigo.",
        blocks: [{ kind: "text", html: "<p>New words.</p>" }],
        slug: "vertigo",
        isHome: true,
      },
      true,
    );
    const spanish: CmsPageDetail = (await r.send("admin", "POST", "/api/cms/pages", { ...base, slug: "vertigo", language: "es", twinId: page.id })).json();
    // The link was made from the Spanish page: the English one's next save carries it unchanged.
    const current = (await r.send("admin", "GET", `/api/cms/pages/${page.id}`)).json() as CmsPageDetail;
    expect(current.draft.twinId).toBe(spanish.id);
    await save(page.id, { ...current.draft, language: "en" });
    await save(page.id, { ...current.draft, twinId: null });

    const versions: CmsVersionRow[] = (await r.send("admin", "GET", `/api/cms/pages/${page.id}/versions`)).json();
    expect(versions.map((row) => [row.version, row.changed, row.autosave])).toEqual([
      [6, ["translation"], false],
      [5, ["translation"], false],
      [4, ["slug", "home"], true],
      [3, ["seo", "blocks"], false],
      [2, ["title"], false],
      [1, [], false],
    ]);
    expect(versions[0]).toMatchObject({ author: { id: t.ids.admin }, restoredFrom: null, published: false, title: "Dizziness and vertigo" });
    expect(Date.parse(versions[0]?.createdAt as string)).toBeGreaterThanOrEqual(Date.parse(versions[5]?.createdAt as string));

    const second = (await r.send("admin", "GET", `/api/cms/pages/${page.id}/versions/2`)).json();
    expect(second).toMatchObject({
      version: 2,
      changed: ["title"],
      content: { title: "Dizziness and vertigo", slug: "dizziness", seoDescription: "" },
      uploads: {},
    });
    expect((await r.send("admin", "GET", `/api/cms/pages/${page.id}/versions/99`)).statusCode).toBe(404);
    expect((await r.send("admin", "GET", "/api/cms/pages/999999/versions")).statusCode).toBe(404);
    expect((await r.send("therapist", "GET", `/api/cms/pages/${page.id}/versions`)).statusCode).toBe(403);
  });

  it("restore as a new version and the draft, leaving the published page as it was", async () => {
    const page: CmsPageDetail = (await r.send("admin", "POST", "/api/cms/pages", { ...base, slug: "balance" })).json();
    await r.send("admin", "POST", `/api/cms/pages/${page.id}/publish`, {});
    await save(page.id, { ...base, slug: "balance", title: "Balance training", blocks: [] });
    const restored = await r.send("admin", "POST", `/api/cms/pages/${page.id}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      version: 3,
      title: "Dizziness",
      state: "published",
      publishedVersion: 1,
      draft: { title: "Dizziness", blocks: base.blocks },
    });
    const versions: CmsVersionRow[] = (await r.send("admin", "GET", `/api/cms/pages/${page.id}/versions`)).json();
    expect(versions[0]).toMatchObject({ version: 3, restoredFrom: 1, published: false, changed: ["title", "blocks"] });
    expect(versions.find((row) => row.version === 1)?.published).toBe(true);
    const published = await t.db.execute(sql`select published->>'title' as title from cms_pages where id = ${page.id}`);
    expect(published.rows[0]).toEqual({ title: "Dizziness" });
  });

  it("refuse (409) an old version whose slug another page has taken since, writing nothing", async () => {
    const page: CmsPageDetail = (await r.send("admin", "POST", "/api/cms/pages", { ...base, slug: "contact" })).json();
    await save(page.id, { ...base, slug: "contact-us" });
    await r.send("admin", "POST", "/api/cms/pages", { ...base, slug: "contact" });
    const count = async () => (await t.db.execute(sql`select count(*)::int as n from cms_page_versions where page_id = ${page.id}`)).rows[0];
    const before = await count();
    const answer = await r.send("admin", "POST", `/api/cms/pages/${page.id}/versions/1/restore`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ slug: [CMS_MESSAGES.slugTaken] });
    expect(await count()).toEqual(before);
    expect((await r.send("admin", "GET", `/api/cms/pages/${page.id}`)).json()).toMatchObject({ version: 2, slug: "contact-us" });
    expect((await r.send("admin", "POST", `/api/cms/pages/${page.id}/versions/7/restore`)).statusCode).toBe(404);
  });
});

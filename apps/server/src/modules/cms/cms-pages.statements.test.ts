import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { type FixturePage, linkCmsPages, makeCmsPage } from "./cms-pages.fixture.ts";

/**
 * Round trips of the CMS editor's reads (issue 39): the list is one statement (its total a
 * window count, twins and editors joined), a second only for a page past the last row; a page
 * in detail, its history and one version are one statement each, however many pages and versions.
 */
let t: TestApp;
let r: RoleCalls;
let page: FixturePage;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion" } });
  r = await signInRoles(t);
  const pages: FixturePage[] = [];
  for (let index = 0; index < 12; index++)
    pages.push(await makeCmsPage(t.db, { language: index % 2 ? "es" : "en", state: index % 3 ? "published" : "draft", authorId: t.ids.admin }));
  page = pages[4] as FixturePage;
  await linkCmsPages(t.db, page.id, (pages[5] as FixturePage).id);
  // A history of a dozen saves.
  for (let version = 2; version <= 12; version++)
    await r.send("admin", "PUT", `/api/cms/pages/${page.id}${version % 2 ? "?autosave=true" : ""}`, {
      title: `Balance ${version}`,
      slug: page.slug,
      language: page.language,
      twinId: (pages[5] as FixturePage).id,
      blocks: [{ kind: "text", html: `<p>Draft ${version}</p>` }],
    });
});
afterAll(async () => t?.close());

describe("the CMS editor's round trips", () => {
  it.each([
    ["/api/cms/pages?rowsPerPage=5", 1],
    ["/api/cms/pages?q=balance&state=draft&language=en&rowsPerPage=5", 1],
    ["/api/cms/pages?page=40", 2],
    ["/api/cms/pages/:id", 1],
    ["/api/cms/pages/:id/versions", 1],
    ["/api/cms/pages/:id/versions/7", 1],
  ] as const)("%s is %i statement(s)", async (url, count) => {
    const path = url.replace(":id", String(page.id));
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("admin", "GET", path));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(count);
      if (path === "/api/cms/pages?rowsPerPage=5") expect(seen.body.data).toHaveLength(5);
      if (path.endsWith("/versions")) expect(seen.body).toHaveLength(12);
    }
  });
});

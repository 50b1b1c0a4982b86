import { randomUUID } from "node:crypto";
import { CMS_MESSAGES, type CmsPageDetail, DEFAULT_CUSTOM_GROUPS, FORBIDDEN_MARKUP_MESSAGE, type GroupId } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeUser } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { imageForm, postUpload } from "../../../test/uploads.ts";
import { groups } from "../../db/schema.ts";
import { makeCmsPage } from "./cms-pages.fixture.ts";

/**
 * The CMS pages through the API (issue 39): admins and the Website editors group add, list,
 * change, link and delete pages; everyone else is refused. Every refused write leaves the
 * tables as they were.
 */

let t: TestApp;
let r: RoleCalls;
let editorCookie: string;
let editorId: string;
/** The Website editors group (view_pagina). */
let editorsGroup: GroupId;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion" } });
  r = await signInRoles(t);
  const groupName = DEFAULT_CUSTOM_GROUPS.find((group) => group.permissions.includes("view_pagina"))?.name.en as string;
  const [group] = await t.db.select({ id: groups.id }).from(groups).where(eq(groups.name, groupName));
  editorsGroup = group?.id as GroupId;
  const editor = await makeUser(t.db, { nombres: "Web", apellidos: "Editor", groups: [editorsGroup] });
  editorId = editor.id;
  editorCookie = await t.login(editor.email, editor.password);
});
afterAll(async () => t?.close());

/** A call as the Website editor (a user of that group only). */
const asEditor = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: editorCookie, ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) }, ...(payload ? { payload } : {}) });

let counter = 0;
/** A valid page body with a fresh slug. */
function pageBody(change: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `About us ${counter}`,
    slug: `about-us-${counter}`,
    language: "en",
    seoTitle: "About the clinic",
    seoDescription: "Who we are.",
    blocks: [
      { kind: "text", html: "<p>We treat <strong>dizziness</strong>.</p>" },
      { kind: "cta", label: "Call us", href: "/contact" },
    ],
    ...change,
  };
}

async function create(change: Record<string, unknown> = {}, who: Who = "admin"): Promise<CmsPageDetail> {
  const answer = await r.send(who, "POST", "/api/cms/pages", pageBody(change));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

/** What the tables hold, to show a refused request wrote nothing. */
async function snapshot() {
  const result = await t.db.execute(sql`
    select (select coalesce(json_agg(p order by p.id), '[]') from cms_pages p) as pages,
      (select count(*)::int from cms_page_versions) as versions`);
  return result.rows[0];
}

describe("who may edit the site", () => {
  it("admins and the Website editors; clinics, therapists and patients 403; signed out 401", async () => {
    expect((await r.send("admin", "GET", "/api/cms/pages")).statusCode).toBe(200);
    const made = await asEditor("POST", "/api/cms/pages", pageBody());
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().updatedBy).toEqual({ id: editorId, name: "Web Editor" });
    expect((await asEditor("GET", `/api/cms/pages/${made.json().id}`)).statusCode).toBe(200);
    for (const who of ["clinic", "therapist", "patient", "otherClinic"] as const) {
      expect((await r.send(who, "GET", "/api/cms/pages")).statusCode, who).toBe(403);
      expect((await r.send(who, "POST", "/api/cms/pages", pageBody())).statusCode, who).toBe(403);
      expect((await r.send(who, "DELETE", `/api/cms/pages/${made.json().id}`)).statusCode, who).toBe(403);
    }
    expect((await r.send(null, "GET", "/api/cms/pages")).statusCode).toBe(401);
    expect((await r.send(null, "POST", `/api/cms/pages/${made.json().id}/publish`, {})).statusCode).toBe(401);
  });

  it("a switched-off module answers 404, even to admins", async () => {
    const page = await makeCmsPage(t.db);
    await r.send("admin", "PUT", "/api/flags/navegacion", { enabled: false });
    try {
      expect((await r.send("admin", "GET", "/api/cms/pages")).statusCode).toBe(404);
      expect((await asEditor("GET", `/api/cms/pages/${page.id}`)).statusCode).toBe(404);
    } finally {
      await r.send("admin", "PUT", "/api/flags/navegacion", { enabled: true });
    }
  });
});

describe("pages", () => {
  it("are made as a draft at version 1, read back and listed newest-updated first with filters", async () => {
    const page = await create({ title: "Vestibular rehab", slug: "vestibular-rehab" });
    expect(page).toMatchObject({
      state: "draft",
      version: 1,
      publishedVersion: null,
      hasUnpublishedChanges: true,
      path: "/site/en/vestibular-rehab",
      twin: null,
    });
    expect(page.draft).toMatchObject({ title: "Vestibular rehab", isHome: false, twinId: null, socialImageId: null });
    expect(page.draft.blocks[1]).toEqual({ kind: "cta", label: "Call us", href: "/contact", style: "primary" });
    const versions = await t.db.execute(sql`select version, autosave from cms_page_versions where page_id = ${page.id}`);
    expect(versions.rows).toEqual([{ version: 1, autosave: false }]);

    const spanish = await create({ title: "Rehabilitación", slug: "rehabilitacion", language: "es" });
    const list = (await r.send("admin", "GET", "/api/cms/pages?rowsPerPage=2")).json();
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([spanish.id, page.id]);
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect((await r.send("admin", "GET", "/api/cms/pages?q=VESTIBULAR-reh")).json().data.map((row: { id: number }) => row.id)).toEqual([page.id]);
    const es = (await r.send("admin", "GET", "/api/cms/pages?language=es&state=draft")).json();
    expect(es.data.every((row: { language: string; state: string }) => row.language === "es" && row.state === "draft")).toBe(true);
    expect(es.data.some((row: { id: number }) => row.id === spanish.id)).toBe(true);
    const past = (await r.send("admin", "GET", "/api/cms/pages?page=500")).json();
    expect(past.data).toEqual([]);
    expect(past.total).toBe(list.total);
    expect((await r.send("admin", "GET", "/api/cms/pages/999999")).statusCode).toBe(404);
  });

  it("save every edit as a version; an autosave identical to the draft writes nothing", async () => {
    const page = await create();
    const body = pageBody({ title: "Our team", slug: page.slug });
    const saved = await r.send("admin", "PUT", `/api/cms/pages/${page.id}?autosave=true`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, title: "Our team" });
    const again = await r.send("admin", "PUT", `/api/cms/pages/${page.id}?autosave=true`, body);
    expect(again.json().version).toBe(2);
    const manual = await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, body);
    expect(manual.json().version).toBe(3);
    const rows = await t.db.execute(sql`select version, autosave from cms_page_versions where page_id = ${page.id} order by version`);
    expect(rows.rows).toEqual([
      { version: 1, autosave: false },
      { version: 2, autosave: true },
      { version: 3, autosave: false },
    ]);
  });

  it("link a translation on both pages, move it, and unlink both; deleting a page unlinks its twin", async () => {
    const en = await create();
    const es = await create({ language: "es", twinId: en.id });
    expect(es.twin).toEqual({ id: en.id, title: en.title, language: "en" });
    let english = (await r.send("admin", "GET", `/api/cms/pages/${en.id}`)).json();
    expect(english.twin?.id).toBe(es.id);
    expect(english.draft.twinId).toBe(es.id);

    // A third page cannot take a linked page; one in the same language is refused too.
    const third = await create({ language: "es" });
    const taken = await r.send("admin", "PUT", `/api/cms/pages/${third.id}`, pageBody({ slug: third.slug, language: "es", twinId: en.id }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ twinId: [CMS_MESSAGES.twinTaken] });
    const sameLanguage = await r.send("admin", "PUT", `/api/cms/pages/${third.id}`, pageBody({ slug: third.slug, language: "es", twinId: es.id }));
    expect(sameLanguage.json()).toEqual({ twinId: [CMS_MESSAGES.twinLanguage] });

    // Unlinking from the Spanish page clears the English one too.
    await r.send("admin", "PUT", `/api/cms/pages/${es.id}`, pageBody({ slug: es.slug, language: "es", twinId: null }));
    english = (await r.send("admin", "GET", `/api/cms/pages/${en.id}`)).json();
    expect(english.twin).toBeNull();
    expect(english.draft.twinId).toBeNull();

    const linked = await r.send("admin", "PUT", `/api/cms/pages/${third.id}`, pageBody({ slug: third.slug, language: "es", twinId: en.id }));
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await r.send("admin", "DELETE", `/api/cms/pages/${third.id}`)).statusCode).toBe(204);
    expect((await r.send("admin", "GET", `/api/cms/pages/${en.id}`)).json().twin).toBeNull();
    expect((await r.send("admin", "GET", `/api/cms/pages/${third.id}`)).statusCode).toBe(404);
    expect((await t.db.execute(sql`select 1 from cms_page_versions where page_id = ${third.id}`)).rows).toEqual([]);
  });

  it("name their images by upload, answered with the urls to read them", async () => {
    const upload = await postUpload(t, await t.loginAs("admin"), imageForm("Waiting room"));
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().id as string;
    const page = await create({ socialImageId: id, blocks: [{ kind: "image", uploadId: id, alt: "The waiting room" }] });
    expect(page.uploads).toEqual({ [id]: `/api/uploads/${id}` });
  });

  it("a Website editor with no clinic uploads a picture for a page and reads it, as the editor and its preview do", async () => {
    const upload = await postUpload(t, editorCookie, imageForm("Reception desk"));
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().id as string;
    expect((await t.db.execute(sql`select clinic_id from uploads where id = ${id}`)).rows).toEqual([{ clinic_id: null }]);
    const read = () => t.app.inject({ method: "GET", url: `/api/uploads/${id}`, headers: { cookie: editorCookie } });
    expect((await read()).statusCode).toBe(200);
    // A picture another editor (an admin here) put on a page is theirs to read too; one on no page is not.
    const admins = (await postUpload(t, await t.loginAs("admin"), imageForm("Garden"))).json().id as string;
    const readAdmins = () => t.app.inject({ method: "GET", url: `/api/uploads/${admins}`, headers: { cookie: editorCookie } });
    expect((await readAdmins()).statusCode).toBe(403);
    await create({ blocks: [{ kind: "image", uploadId: admins, alt: "The garden" }] });
    expect((await readAdmins()).statusCode).toBe(200);
  });

  it("a Website editor cannot download another editor's picture that no page uses, while that editor reads their own", async () => {
    const colleague = await makeUser(t.db, { nombres: "Other", apellidos: "Editor", groups: [editorsGroup] });
    const colleagueCookie = await t.login(colleague.email, colleague.password);
    const upload = await postUpload(t, colleagueCookie, imageForm("Treatment room"));
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().id as string;
    const read = (cookie: string) => t.app.inject({ method: "GET", url: `/api/uploads/${id}`, headers: { cookie } });

    const own = await read(colleagueCookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toMatch(/^image\//);
    const refused = await read(editorCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).not.toMatch(/^image\//);
  });
});

describe("bad input writes nothing", () => {
  it("a duplicate slug in the language or a second home is 409 on its field; the slug is free in the other language", async () => {
    const page = await create({ slug: "contact" });
    const before = await snapshot();
    const duplicate = await r.send("admin", "POST", "/api/cms/pages", pageBody({ slug: "contact" }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ slug: [CMS_MESSAGES.slugTaken] });
    expect(await snapshot()).toEqual(before);
    const other = await create();
    const renamed = await r.send("admin", "PUT", `/api/cms/pages/${other.id}`, pageBody({ slug: "contact" }));
    expect(renamed.json()).toEqual({ slug: [CMS_MESSAGES.slugTaken] });
    expect((await create({ slug: "contact", language: "es" })).slug).toBe("contact");
    await t.db.execute(sql`delete from cms_pages where slug = 'contact' and language = 'es'`);

    await create({ isHome: true, slug: "home-en" });
    const before2 = await snapshot();
    const home = await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, pageBody({ slug: "contact", isHome: true }));
    expect(home.statusCode).toBe(409);
    expect(home.json()).toEqual({ isHome: [CMS_MESSAGES.homeTaken] });
    expect(await snapshot()).toEqual(before2);
  });

  it("a slug with a space or a slash, a script or an event handler in a block: 400 on the field", async () => {
    const before = await snapshot();
    for (const slug of ["about us", "about/us", "/about"]) {
      const answer = await r.send("admin", "POST", "/api/cms/pages", pageBody({ slug }));
      expect(answer.statusCode, slug).toBe(400);
      expect(answer.json().slug).toEqual([CMS_MESSAGES.slugFormat]);
    }
    const script = await r.send("admin", "POST", "/api/cms/pages", pageBody({ blocks: [{ kind: "text", html: "<p>Hi</p><script>alert(1)</script>" }] }));
    expect(script.json()).toEqual({ "blocks.0.html": [FORBIDDEN_MARKUP_MESSAGE] });
    const handler = await r.send(
      "admin",
      "POST",
      "/api/cms/pages",
      pageBody({ blocks: [{ kind: "columns", left: "<p>a</p>", right: '<img src="x" onerror="alert(1)">' }] }),
    );
    expect(handler.json()).toEqual({ "blocks.0.right": [FORBIDDEN_MARKUP_MESSAGE] });
    expect(await snapshot()).toEqual(before);
  });

  it("what the schema lets through is stored sanitised for the public: no foreign markup, no images inside text", async () => {
    const page = await create({
      blocks: [
        {
          kind: "text",
          html: '<p class="x" style="color:red">Hello <u>there</u><img src="/api/uploads/0b9f5c1e-8f0a-4c1e-9a57-2f1c3d4e5f60"></p><div>Kept text</div>',
        },
        { kind: "faq", items: [{ question: "Referral?", answer: '<p>No <a href="https://example.com">link</a></p>' }] },
      ],
    });
    const [text, faq] = page.draft.blocks;
    expect(text).toEqual({ kind: "text", html: "<p>Hello <u>there</u></p>Kept text" });
    expect(faq).toMatchObject({ items: [{ answer: '<p>No <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">link</a></p>' }] });
  });

  it("an image that is no upload, or an upload that is not an image, is 400 on its field", async () => {
    const document = randomUUID();
    await t.db.execute(sql`insert into uploads (id, kind, mime, size, sha256, original_name, storage_key)
      values (${document}, 'document', 'application/pdf', 10, ${"0".repeat(64)}, 'a.pdf', ${`test/${document}`})`);
    const before = await snapshot();
    const answer = await r.send(
      "admin",
      "POST",
      "/api/cms/pages",
      pageBody({ socialImageId: randomUUID(), blocks: [{ kind: "image", uploadId: document, alt: "A file" }] }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ socialImageId: [CMS_MESSAGES.imageUnknown], "blocks.0.uploadId": [CMS_MESSAGES.imageUnknown] });
    expect(await snapshot()).toEqual(before);
  });

  it("a scheduled time in the past is 400 on `at`, nothing scheduled", async () => {
    const page = await create();
    const before = await snapshot();
    const answer = await r.send("admin", "POST", `/api/cms/pages/${page.id}/publish`, { at: new Date(Date.now() - 60_000).toISOString() });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ at: [CMS_MESSAGES.scheduleInPast] });
    expect(await snapshot()).toEqual(before);
  });

  it("unpublishing a draft is 409", async () => {
    const page = await create();
    const answer = await r.send("admin", "POST", `/api/cms/pages/${page.id}/unpublish`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ detail: CMS_MESSAGES.notPublished });
  });
});

describe("the audit", () => {
  it("records every write as cms.page.<verb>", async () => {
    const page = await create();
    await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, pageBody({ slug: page.slug }));
    await r.send("admin", "POST", `/api/cms/pages/${page.id}/publish`, {});
    await r.send("admin", "POST", `/api/cms/pages/${page.id}/publish`, { at: new Date(Date.now() + 3_600_000).toISOString() });
    await r.send("admin", "POST", `/api/cms/pages/${page.id}/unpublish`);
    await r.send("admin", "POST", `/api/cms/pages/${page.id}/versions/1/restore`);
    await r.send("admin", "DELETE", `/api/cms/pages/${page.id}`);
    const result = await t.db.execute<{ action: string }>(sql`
      select action from audit_events where action like 'cms.page.%' and (detail->>'id')::int = ${page.id} and outcome = 'ok' order by id`);
    expect(result.rows.map((row) => row.action)).toEqual([
      "cms.page.update",
      "cms.page.publish",
      "cms.page.schedule",
      "cms.page.unpublish",
      "cms.page.restore",
      "cms.page.delete",
    ]);
  });
});

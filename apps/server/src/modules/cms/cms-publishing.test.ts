import { CMS_MESSAGES, type CmsPageDetail } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { CMS_PUBLISH_QUEUE } from "./cms-publishing.ts";

/**
 * Publishing (issue 39): now, or at a time by a job that publishes the version scheduled exactly
 * once, across a restart and with other nodes running it again; the public keeps the page as
 * last published until then. Publishing again, unpublishing or scheduling again leaves an
 * earlier job with nothing to do.
 */

let t: TestApp;
let r: RoleCalls;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,navegacion" } });
  r = await signInRoles(t);
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await t?.close();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
let counter = 0;
const body = (change: Record<string, unknown> = {}) => ({
  title: "Services",
  slug: `services-${++counter}`,
  language: "en",
  blocks: [{ kind: "text", html: "<p>Vestibular therapy.</p>" }],
  ...change,
});

async function create(change: Record<string, unknown> = {}): Promise<CmsPageDetail> {
  const answer = await r.send("admin", "POST", "/api/cms/pages", body(change));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

async function publish(pageId: number, at?: string): Promise<CmsPageDetail> {
  const answer = await r.send("admin", "POST", `/api/cms/pages/${pageId}/publish`, at ? { at } : {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** What the public site reads of a page, and which versions went public. */
async function publicSide(pageId: number) {
  const result = await t.db.execute(sql`
    select p.state, p.published->>'title' as title, p.public_slug, p.public_language, p.published_version, p.published_at,
      array(select v.version from cms_page_versions v where v.page_id = p.id and v.published_at is not null order by v.version) as went_public
    from cms_pages p where p.id = ${pageId}`);
  return result.rows[0] as {
    state: string;
    title: string | null;
    public_slug: string | null;
    published_version: number | null;
    published_at: Date | null;
    went_public: number[];
  };
}

/** Makes the page's schedule and its jobs due now, as if the time had come. */
async function timeComes(pageId: number): Promise<void> {
  await t.db.execute(sql`update cms_pages set publish_at = now() - interval '1 second' where id = ${pageId} and state = 'scheduled'`);
  await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${CMS_PUBLISH_QUEUE} and (data->>'pageId')::int = ${pageId}`);
}

describe("publishing now", () => {
  it("makes the draft the public snapshot; later edits stay in the draft until published again", async () => {
    const page = await create({ title: "Our services" });
    const published = await publish(page.id);
    expect(published).toMatchObject({ state: "published", version: 1, publishedVersion: 1, hasUnpublishedChanges: false, publishAt: null });
    expect(published.publishedAt).not.toBeNull();
    expect(await publicSide(page.id)).toMatchObject({ state: "published", title: "Our services", public_slug: page.slug, went_public: [1] });

    const edited = (await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, body({ title: "Our services, renamed", slug: "renamed-services" }))).json();
    expect(edited).toMatchObject({ state: "published", version: 2, publishedVersion: 1, hasUnpublishedChanges: true, path: `/site/en/${page.slug}` });
    expect(await publicSide(page.id)).toMatchObject({ title: "Our services", public_slug: page.slug });
    expect((await publish(page.id)).path).toBe("/site/en/renamed-services");
    expect(await publicSide(page.id)).toMatchObject({ title: "Our services, renamed", public_slug: "renamed-services", went_public: [1, 2] });
  });

  it("refuses (409) a public address another page still holds, and a second public home", async () => {
    const first = await create({ slug: "team" });
    await publish(first.id);
    await r.send("admin", "PUT", `/api/cms/pages/${first.id}`, body({ slug: "people" }));
    const second = await create({ slug: "team" });
    const answer = await r.send("admin", "POST", `/api/cms/pages/${second.id}/publish`, {});
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ slug: [CMS_MESSAGES.slugTaken] });
    expect(await publicSide(second.id)).toMatchObject({ state: "draft", public_slug: null, went_public: [] });
  });

  it("unpublishes a published page back to a draft, off the site", async () => {
    const page = await create();
    await publish(page.id);
    const answer = await r.send("admin", "POST", `/api/cms/pages/${page.id}/unpublish`);
    expect(answer.json()).toMatchObject({ state: "draft", publishedVersion: null, publishedAt: null });
    expect(await publicSide(page.id)).toMatchObject({ state: "draft", title: null, public_slug: null });
  });
});

describe("scheduled publishing", () => {
  it("keeps the old snapshot public until its time, then publishes the version scheduled, not later edits", async () => {
    const page = await create({ title: "Prices 2025" });
    await publish(page.id);
    await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, body({ slug: page.slug, title: "Prices 2026" }));
    const at = inAnHour();
    const scheduled = await publish(page.id, at);
    expect(scheduled).toMatchObject({ state: "scheduled", publishAt: at, publishedVersion: 2, hasUnpublishedChanges: true });
    const jobs = await t.db.execute(sql`select data, start_after from pgboss.job where name = ${CMS_PUBLISH_QUEUE} and (data->>'pageId')::int = ${page.id}`);
    expect(jobs.rows.map((job) => [job.data, new Date(job.start_after as string).toISOString()])).toEqual([[{ pageId: page.id, version: 2 }, at]]);
    // Not due yet: nothing runs, the 2025 prices stay public.
    expect(await t.app.jobs.drain(CMS_PUBLISH_QUEUE)).toBe(0);
    expect(await publicSide(page.id)).toMatchObject({ state: "scheduled", title: "Prices 2025", public_slug: page.slug });

    await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, body({ slug: page.slug, title: "Prices 2026 (draft of later)" }));
    await timeComes(page.id);
    expect(await t.app.jobs.drain(CMS_PUBLISH_QUEUE)).toBe(1);
    expect(await publicSide(page.id)).toMatchObject({ state: "published", title: "Prices 2026", published_version: 2, went_public: [1, 2] });
    expect((await r.send("admin", "GET", `/api/cms/pages/${page.id}`)).json()).toMatchObject({ version: 3, publishedVersion: 2, hasUnpublishedChanges: true });
  });

  it("scheduling again, publishing now or unpublishing leaves the earlier job with nothing to do", async () => {
    // Scheduled twice: only the later schedule's version goes public.
    const page = await create({ title: "Version one" });
    await publish(page.id, inAnHour());
    await r.send("admin", "PUT", `/api/cms/pages/${page.id}`, body({ slug: page.slug, title: "Version two" }));
    await publish(page.id, new Date(Date.now() + 7_200_000).toISOString());
    await timeComes(page.id);
    expect(await t.app.jobs.drain(CMS_PUBLISH_QUEUE)).toBe(2);
    expect(await publicSide(page.id)).toMatchObject({ state: "published", title: "Version two", went_public: [2] });

    // Scheduled, then published now: the job does not publish again.
    const now = await create();
    await publish(now.id, inAnHour());
    await publish(now.id);
    const before = await publicSide(now.id);
    await timeComes(now.id);
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${CMS_PUBLISH_QUEUE} and (data->>'pageId')::int = ${now.id}`);
    expect(await t.app.jobs.drain(CMS_PUBLISH_QUEUE)).toBe(1);
    expect(await publicSide(now.id)).toEqual(before);

    // Scheduled, then unpublished: it stays a draft.
    const off = await create();
    await publish(off.id, inAnHour());
    expect((await r.send("admin", "POST", `/api/cms/pages/${off.id}/unpublish`)).json()).toMatchObject({ state: "draft", publishAt: null });
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${CMS_PUBLISH_QUEUE} and (data->>'pageId')::int = ${off.id}`);
    expect(await t.app.jobs.drain(CMS_PUBLISH_QUEUE)).toBe(1);
    expect(await publicSide(off.id)).toMatchObject({ state: "draft", title: null, went_public: [] });
  });

  it("publishes exactly once across a restart, whichever nodes run the job", async () => {
    const page = await create({ title: "Open day" });
    await publish(page.id, inAnHour());
    await timeComes(page.id);
    // The node that scheduled it stops before its time; after the restart a worker node publishes it.
    await t.app.close();
    const worker = await appNode(t, true);
    nodes.push(worker);
    const until = Date.now() + 30_000;
    while ((await publicSide(page.id)).state !== "published" && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    const first = await publicSide(page.id);
    expect(first).toMatchObject({ state: "published", title: "Open day", went_public: [1] });

    // Another node runs the same job again, as a retry or a second node would: nothing changes.
    const second = await appNode(t, false);
    nodes.push(second);
    await second.jobs.send(CMS_PUBLISH_QUEUE, { pageId: page.id, version: 1 });
    expect(await second.jobs.drain(CMS_PUBLISH_QUEUE)).toBe(1);
    expect(await publicSide(page.id)).toEqual(first);
    const audits = await t.db.execute(sql`select count(*)::int as n from audit_events where action = 'cms.page.publish' and (detail->>'id')::int = ${page.id}`);
    expect(audits.rows[0]).toEqual({ n: 1 });
  });
});

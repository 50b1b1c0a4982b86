import { CMS_MESSAGES } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { auditWriter } from "../../platform/audit.ts";
import { conflict } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { fieldConflict, lockPage, pageConflictOf, pageTransaction } from "./cms-pages.service.ts";

/**
 * Publishing a page (issue 39): the draft becomes the published snapshot, now or at a time. The
 * public site reads only the snapshot (`published`, with `public_slug`/`public_language`), so a
 * page already public stays public with its OLD snapshot while a newer version waits for its
 * time (state `scheduled`, `publish_at`).
 *
 * Scheduling records the version to publish in `published_version` and sends a pg-boss job
 * (in the same transaction) carrying that version; at its time the job publishes THAT version's
 * content from cms_page_versions, the draft as it was when scheduled (later edits wait for the
 * next publishing). The job is one conditional UPDATE (still scheduled, due, for that version),
 * so a second run, a retry after a restart or another node's run changes nothing; publishing
 * now, unpublishing or scheduling again changes the state or the version or the time, which
 * leaves an earlier job with nothing to do.
 */

export const CMS_PUBLISH_QUEUE = "cms-publish";

export interface ScheduledPublish {
  pageId: number;
  /** The version to publish: the draft's when it was scheduled. */
  version: number;
}

/**
 * 409 when publishing a draft at `slug` would take another page's public address or make a
 * second public home page in its language (a page renamed in its draft keeps its old address
 * public until it is published again).
 */
async function assertPublicPathFree(tx: Db, pageId: number): Promise<void> {
  const result = await tx.execute<{ slug_taken: boolean; home_taken: boolean }>(sql`
    select
      exists (select 1 from cms_pages o where o.public_language = p.language and o.public_slug = p.slug and o.id <> p.id) as slug_taken,
      p.is_home and exists (select 1 from cms_pages o where o.public_language = p.language and (o.published->>'isHome')::boolean and o.id <> p.id) as home_taken
    from cms_pages p where p.id = ${pageId}`);
  const row = result.rows[0];
  if (row?.slug_taken) throw fieldConflict("slug", CMS_MESSAGES.slugTaken);
  if (row?.home_taken) throw fieldConflict("isHome", CMS_MESSAGES.homeTaken);
}

/** Publishes the draft now (any earlier schedule is replaced); answers the version published. */
export async function publishNow(db: Db, pageId: number): Promise<number> {
  return pageTransaction(db, async (tx) => {
    const page = await lockPage(tx, pageId);
    await assertPublicPathFree(tx, pageId);
    await tx.execute(sql`
      update cms_pages set published = draft, published_version = version, published_at = now(), publish_at = null, state = 'published',
        public_slug = slug, public_language = language
      where id = ${pageId}`);
    await tx.execute(sql`update cms_page_versions set published_at = now() where page_id = ${pageId} and version = ${page.version}`);
    return page.version;
  });
}

/**
 * Schedules the draft's current version for `at` (a future time; the schema refuses a past
 * one). The job is sent inside the transaction, so it exists exactly when the schedule does.
 */
export async function schedulePublish(db: Db, jobs: JobQueue, pageId: number, at: Date): Promise<number> {
  return pageTransaction(db, async (tx) => {
    const page = await lockPage(tx, pageId);
    // Refused now rather than failing silently at its time.
    await assertPublicPathFree(tx, pageId);
    await tx.execute(
      sql`update cms_pages set state = 'scheduled', publish_at = ${at.toISOString()}::timestamptz, published_version = version where id = ${pageId}`,
    );
    const job: ScheduledPublish = { pageId, version: page.version };
    await jobs.send(CMS_PUBLISH_QUEUE, job, { tx, startAfter: at });
    return page.version;
  });
}

/** Takes a published or scheduled page off the site (back to a draft); 409 for a draft. */
export async function unpublish(db: Db, pageId: number): Promise<void> {
  await pageTransaction(db, async (tx) => {
    const page = await lockPage(tx, pageId);
    if (page.state === "draft") throw conflict(CMS_MESSAGES.notPublished);
    await tx.execute(sql`
      update cms_pages set state = 'draft', published = null, published_version = null, published_at = null, publish_at = null,
        public_slug = null, public_language = null
      where id = ${pageId}`);
  });
}

/**
 * The job: publishes the scheduled version if the page is still scheduled for it and due, in
 * one statement (the page and that version's row together). Answers whether it published:
 * false for a job made stale by a later publishing, schedule or unpublishing, or run twice.
 * The translation link is the page's current one (links live on both rows, not in versions).
 */
export async function runScheduledPublish(db: Db, job: ScheduledPublish): Promise<boolean> {
  const result = await db.execute<{ published: number }>(sql`
    with target as (
      update cms_pages p set published = v.content || jsonb_build_object('twinId', p.twin_id), state = 'published', published_at = now(), publish_at = null,
        public_slug = v.content->>'slug', public_language = v.content->>'language'
      from cms_page_versions v
      where p.id = ${job.pageId} and v.page_id = p.id and v.version = ${job.version}
        and p.state = 'scheduled' and p.published_version = ${job.version} and p.publish_at <= now()
      returning p.id
    ), marked as (
      update cms_page_versions set published_at = now() where page_id = ${job.pageId} and version = ${job.version} and exists (select 1 from target)
      returning 1
    )
    select count(*)::int as published from target`);
  return Number(result.rows[0]?.published ?? 0) > 0;
}

/**
 * Declares the publishing queue. A scheduled page is published whether the module is on or
 * not (off, the site answers nothing anyway; on again, it shows what was due). Another page
 * that took its public address meanwhile leaves it scheduled, logged: the editor sees it
 * still waiting and publishes it again, which answers the conflict on the field.
 */
export function registerCmsPublishing(deps: { db: Db; jobs: JobQueue; log: FastifyBaseLogger }): void {
  deps.jobs.handle<ScheduledPublish>(CMS_PUBLISH_QUEUE, async (job) => {
    try {
      if (!(await runScheduledPublish(deps.db, job))) return;
    } catch (error) {
      if (pageConflictOf(error)) {
        deps.log.warn({ pageId: job.pageId, version: job.version }, "a scheduled page's public address is taken: left scheduled");
        return;
      }
      throw error;
    }
    await auditWriter(deps.db).write({
      actorId: null,
      action: "cms.page.publish",
      outcome: "ok",
      detail: { id: job.pageId, version: job.version, scheduled: true },
    });
  });
}

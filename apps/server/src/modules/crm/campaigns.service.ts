import {
  CRM_EMAIL_MESSAGES,
  type CrmCampaign,
  type crmCampaignInputSchema,
  type CrmCampaignProgress,
  type CrmCampaignsQuery,
  type CrmCampaignState,
  type Paged,
} from "@clinic/shared";
import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, notFound } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { MAIL_LANES, type Mailer, type OutgoingMail, queueMail } from "../../platform/mail.ts";
import { pageOf, pageWindow } from "../../platform/paging.ts";
import { managedBy } from "./crm-scope.ts";
import { crmCampaignRecipients, crmCampaigns, crmClients, crmEmailFormats, crmLists } from "./crm.table.ts";
import { clickSignature, composeEmail, recipientToken, unsubscribeToken, valuesOf } from "./email-render.ts";
import { senderOf } from "./email-formats.service.ts";
import { track } from "./tracking.ts";

type Input = z.output<typeof crmCampaignInputSchema>;

export const CAMPAIGN_QUEUE = "crm.campaign.send";
/** Recipients queued per transaction: a restart repeats at most this batch's work, never an email. */
export const CAMPAIGN_BATCH = 200;

export interface CampaignDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  /** CRM_EMAILS_PER_SECOND. */
  emailsPerSecond: number;
  /** `app.deriveKey("crm-unsubscribe")` and `app.deriveKey("crm-tracking")`. */
  unsubscribeKey: Buffer;
  trackingKey: Buffer;
}

/** The public addresses an email links to. */
export const unsubscribePage = (mailer: Mailer, token: string) => mailer.link(`/crm/unsubscribe/${token}`);
export const unsubscribeEndpoint = (mailer: Mailer, token: string) => mailer.link(`/api/crm/unsubscribe/${token}`);

// ---------------------------------------------------------------- reads

const own = (column: string) => sql.raw(`"crm_campaigns"."${column}"`);

/** The progress in the campaign's own row: its recipients with their emails' fate (the outbox counts as sent). */
const PROGRESS = sql<CrmCampaignProgress>`(select json_build_object(
    'total', count(*)::int,
    'skipped', count(*) filter (where r.skipped is not null)::int,
    'sent', count(*) filter (where m.status in ('sent', 'outbox'))::int,
    'failed', count(*) filter (where m.status = 'failed')::int,
    'left', count(*) filter (where r.skipped is null and (m.status is null or m.status = 'queued'))::int,
    'opened', count(r.opened_at)::int,
    'clicked', count(r.clicked_at)::int)
  from crm_campaign_recipients r left join mail_messages m on m.id = r.mail_id where r.campaign_id = ${own("id")})`;

const columns = {
  row: crmCampaigns,
  listTitle: sql<string | null>`(select l.title from crm_lists l where l.id = ${own("list_id")})`,
  progress: PROGRESS,
};

type CampaignRow = { row: typeof crmCampaigns.$inferSelect; listTitle: string | null; progress: CrmCampaignProgress };

function toCampaign({ row, listTitle, progress }: CampaignRow): CrmCampaign {
  return {
    id: row.id,
    clinicId: row.clinicId,
    formatId: row.formatId,
    listId: row.listId,
    listTitle,
    name: row.name,
    subject: row.subject,
    state: row.state as CrmCampaignState,
    sendAt: row.sendAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    recipients: row.recipients,
    progress,
  };
}

/** The clinic's mass emails, newest first, each with its progress: one statement. */
export async function listCampaigns(db: Db, actor: Actor, query: CrmCampaignsQuery): Promise<Paged<CrmCampaign>> {
  const where = and(
    managedBy(actor, crmCampaigns.clinicId),
    query.clinicId ? eq(crmCampaigns.clinicId, query.clinicId) : undefined,
    query.state ? eq(crmCampaigns.state, query.state) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  // Never kept (actor null): the progress moves with the mail rows, which no table version follows.
  const page = await pageOf(
    db,
    null,
    query,
    { tables: [crmCampaigns, crmCampaignRecipients], counted: db.select({ one: sql`1` }).from(crmCampaigns).where(where) },
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(crmCampaigns)
        .where(where)
        .orderBy(desc(crmCampaigns.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toCampaign(row as CampaignRow)) };
}

export async function getCampaign(db: Db, actor: Actor, id: number): Promise<CrmCampaign> {
  const [row] = await db
    .select(columns)
    .from(crmCampaigns)
    .where(and(eq(crmCampaigns.id, id), managedBy(actor, crmCampaigns.clinicId)));
  if (!row) throw notFound();
  return toCampaign(row as CampaignRow);
}

// ---------------------------------------------------------------- scheduling

/**
 * Schedules a format to a list: the format is copied into the campaign, and a job sends it at
 * `sendAt` (now without one), both in one transaction. The format and the list must be the
 * actor's (an admin's: of one clinic, the one named when they name one); else 400 by field.
 */
export async function createCampaign(deps: CampaignDeps, actor: Actor, input: Input): Promise<CrmCampaign> {
  const { db } = deps;
  const sendAt = input.sendAt ? new Date(input.sendAt) : new Date();
  if (input.sendAt && sendAt.getTime() <= Date.now()) throw badRequest({ sendAt: [CRM_EMAIL_MESSAGES.pastSendAt] });
  const [format] = await db
    .select()
    .from(crmEmailFormats)
    .where(and(eq(crmEmailFormats.id, input.formatId), managedBy(actor, crmEmailFormats.clinicId)));
  const [list] = await db
    .select({ id: crmLists.id, clinicId: crmLists.clinicId })
    .from(crmLists)
    .where(and(eq(crmLists.id, input.listId), managedBy(actor, crmLists.clinicId)));
  const errors: FieldErrors = {};
  if (!format || (input.clinicId && format.clinicId !== input.clinicId)) errors.formatId = [CRM_EMAIL_MESSAGES.noFormat];
  if (!list || (input.clinicId && list.clinicId !== input.clinicId)) errors.listId = [CRM_EMAIL_MESSAGES.noList];
  if (Object.keys(errors).length > 0 || !format || !list) throw badRequest(errors);
  if (format.clinicId !== list.clinicId) throw badRequest({ listId: [CRM_EMAIL_MESSAGES.otherClinic] });
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(crmCampaigns)
      .values({
        clinicId: format.clinicId,
        formatId: format.id,
        listId: list.id,
        state: "scheduled",
        sendAt,
        name: format.name,
        subject: format.subject,
        html: format.html,
        fromName: format.fromName,
        fromEmail: format.fromEmail,
        replyTo: format.replyTo,
        template: format.template,
        trackOpens: format.trackOpens,
        trackClicks: format.trackClicks,
        createdBy: actor.id,
      })
      .returning({ id: crmCampaigns.id });
    const campaignId = (row as { id: number }).id;
    await deps.jobs.send(CAMPAIGN_QUEUE, { id: campaignId }, { tx, ...(input.sendAt ? { startAfter: sendAt } : {}) });
    return campaignId;
  });
  return getCampaign(db, actor, id);
}

/** Cancels a scheduled mass email; 409 once it has started. */
export async function cancelCampaign(db: Db, actor: Actor, id: number): Promise<CrmCampaign> {
  const changed = await db
    .update(crmCampaigns)
    .set({ state: "cancelled", finishedAt: new Date() })
    .where(and(eq(crmCampaigns.id, id), eq(crmCampaigns.state, "scheduled"), managedBy(actor, crmCampaigns.clinicId)))
    .returning({ id: crmCampaigns.id });
  if (changed.length === 0) {
    await getCampaign(db, actor, id);
    throw conflict(CRM_EMAIL_MESSAGES.notCancellable);
  }
  return getCampaign(db, actor, id);
}

// ---------------------------------------------------------------- delivery

/** Why a client of the list gets no email: no address, unsubscribed, or no consent. */
const SKIP_REASON = sql`case when c.email is null or c.email = '' then 'no_email' when c.unsubscribed_at is not null then 'unsubscribed'
  when not c.consent then 'no_consent' end`;

/**
 * The `crm.campaign.send` job. Reads the list into recipient rows once (each skipped one with
 * its reason), then, a batch per transaction, locks unreached recipients (`skip locked`, so two
 * nodes share the work), queues their emails at the CRM's pace, marks them reached with their
 * mail row and writes their timeline lines. Run again after a restart, or twice at once, it
 * reaches only those not marked yet: each recipient gets one email.
 */
export async function deliverCampaign(deps: CampaignDeps, id: number, batchSize = CAMPAIGN_BATCH): Promise<void> {
  const { db } = deps;
  const [campaign] = await db
    .update(crmCampaigns)
    .set({ state: "sending", startedAt: sql`coalesce(${crmCampaigns.startedAt}, now())` })
    .where(and(eq(crmCampaigns.id, id), inArray(crmCampaigns.state, ["scheduled", "sending"])))
    .returning();
  if (!campaign) return;
  if (campaign.recipients === null) {
    await db.transaction(async (tx) => {
      if (campaign.listId !== null)
        await tx.execute(sql`insert into crm_campaign_recipients (campaign_id, client_id, email, skipped)
          select ${id}, c.id, coalesce(c.email, ''), ${SKIP_REASON} from crm_list_clients lc join crm_clients c on c.id = lc.client_id
          where lc.list_id = ${campaign.listId} and c.clinic_id = ${campaign.clinicId} on conflict do nothing`);
      await tx
        .update(crmCampaigns)
        .set({ recipients: sql`(select count(*)::int from crm_campaign_recipients where campaign_id = ${id})` })
        .where(eq(crmCampaigns.id, id));
    });
  }
  for (;;) {
    const reached = await db.transaction(async (txRaw) => sendBatch(deps, txRaw as unknown as Db, campaign, batchSize));
    if (reached === 0) break;
  }
  await db
    .update(crmCampaigns)
    .set({ state: "sent", finishedAt: new Date() })
    .where(
      and(
        eq(crmCampaigns.id, id),
        eq(crmCampaigns.state, "sending"),
        sql`not exists (select 1 from crm_campaign_recipients r where r.campaign_id = ${id} and r.reached_at is null and r.skipped is null)`,
      ),
    );
}

/** One batch in the caller's transaction: answers how many recipients it took (0: none left). */
async function sendBatch(deps: CampaignDeps, tx: Db, campaign: typeof crmCampaigns.$inferSelect, batchSize: number): Promise<number> {
  const batch = await tx
    .select({
      clientId: crmCampaignRecipients.clientId,
      email: crmClients.email,
      firstName: crmClients.firstName,
      lastName: crmClients.lastName,
      organisation: crmClients.organisation,
      unsubscribedAt: crmClients.unsubscribedAt,
    })
    .from(crmCampaignRecipients)
    .innerJoin(crmClients, eq(crmClients.id, crmCampaignRecipients.clientId))
    .where(and(eq(crmCampaignRecipients.campaignId, campaign.id), isNull(crmCampaignRecipients.reachedAt), isNull(crmCampaignRecipients.skipped)))
    .orderBy(crmCampaignRecipients.clientId)
    .limit(batchSize)
    .for("update", { of: crmCampaignRecipients, skipLocked: true });
  if (batch.length === 0) return 0;
  // Unsubscribed (or the address removed) since the list was read: skipped now, never sent.
  for (const [reason, ids] of [
    ["no_email", batch.filter((one) => !one.email).map((one) => one.clientId)],
    ["unsubscribed", batch.filter((one) => one.email && one.unsubscribedAt !== null).map((one) => one.clientId)],
  ] as const)
    if (ids.length > 0)
      await tx
        .update(crmCampaignRecipients)
        .set({ skipped: reason })
        .where(and(eq(crmCampaignRecipients.campaignId, campaign.id), inArray(crmCampaignRecipients.clientId, ids)));
  const sending = batch.filter((one) => one.unsubscribedAt === null && one.email);
  if (sending.length === 0) return batch.length;
  const from = senderOf(campaign.fromName, campaign.fromEmail);
  const mails: OutgoingMail[] = sending.map((client) => {
    const unsubscribe = unsubscribeToken(deps.unsubscribeKey, client.clientId);
    const unsubscribeUrl = unsubscribePage(deps.mailer, unsubscribe);
    const token = recipientToken(deps.trackingKey, campaign.id, client.clientId);
    const email = composeEmail(campaign, valuesOf(client, unsubscribeUrl), {
      unsubscribeUrl,
      ...(campaign.trackOpens ? { pixelUrl: deps.mailer.link(`/api/crm/t/o/${token}`) } : {}),
      ...(campaign.trackClicks
        ? {
            clickUrl: (url: string) => deps.mailer.link(`/api/crm/t/c/${token}?u=${encodeURIComponent(url)}&s=${clickSignature(deps.trackingKey, token, url)}`),
          }
        : {}),
    });
    return {
      to: client.email as string,
      subject: email.subject,
      text: email.text,
      html: email.html,
      kind: "crm.campaign",
      from,
      replyTo: campaign.replyTo,
      headers: { "List-Unsubscribe": `<${unsubscribeEndpoint(deps.mailer, unsubscribe)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  });
  const mailIds = await queueMail(tx, deps.mailer, deps.jobs, mails, { perSecond: deps.emailsPerSecond, lane: MAIL_LANES.crm });
  await tx.execute(sql`update crm_campaign_recipients set mail_id = sent.mail_id, reached_at = now()
    from unnest(${sql.param(sending.map((one) => one.clientId))}::int[], ${sql.param(mailIds)}::bigint[]) as sent(client_id, mail_id)
    where campaign_id = ${campaign.id} and crm_campaign_recipients.client_id = sent.client_id`);
  await track(
    tx,
    // The line says the subject the client got, their values in it.
    sending.map((client, index) => ({
      clinicId: campaign.clinicId,
      clientId: client.clientId,
      kind: "email_sent",
      summary: mails[index]?.subject,
      refId: campaign.id,
    })),
  );
  return batch.length;
}

/** How often a node looks for due campaigns whose own job never ran (seeded, or lost with a crash). */
const DUE_QUEUE = "crm.campaigns.due";
const DUE_CRON = "*/5 * * * *";

export function registerCampaignDelivery(deps: CampaignDeps): void {
  deps.jobs.handle<{ id: number }>(CAMPAIGN_QUEUE, async ({ id }) => deliverCampaign(deps, id));
  // A campaign written without its job (the demo's), or one a crash left half sent, is started
  // again: delivery reaches only recipients not reached yet, so a second run sends nothing twice.
  deps.jobs.handle(DUE_QUEUE, async () => {
    await startDueCampaigns(deps);
  });
  deps.jobs.every(DUE_QUEUE, DUE_CRON);
}

/** Queues the delivery of every campaign due and not sent yet; answers their ids. */
export async function startDueCampaigns(deps: CampaignDeps): Promise<number[]> {
  const due = await deps.db
    .select({ id: crmCampaigns.id })
    .from(crmCampaigns)
    .where(and(inArray(crmCampaigns.state, ["scheduled", "sending"]), lte(crmCampaigns.sendAt, sql`now()`)));
  for (const campaign of due) await deps.jobs.send(CAMPAIGN_QUEUE, { id: campaign.id });
  return due.map((campaign) => campaign.id);
}

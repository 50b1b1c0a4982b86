import type { CrmUnsubscribeView } from "@clinic/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import { crmCampaignRecipients, crmClients } from "./crm.table.ts";
import { clientOfToken, maskEmail, recipientOfToken, validClick } from "./email-render.ts";
import { track } from "./tracking.ts";

/**
 * What a mass email's recipient does without signing in (issue 36.5): unsubscribe through the
 * link every email carries, and, when the format tracks them, open it (the pixel) and follow
 * its links. Each link's token is signed (email-render.ts); any other token answers 404 and
 * changes nothing. Each of these is recorded once, with its line on the client's timeline.
 */

/** The client an unsubscribe token names, with its address and clinic; 404 for a token we did not sign. */
async function clientOf(db: Db, key: Buffer, token: string) {
  const clientId = clientOfToken(key, token);
  if (clientId === null) throw notFound();
  const [row] = await db
    .select({ id: crmClients.id, clinicId: crmClients.clinicId, email: crmClients.email, unsubscribedAt: crmClients.unsubscribedAt, clinicName: users.name })
    .from(crmClients)
    .innerJoin(users, eq(users.id, crmClients.clinicId))
    .where(eq(crmClients.id, clientId));
  if (!row) throw notFound();
  return row;
}

const viewOf = (row: { email: string | null; clinicName: string }, unsubscribed: boolean): CrmUnsubscribeView => ({
  email: maskEmail(row.email ?? ""),
  clinicName: row.clinicName,
  unsubscribed,
});

export async function unsubscribeView(db: Db, key: Buffer, token: string): Promise<CrmUnsubscribeView> {
  const row = await clientOf(db, key, token);
  return viewOf(row, row.unsubscribedAt !== null);
}

/** Unsubscribes the token's client once (a second call changes nothing): later mass emails skip them. */
export async function unsubscribe(db: Db, key: Buffer, token: string): Promise<CrmUnsubscribeView> {
  const row = await clientOf(db, key, token);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const changed = await tx
      .update(crmClients)
      .set({ unsubscribedAt: new Date() })
      .where(and(eq(crmClients.id, row.id), isNull(crmClients.unsubscribedAt)))
      .returning({ id: crmClients.id });
    if (changed.length > 0) await track(tx, [{ clinicId: row.clinicId, clientId: row.id, kind: "unsubscribed" }]);
  });
  return viewOf(row, true);
}

/**
 * Records the first time a recipient did `what` (opened the email, followed a link). Answers
 * false for a token we did not sign or a recipient that does not exist.
 */
async function recordOnce(db: Db, key: Buffer, token: string, what: "opened" | "clicked"): Promise<boolean> {
  const recipient = recipientOfToken(key, token);
  if (!recipient) return false;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // A click shows the email was opened too, pixel or not (images are often blocked).
    const set = what === "opened" ? sql`opened_at = now()` : sql`clicked_at = now(), opened_at = coalesce(r.opened_at, now())`;
    const changed = await tx.execute<{ clinic_id: string; subject: string }>(sql`update crm_campaign_recipients r set ${set}
      from crm_campaigns c where c.id = r.campaign_id and r.campaign_id = ${recipient.campaignId} and r.client_id = ${recipient.clientId}
      and ${sql.raw(what === "opened" ? "r.opened_at" : "r.clicked_at")} is null returning c.clinic_id, c.subject`);
    const first = changed.rows[0];
    if (first) {
      await track(tx, [
        {
          clinicId: first.clinic_id,
          clientId: recipient.clientId,
          kind: what === "opened" ? "email_opened" : "email_clicked",
          summary: first.subject,
          refId: recipient.campaignId,
        },
      ]);
      return true;
    }
    const [exists] = await tx
      .select({ one: sql`1` })
      .from(crmCampaignRecipients)
      .where(and(eq(crmCampaignRecipients.campaignId, recipient.campaignId), eq(crmCampaignRecipients.clientId, recipient.clientId)));
    return exists !== undefined;
  });
}

/** The open pixel: true when the token is a recipient's (recorded the first time). */
export const recordOpen = (db: Db, key: Buffer, token: string): Promise<boolean> => recordOnce(db, key, token, "opened");

/**
 * A tracked link: the address to redirect to when the signature over the token and the
 * address is ours (never an open redirect), else null; the first click is recorded.
 */
export async function recordClick(db: Db, key: Buffer, token: string, url: string, signature: string): Promise<string | null> {
  if (!/^https?:\/\//i.test(url) || !validClick(key, token, url, signature)) return null;
  return (await recordOnce(db, key, token, "clicked")) ? url : null;
}

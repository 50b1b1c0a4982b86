import {
  CRM_EMAIL_MESSAGES,
  type CrmEmailFormat,
  type crmEmailFormatInputSchema,
  type CrmEmailFormatsQuery,
  type CrmEmailTemplate,
  type CrmEmailTestResult,
  type Paged,
} from "@clinic/shared";
import { and, desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mail.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import { managedBy } from "./crm-scope.ts";
import { crmEmailFormats } from "./crm.table.ts";
import { composeEmail, sampleValues } from "./email-render.ts";

type Input = z.output<typeof crmEmailFormatInputSchema>;
type FormatRow = typeof crmEmailFormats.$inferSelect;

/** Where a test email's unsubscribe link goes: the page, with a token that names nobody. */
export const TEST_UNSUBSCRIBE_PATH = "/crm/unsubscribe/test";

export function toFormat(row: FormatRow): CrmEmailFormat {
  return {
    id: row.id,
    clinicId: row.clinicId,
    name: row.name,
    description: row.description,
    subject: row.subject,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    replyTo: row.replyTo,
    html: row.html,
    template: row.template as CrmEmailTemplate,
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The body as stored: the rich-text allowlist without images (an upload's address means
 * nothing in a mailbox, and most recipients could not read it), and something left to read.
 */
function bodyOf(html: string): string {
  const clean = sanitizeForEveryone(html);
  if (clean === "") throw badRequest({ html: ["Must contain some text."] });
  return clean;
}

const valuesOf = (input: Input, html: string) => ({
  name: input.name,
  description: input.description,
  subject: input.subject,
  fromName: input.fromName,
  fromEmail: input.fromEmail,
  replyTo: input.replyTo,
  html,
  template: input.template,
  trackOpens: input.trackOpens,
  trackClicks: input.trackClicks,
});

/** The clinic's formats (admins: every clinic's, or the one named), newest first; `q` searches name and subject. */
export async function listFormats(db: Db, actor: Actor, query: CrmEmailFormatsQuery): Promise<Paged<CrmEmailFormat>> {
  const where = and(
    managedBy(actor, crmEmailFormats.clinicId),
    query.clinicId ? eq(crmEmailFormats.clinicId, query.clinicId) : undefined,
    query.q ? or(containsText(crmEmailFormats.name, query.q), containsText(crmEmailFormats.subject, query.q)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    { tables: [crmEmailFormats], counted: db.select({ one: sql`1` }).from(crmEmailFormats).where(where) },
    (pageTotal) =>
      db
        .select({ ...getTableColumns(crmEmailFormats), pageTotal })
        .from(crmEmailFormats)
        .where(where)
        .orderBy(desc(crmEmailFormats.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toFormat(row as FormatRow)) };
}

/** One of the actor's formats, or 404 (another clinic's too). */
export async function formatRow(db: Db, actor: Actor, id: number): Promise<FormatRow> {
  const [row] = await db
    .select()
    .from(crmEmailFormats)
    .where(and(eq(crmEmailFormats.id, id), managedBy(actor, crmEmailFormats.clinicId)));
  if (!row) throw notFound(CRM_EMAIL_MESSAGES.noFormat);
  return row;
}

export async function createFormat(db: Db, clinicId: string, input: Input): Promise<CrmEmailFormat> {
  const [row] = await db
    .insert(crmEmailFormats)
    .values({ clinicId, ...valuesOf(input, bodyOf(input.html)) })
    .returning();
  return toFormat(row as FormatRow);
}

export async function updateFormat(db: Db, actor: Actor, id: number, input: Input): Promise<CrmEmailFormat> {
  const html = bodyOf(input.html);
  const [row] = await db
    .update(crmEmailFormats)
    .set({ ...valuesOf(input, html), updatedAt: new Date() })
    .where(and(eq(crmEmailFormats.id, id), managedBy(actor, crmEmailFormats.clinicId)))
    .returning();
  if (!row) throw notFound(CRM_EMAIL_MESSAGES.noFormat);
  return toFormat(row);
}

/** Deletes a format; the mass emails sent with it keep their copy of it. */
export async function deleteFormat(db: Db, actor: Actor, id: number): Promise<void> {
  const gone = await db
    .delete(crmEmailFormats)
    .where(and(eq(crmEmailFormats.id, id), managedBy(actor, crmEmailFormats.clinicId)))
    .returning({ id: crmEmailFormats.id });
  if (gone.length === 0) throw notFound(CRM_EMAIL_MESSAGES.noFormat);
}

/** `"Name" <address>`, the display name quoted so a comma or angle bracket in it stays a name. */
export const senderOf = (fromName: string, fromEmail: string): string => `"${fromName.replace(/["\\\r\n]/g, "")}" <${fromEmail}>`;

/**
 * Sends the format to `to` now, with sample values and "[Test]" before the subject, from the
 * format's sender with its Reply-To. Without SMTP it lands in the outbox; a mail server's
 * refusal is answered, not thrown.
 */
export async function sendTest(db: Db, mailer: Mailer, actor: Actor, id: number, to: string): Promise<CrmEmailTestResult> {
  const format = await formatRow(db, actor, id);
  const unsubscribeUrl = mailer.link(TEST_UNSUBSCRIBE_PATH);
  const email = composeEmail(format, sampleValues(unsubscribeUrl), { unsubscribeUrl });
  const outcome = await mailer.send({
    to,
    subject: `[Test] ${email.subject}`,
    text: email.text,
    html: email.html,
    kind: "crm.test",
    from: senderOf(format.fromName, format.fromEmail),
    replyTo: format.replyTo,
  });
  return { detail: CRM_EMAIL_MESSAGES.testSent, status: outcome.status, error: outcome.error };
}

import type { MailKind, MailMessage, MailStatus, PageQuery, Paged } from "@clinic/shared";
import { and, desc, eq, getTableColumns, or, type SQL, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { Db } from "../db/client.ts";
import type { JobQueue } from "./jobs.ts";
import { metricsOf } from "./metrics.ts";
import { type MailAttachment, mailMessages, mailPacing } from "./mail.table.ts";
import { containsText, pageOf, pageWindow } from "./paging.ts";

/** One email to write: who to, what, and what it is about (`kind`, for the outbox screen). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** One of MAIL_KINDS: the outbox screen has a label for each. */
  kind: MailKind;
  /** The user it is written to, when it is one of ours. */
  userId?: string | null;
  attachments?: MailAttachment[];
  /** The sender, when not the platform's MAIL_FROM (a CRM email format's `Name <address>`). */
  from?: string;
  replyTo?: string;
  /** Extra headers (RFC 8058's List-Unsubscribe on mass email). */
  headers?: Record<string, string>;
}

/** What a transport is handed: a message with its sender. */
export interface TransportMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
  headers?: Record<string, string>;
}

/**
 * Lanes of paced mass email (`queueMail`'s `lane`): each keeps its own pace, so the CRM's mass
 * email (CRM_EMAILS_PER_SECOND) neither waits behind nor holds up the platform's messages.
 */
export const MAIL_LANES = { messages: 1, crm: 2 } as const;

export interface MailOutcome {
  id: number;
  status: Exclude<MailStatus, "queued">;
  error: string | null;
}

/** What sends over SMTP; `null` keeps every message in the outbox. */
export interface MailTransport {
  from: string;
  send(message: TransportMessage): Promise<unknown>;
  /** Connects and signs in without sending (the admins' system check); throws what the server said. */
  verify?(): Promise<unknown>;
  close(): void;
}

/**
 * A transport for `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer's URL
 * options such as `?ignoreTLS=true` apply). Short timeouts unless the URL says otherwise: the
 * API call that caused the message waits for it, and a silent server must not hold it for
 * nodemailer's default two minutes.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return { from, send: (message) => transporter.sendMail(message), verify: () => transporter.verify(), close: () => transporter.close() };
}

/**
 * Writes one email (ARCHITECTURE.md: SMTP when `SMTP_URL` is set, otherwise an outbox admins
 * read). Without a transport the row is the message (`outbox`). With one, the row is written
 * first (`queued`), then the message is sent and the row records `sent`, or `failed` with the
 * error: a failed delivery is recorded, never thrown, so the call that caused it still
 * succeeds. Call it after the caller's transaction has committed: nothing here runs in one,
 * so no transaction stays open while an SMTP server answers.
 */
/** The row of a message, before its status. */
function rowOf(message: OutgoingMail) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    kind: message.kind,
    userId: message.userId ?? null,
    attachments: message.attachments ?? null,
    from: message.from ?? null,
    replyTo: message.replyTo ?? null,
    headers: message.headers ?? null,
  };
}

/** A stored row as the transport sends it: its own sender, Reply-To and headers when it has them. */
function transportMessage(
  transport: MailTransport,
  row: Pick<ReturnType<typeof rowOf>, "to" | "subject" | "text" | "html" | "attachments" | "from" | "replyTo" | "headers">,
): TransportMessage {
  return {
    from: row.from ?? transport.from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    attachments: row.attachments ?? undefined,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    ...(row.headers ? { headers: row.headers } : {}),
  };
}

export async function sendMail(db: Db, message: OutgoingMail, transport: MailTransport | null = null): Promise<MailOutcome> {
  const values = rowOf(message);
  if (!transport) {
    const [row] = await db
      .insert(mailMessages)
      .values({ ...values, status: "outbox" })
      .returning({ id: mailMessages.id });
    return { id: (row as { id: number }).id, status: "outbox", error: null };
  }
  const [row] = await db
    .insert(mailMessages)
    .values({ ...values, status: "queued" })
    .returning({ id: mailMessages.id });
  const id = (row as { id: number }).id;
  try {
    await transport.send(transportMessage(transport, values));
    metricsOf(db)?.mailSent.inc();
    await db.update(mailMessages).set({ status: "sent", attempts: 1, sentAt: new Date(), error: null }).where(eq(mailMessages.id, id));
    return { id, status: "sent", error: null };
  } catch (failure) {
    metricsOf(db)?.mailFailed.inc();
    const error = failure instanceof Error ? failure.message : String(failure);
    await db.update(mailMessages).set({ status: "failed", attempts: 1, error }).where(eq(mailMessages.id, id));
    return { id, status: "failed", error };
  }
}

/** The app's mailer (`app.mailer`): `sendMail` bound to the app's database and transport. */
export interface Mailer {
  send(message: OutgoingMail): Promise<MailOutcome>;
  /** Null: every message stays in the outbox. */
  transport: MailTransport | null;
  /** The absolute address of a page of the site, for links in messages. */
  link(path: string): string;
  close(): void;
}

export function createMailer(db: Db, settings: { smtpUrl: string | undefined; from: string; publicUrl: string }): Mailer {
  const transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.from) : null;
  return {
    send: (message) => sendMail(db, message, transport),
    transport,
    link: (path) => new URL(path, settings.publicUrl).toString(),
    close: () => transport?.close(),
  };
}

const DELIVER_QUEUE = "mail.deliver";

/**
 * Writes emails inside the caller's transaction, so they exist exactly when the change that
 * caused them commits, and answers their row ids in order. Without SMTP the rows are the
 * outbox; with SMTP each row is `queued` and a `mail.deliver` job, enqueued in the same
 * transaction, sends it (retried with back-off, on whichever node works the queue). With
 * `perSecond` (mass messages) the jobs are spread over time at that pace, after any paced
 * email already waiting in its lane (MAIL_LANES), whichever node queued it.
 */
export async function queueMail(
  tx: Db,
  mailer: Mailer,
  jobs: JobQueue,
  messages: readonly OutgoingMail[],
  options: { perSecond?: number; lane?: number } = {},
): Promise<number[]> {
  const ids: number[] = [];
  // Many at once (a user import's invitations): one INSERT per 500 rows.
  for (let start = 0; start < messages.length; start += 500) {
    const rows = await tx
      .insert(mailMessages)
      .values(
        messages.slice(start, start + 500).map((message) => ({ ...rowOf(message), status: mailer.transport ? ("queued" as const) : ("outbox" as const) })),
      )
      .returning({ id: mailMessages.id });
    ids.push(...rows.map((row) => row.id));
    if (!mailer.transport) continue;
    const times = options.perSecond ? await paceSlots(tx, rows.length, options.perSecond, options.lane ?? MAIL_LANES.messages) : [];
    await jobs.sendMany(
      DELIVER_QUEUE,
      rows.map((row, index) => ({ data: { id: row.id }, startAfter: times[index] })),
      { tx },
    );
  }
  return ids;
}

/**
 * Reserves `count` send times `1/perSecond` s apart, after those already handed out in `lane`. The
 * lane's pacing row stays locked until the caller's transaction ends, so two nodes never hand out the
 * same times, and a rolled-back batch gives its times back.
 */
async function paceSlots(tx: Db, count: number, perSecond: number, lane: number): Promise<Date[]> {
  const span = count / perSecond;
  const result = await tx.execute<{ first: string }>(sql`
    insert into ${mailPacing} (id, next_at) values (${lane}, now() + make_interval(secs => ${span}))
    on conflict (id) do update set next_at = greatest(${mailPacing.nextAt}, now()) + make_interval(secs => ${span})
    returning (next_at - make_interval(secs => ${span}))::text as first`);
  const first = Date.parse(result.rows[0]?.first ?? "");
  return Array.from({ length: count }, (_, index) => new Date(first + (index * 1000) / perSecond));
}

/** The worker of `mail.deliver`: sends a queued row once; a row already sent is left alone. */
export function registerMailDelivery(db: Db, mailer: Mailer, jobs: JobQueue): void {
  const retryLimit = 5;
  jobs.handle<{ id: number }>(
    DELIVER_QUEUE,
    async ({ id }, job) => {
      const transport = mailer.transport;
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      if (row?.status !== "queued" || !transport) return;
      try {
        await transport.send(transportMessage(transport, row));
        metricsOf(db)?.mailSent.inc();
        await db
          .update(mailMessages)
          .set({ status: "sent", attempts: row.attempts + 1, sentAt: new Date(), error: null })
          .where(eq(mailMessages.id, id));
      } catch (failure) {
        const error = failure instanceof Error ? failure.message : String(failure);
        const status = job.retryCount >= retryLimit ? "failed" : "queued";
        // Counted once, when the last try fails: a retry that later succeeds is no failed email.
        if (status === "failed") metricsOf(db)?.mailFailed.inc();
        await db
          .update(mailMessages)
          .set({ status, attempts: row.attempts + 1, error })
          .where(eq(mailMessages.id, id));
        throw failure;
      }
    },
    { retryLimit },
  );
}

/** The mail log / outbox, newest first, for admins (`q` searches address and subject). */
export async function listMail(db: Db, query: PageQuery & { q?: string; status?: MailStatus; kind?: string }): Promise<Paged<MailMessage>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) conditions.push(or(containsText(mailMessages.to, query.q), containsText(mailMessages.subject, query.q)));
  if (query.status) conditions.push(eq(mailMessages.status, query.status));
  if (query.kind) conditions.push(eq(mailMessages.kind, query.kind));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(db, null, query, { tables: [mailMessages], counted: db.select({ one: sql`1` }).from(mailMessages).where(where) }, (pageTotal) =>
    db
      .select({ ...getTableColumns(mailMessages), pageTotal })
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(limit)
      .offset(offset),
  );
  return {
    ...page,
    data: page.data.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      kind: row.kind,
      status: row.status as MailStatus,
      attempts: row.attempts,
      error: row.error,
      userId: row.userId,
      attachments: (row.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    })),
  };
}

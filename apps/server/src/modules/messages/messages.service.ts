import {
  GROUP,
  MESSAGE_MESSAGES,
  type Message,
  type MessageFailedRecipient,
  type MessageRecipient,
  type MessageRole,
  type MessageState,
  type MessagesQuery,
  type messageAudienceSchema,
  type messageInputSchema,
  type Paged,
  type PageQuery,
  richTextToPlain,
} from "@clinic/shared";
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { groups, users } from "../../db/schema.ts";
import { type Actor, loadActor, userScope } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, forbidden, notFound } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { type Mailer, queueMail } from "../../platform/mail.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { emailWanted, notify } from "../../platform/notifications.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import { clinicsNamed } from "../people/clinics.service.ts";
import { messageRecipients, messages } from "./messages.table.ts";

type Input = z.output<typeof messageInputSchema>;
type Audience = z.output<typeof messageAudienceSchema>;

export const DELIVER_QUEUE = "messages.deliver";
/** Recipients written per transaction: a restart repeats at most this many notifications' work, never a notification. */
export const DELIVERY_BATCH = 500;
/** Where the notification and the email send the reader. */
const NOTIFICATIONS_PAGE = "/manager/admin/notifications";

export interface MessageDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  /** The pace of the emails (MESSAGE_EMAILS_PER_SECOND). */
  emailsPerSecond: number;
}

/**
 * A column with its table's name: Drizzle writes a column of a one-table select without it,
 * which inside a subquery would name the subquery's own column of the same name.
 */
const qualified = (table: "messages" | "users", column: string) => sql.raw(`"${table}"."${column}"`);
const own = (column: string) => qualified("messages", column);

/** A person's name as lists show it (a clinic account has only `name`), from the users row aliased `alias`. */
const nameOf = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), nullif(${alias}.name, ''), ${alias}.email)`) as SQL<string>;

/** A user's role as roleOf() reads it (shared/groups.ts): the admin flag, then the first built-in group. */
const ROLE_SQL = sql<MessageRole>`case when ${qualified("users", "is_admin")} then 'admin' else coalesce((select case ug.group_id when ${GROUP.patient} then 'patient'
    when ${GROUP.clinic} then 'clinic' else 'therapist' end from user_groups ug
    where ug.user_id = ${qualified("users", "id")} and ug.group_id in (${GROUP.patient}, ${GROUP.clinic}, ${GROUP.therapist})
    order by ug.position, ug.group_id limit 1), 'therapist') end`;

/** Anyone of the audience: of a role, of a clinic (the account and its people), in a group, or named. */
function audienceMatch(audience: Audience): SQL {
  const parts: SQL[] = [];
  if (audience.roles.length > 0) parts.push(sql`${ROLE_SQL} = any(${sql.param(audience.roles)}::text[])`);
  if (audience.clinics.length > 0) {
    const clinics = sql.param(audience.clinics.map((id) => id.toLowerCase()));
    parts.push(sql`(${users.id} = any(${clinics}::text[]) or ${users.clinicId} = any(${clinics}::text[]))`);
  }
  if (audience.groups.length > 0)
    parts.push(
      sql`exists (select 1 from user_groups ug where ug.user_id = ${qualified("users", "id")} and ug.group_id = any(${sql.param(audience.groups)}::int[]))`,
    );
  if (audience.users.length > 0) parts.push(sql`${users.id} = any(${sql.param(audience.users.map((id) => id.toLowerCase()))}::text[])`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** Who `sender` reaches with `audience`: active people they manage (userScope), never themself. */
const reachable = (sender: Actor, audience: Audience): SQL =>
  and(eq(users.isActive, true), ne(users.id, sender.id), userScope(sender), audienceMatch(audience)) as SQL;

const audienceOf = (row: typeof messages.$inferSelect): Audience => ({
  roles: row.roles as MessageRole[],
  clinics: row.clinics,
  groups: row.groups,
  users: row.users,
});

async function countReach(db: Db, sender: Actor, audience: Audience): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(reachable(sender, audience));
  return row?.n ?? 0;
}

/**
 * Refuses what the sender may not name (403) and names that match nothing (400 by field).
 * Clinics and groups reach across clinics, so only admins name them; a named person must be
 * one the sender manages. Answers how many people it reaches now.
 */
async function checkAudience(db: Db, sender: Actor, audience: Audience): Promise<number> {
  if (!sender.isAdmin && (audience.clinics.length > 0 || audience.groups.length > 0)) throw forbidden(MESSAGE_MESSAGES.adminsOnly);
  const errors: FieldErrors = {};
  const clinics = audience.clinics.map((id) => id.toLowerCase());
  const named = await clinicsNamed(db, clinics);
  if (clinics.some((id) => !named.has(id))) errors.clinics = [MESSAGE_MESSAGES.notAClinic];
  if (audience.groups.length > 0) {
    const found = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, audience.groups));
    if (found.length !== audience.groups.length) errors.groups = [MESSAGE_MESSAGES.unknownGroup];
  }
  if (audience.users.length > 0) {
    const ids = audience.users.map((id) => id.toLowerCase());
    const found = await db
      .select({ id: users.id, inScope: sql<boolean>`${userScope(sender)} and ${users.id} <> ${sender.id}` })
      .from(users)
      .where(inArray(users.id, ids));
    if (found.length !== ids.length) errors.users = [MESSAGE_MESSAGES.unknownUser];
    else if (found.some((row) => !row.inScope)) throw forbidden(MESSAGE_MESSAGES.notYourPeople);
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const reach = await countReach(db, sender, audience);
  if (reach === 0) throw badRequest({ roles: [MESSAGE_MESSAGES.nobody] });
  return reach;
}

/** How many people an audience reaches now, after the same checks as sending. */
export async function previewReach(db: Db, sender: Actor, audience: Audience): Promise<{ recipients: number }> {
  return { recipients: await checkAudience(db, sender, audience) };
}

/**
 * Writes the message and enqueues its delivery in one transaction: due now, or at `sendAt`.
 * The audience is checked now and read again when sending starts.
 */
export async function createMessage(deps: MessageDeps, sender: Actor, input: Input): Promise<Message> {
  const { db } = deps;
  await checkAudience(db, sender, input);
  const body = sanitizeForEveryone(input.body);
  if (body === "") throw badRequest({ body: [MESSAGE_MESSAGES.bodyNeeded] });
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(messages)
      .values({
        subject: input.subject,
        body,
        roles: input.roles,
        clinics: input.clinics.map((one) => one.toLowerCase()),
        groups: input.groups,
        users: input.users.map((one) => one.toLowerCase()),
        email: input.email,
        state: input.sendAt ? "scheduled" : "sending",
        sendAt: input.sendAt ? new Date(input.sendAt) : new Date(),
        sentBy: sender.id,
      })
      .returning({ id: messages.id });
    const messageId = (row as { id: number }).id;
    await deps.jobs.send(DELIVER_QUEUE, { id: messageId }, { tx, ...(input.sendAt ? { startAfter: new Date(input.sendAt) } : {}) });
    return messageId;
  });
  return getMessage(db, sender, id);
}

/** Cancels a scheduled message (before it starts); 409 once it has started. */
export async function cancelMessage(db: Db, actor: Actor, id: number): Promise<Message> {
  await getMessage(db, actor, id);
  const changed = await db
    .update(messages)
    .set({ state: "cancelled" })
    .where(and(eq(messages.id, id), eq(messages.state, "scheduled")))
    .returning({ id: messages.id });
  if (changed.length === 0) throw conflict(MESSAGE_MESSAGES.notCancellable);
  return getMessage(db, actor, id);
}

// ---------------------------------------------------------------- delivery

/**
 * The `messages.deliver` job. Reads the audience into recipient rows once, then, a batch per
 * transaction, writes each recipient's notification, queues their email (paced) and marks them
 * reached. Run again after a restart, or twice at once, it reaches only those not marked yet.
 */
export async function deliverMessage(deps: MessageDeps, id: number, batchSize = DELIVERY_BATCH): Promise<void> {
  const { db } = deps;
  const [message] = await db
    .update(messages)
    .set({ state: "sending" })
    .where(and(eq(messages.id, id), inArray(messages.state, ["scheduled", "sending"])))
    .returning();
  if (!message) return;
  const sender = message.sentBy ? await loadActor(db, message.sentBy) : null;
  if (!sender?.isActive) {
    // Whoever wrote it can no longer send: nobody is reached in their name.
    await db.update(messages).set({ state: "cancelled" }).where(eq(messages.id, id));
    return;
  }
  if (message.recipients === null) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${messageRecipients} (message_id, user_id)
        select ${id}, ${users.id} from ${users} where ${reachable(sender, audienceOf(message))} on conflict do nothing`);
      await tx
        .update(messages)
        .set({ recipients: sql`(select count(*)::int from ${messageRecipients} where ${messageRecipients.messageId} = ${id})` })
        .where(eq(messages.id, id));
    });
  }
  const plain = richTextToPlain(message.body);
  const link = deps.mailer.link(NOTIFICATIONS_PAGE);
  for (;;) {
    const reached = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const batch = await tx
        .select({ userId: messageRecipients.userId })
        .from(messageRecipients)
        .where(and(eq(messageRecipients.messageId, id), isNull(messageRecipients.notifiedAt)))
        .orderBy(messageRecipients.userId)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      const ids = batch.map((row) => row.userId);
      if (ids.length === 0) return 0;
      // With the deps (its own paced email stays: ownEmail), so the recipients' push devices hear of it too.
      await notify(tx, deps, ids, { kind: "message", params: { subject: message.subject, message: plain }, sentBy: message.sentBy, ownEmail: true });
      if (message.email) await queueEmails(deps, tx, id, ids, { subject: message.subject, plain, html: message.body, link });
      await tx
        .update(messageRecipients)
        .set({ notifiedAt: new Date() })
        .where(and(eq(messageRecipients.messageId, id), inArray(messageRecipients.userId, ids)));
      return ids.length;
    });
    if (reached === 0) break;
  }
  await db
    .update(messages)
    .set({ state: "sent", sentAt: new Date() })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.state, "sending"),
        sql`not exists (select 1 from ${messageRecipients} where ${messageRecipients.messageId} = ${id} and ${messageRecipients.notifiedAt} is null)`,
      ),
    );
}

/** Queues the batch's emails, to those whose choices take messages by email, and records each recipient's email. */
async function queueEmails(
  deps: MessageDeps,
  tx: Db,
  messageId: number,
  ids: string[],
  text: { subject: string; plain: string; html: string; link: string },
): Promise<void> {
  const wanted = [...(await emailWanted(tx, ids, "message"))];
  if (wanted.length === 0) return;
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.isActive, true), ne(users.email, "")));
  const mailIds = await queueMail(
    tx,
    deps.mailer,
    deps.jobs,
    people.map((person) => ({
      to: person.email,
      userId: person.id,
      subject: text.subject,
      text: `${text.plain}\n\n${text.link}`,
      html: `${text.html}<p><a href="${text.link}">${text.link}</a></p>`,
      kind: "message",
    })),
    { perSecond: deps.emailsPerSecond },
  );
  await tx.execute(sql`update ${messageRecipients} set mail_id = sent.mail_id
    from unnest(${sql.param(people.map((person) => person.id))}::text[], ${sql.param(mailIds)}::bigint[]) as sent(user_id, mail_id)
    where ${messageRecipients.messageId} = ${messageId} and ${messageRecipients.userId} = sent.user_id`);
}

export function registerMessageDelivery(deps: MessageDeps): void {
  deps.jobs.handle<{ id: number }>(DELIVER_QUEUE, async ({ id }) => deliverMessage(deps, id));
}

// ---------------------------------------------------------------- the sent list

/** The users of an id array column, with their names, as JSON in the message's own row. */
const named = (ids: SQL) =>
  sql<{ id: string; name: string }[]>`(select coalesce(json_agg(json_build_object('id', u.id, 'name', ${nameOf("u")}) order by u.name), '[]'::json)
    from users u where u.id = any(${ids}))`;

const columns = {
  row: messages,
  senderName: sql<string | null>`(select ${nameOf("s")} from users s where s.id = ${own("sent_by")})`,
  clinicsNamed: named(own("clinics")),
  usersNamed: named(own("users")),
  groupsNamed: sql<{ id: number; name: { en: string; es: string } }[]>`(select coalesce(json_agg(json_build_object('id', g.id,
      'name', json_build_object('en', g.name, 'es', g.name_es)) order by g.id), '[]'::json) from groups g where g.id = any(${own("groups")}))`,
};

type ListRow = {
  row: typeof messages.$inferSelect;
  senderName: string | null;
  clinicsNamed: { id: string; name: string }[];
  usersNamed: { id: string; name: string }[];
  groupsNamed: { id: number; name: { en: string; es: string } }[];
};

function toMessage({ row, senderName, clinicsNamed: clinics, usersNamed, groupsNamed }: ListRow): Message {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    roles: row.roles as MessageRole[],
    clinics,
    groups: groupsNamed,
    users: usersNamed,
    email: row.email,
    state: row.state as MessageState,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    sentBy: row.sentBy ? { id: row.sentBy, name: senderName ?? "" } : null,
    createdAt: row.createdAt.toISOString(),
    recipients: row.recipients,
    // Kept on the row by migration 0036's triggers.
    delivered: row.delivered,
    emailsSent: row.emailsSent,
    emailsQueued: row.emailsQueued,
    emailsFailed: row.emailsFailed,
  };
}

/** Admins see every message; anyone else the ones they sent. */
const ownMessages = (actor: Actor): SQL | undefined => (actor.isAdmin ? undefined : eq(messages.sentBy, actor.id));

export async function listMessages(db: Db, actor: Actor, query: MessagesQuery): Promise<Paged<Message>> {
  const where = and(ownMessages(actor), query.state ? eq(messages.state, query.state) : undefined);
  const { limit, offset } = pageWindow(query);
  // Kept (page-cache.ts): it reads messages, users and groups, all versioned.
  const page = await pageOf(db, actor, query, { tables: [messages], counted: db.select({ one: sql`1` }).from(messages).where(where) }, (pageTotal) =>
    db
      .select({ ...columns, pageTotal })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.sendAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toMessage(row as ListRow)) };
}

export async function getMessage(db: Db, actor: Actor, id: number): Promise<Message> {
  const [row] = await db
    .select(columns)
    .from(messages)
    .where(and(eq(messages.id, id), ownMessages(actor)));
  if (!row) throw notFound();
  return toMessage(row as ListRow);
}

/**
 * The recipients of message `id` whose email failed for good, by name, with the address and the
 * mail server's reason: 404 unless the caller sees the message (getMessage's scope). The scope
 * check, then the page with its total: two statements.
 */
export async function listFailedRecipients(db: Db, actor: Actor, id: number, query: PageQuery): Promise<Paged<MessageFailedRecipient>> {
  const [visible] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), ownMessages(actor)));
  if (!visible) throw notFound();
  const failed = and(eq(messageRecipients.messageId, id), eq(mailMessages.status, "failed"));
  const { limit, offset } = pageWindow(query);
  return pageOf(
    db,
    null,
    query,
    {
      tables: [messageRecipients, mailMessages],
      counted: db.select({ one: sql`1` }).from(messageRecipients).innerJoin(mailMessages, eq(mailMessages.id, messageRecipients.mailId)).where(failed),
    },
    (pageTotal) =>
      db
        .select({ id: users.id, name: nameOf("users"), email: mailMessages.to, error: mailMessages.error, attempts: mailMessages.attempts, pageTotal })
        .from(messageRecipients)
        .innerJoin(mailMessages, eq(mailMessages.id, messageRecipients.mailId))
        .innerJoin(users, eq(users.id, messageRecipients.userId))
        .where(failed)
        .orderBy(nameOf("users"), users.id)
        .limit(limit)
        .offset(offset),
  );
}

/** The people the sender may write to, for the recipient picker: name or email containing `q`. */
export async function listRecipients(db: Db, sender: Actor, query: PageQuery & { q?: string }): Promise<Paged<MessageRecipient>> {
  const where = and(
    eq(users.isActive, true),
    ne(users.id, sender.id),
    userScope(sender),
    query.q
      ? or(containsText(users.email, query.q), containsText(users.name, query.q), containsText(users.nombres, query.q), containsText(users.apellidos, query.q))
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(db, null, query, { tables: [users], counted: db.select({ one: sql`1` }).from(users).where(where) }, (pageTotal) =>
    db
      .select({ id: users.id, name: nameOf("users"), email: users.email, role: ROLE_SQL, pageTotal })
      .from(users)
      .where(where)
      .orderBy(nameOf("users"), users.id)
      .limit(limit)
      .offset(offset),
  );
  return page;
}

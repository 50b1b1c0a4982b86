import {
  CHAT_DELIVERY_RANK,
  CHAT_MESSAGES,
  type ChatDeliveryState,
  type ChatDirection,
  type ChatMessage,
  type ChatMessageKind,
  type ChatMessagesPage,
  WHATSAPP_WINDOW_HOURS,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, managedBy } from "../../platform/access.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { CLINIC_CHANNEL, type ClinicEvent, publishClinicEvent } from "../../platform/realtime.ts";
import { type ChatDeps, type ConversationRow, conversationFor, WHATSAPP_SEND_QUEUE } from "./chat-scope.ts";

/**
 * Adding a message to a conversation, the one path every kind takes (typed in the inbox or the
 * app, an attachment, a template, an incoming WhatsApp message): the row, the conversation's
 * last activity, the sender job of an outgoing WhatsApp message (in the same transaction, so it
 * exists exactly when the message does), and the realtime event once it commits.
 */

export interface NewMessage {
  direction: ChatDirection;
  kind?: ChatMessageKind;
  body: string;
  uploadId?: string | null;
  template?: { name: string; language: string; variables: string[] } | null;
  authorId?: string | null;
  /** An incoming WhatsApp message's id: a second delivery of it stores nothing. */
  externalId?: string | null;
  /** Incoming WhatsApp: when WhatsApp says it was sent (its timestamp). */
  createdAt?: Date;
}

const PREVIEW_LENGTH = 200;
const previewOf = (message: NewMessage): string =>
  (message.body.trim() || (message.kind && message.kind !== "text" ? `[${message.kind}]` : "")).replace(/\s+/g, " ").slice(0, PREVIEW_LENGTH);

/**
 * Adds `message` to `conversation` inside `tx` and answers its id; null when an incoming message
 * with this externalId was already stored (a replayed webhook). An incoming message reopens a
 * closed conversation; a note changes nothing the contact sees and is never sent.
 */
export async function appendMessage(tx: Db, jobs: JobQueue, conversation: ConversationRow, message: NewMessage): Promise<number | null> {
  const outgoingWhatsApp = message.direction === "out" && conversation.channel === "whatsapp";
  const status: ChatDeliveryState = outgoingWhatsApp ? "queued" : "sent";
  const createdAt = (message.createdAt ?? new Date()).toISOString();
  const inbound = message.direction === "in";
  const event: ClinicEvent = {
    clinicId: conversation.clinicId,
    patientId: message.direction === "note" || conversation.channel !== "app" ? null : conversation.patientId,
    message: { type: "chat", event: "message", conversationId: conversation.id },
  };
  // One statement: the row, the conversation's last activity (not for a note), the author's read
  // marker and the realtime event, all or nothing; a replayed incoming message adds none of them.
  const result = await tx.execute<{ id: number; notified: number }>(sql`
    with added as (
      insert into chat_messages (conversation_id, direction, kind, body, upload_id, template, author_id, external_id, status, status_at, created_at)
        values (${conversation.id}, ${message.direction}, ${message.kind ?? "text"}, ${message.body}, ${message.uploadId ?? null},
          ${message.template ? JSON.stringify(message.template) : null}::jsonb, ${message.authorId ?? null}, ${message.externalId ?? null},
          ${status}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)
        on conflict (external_id) do nothing
        returning id),
    touched as (
      update chat_conversations set
        last_message_at = greatest(last_message_at, ${createdAt}::timestamptz),
        last_message_preview = ${previewOf(message)},
        last_direction = ${message.direction},
        last_inbound_at = case when ${inbound} then greatest(coalesce(last_inbound_at, ${createdAt}::timestamptz), ${createdAt}::timestamptz) else last_inbound_at end,
        last_inbound_id = case when ${inbound} then greatest(coalesce(last_inbound_id, 0), (select id from added)) else last_inbound_id end,
        status = case when ${inbound} then 'open' else status end,
        updated_at = now()
      where id = ${conversation.id} and ${message.direction !== "note"} and exists (select 1 from added)),
    marked as (
      insert into chat_reads (conversation_id, user_id, last_read_id, read_at)
        select ${conversation.id}, ${message.authorId ?? null}, id, now() from added where ${message.authorId ?? null}::text is not null
        on conflict (conversation_id, user_id) do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id), read_at = now()),
    notified as (select pg_notify(${CLINIC_CHANNEL}, ${JSON.stringify(event)}) from added)
    select id, (select count(*)::int from notified) as notified from added`);
  const id = result.rows[0]?.id;
  if (id === undefined) return null;
  if (outgoingWhatsApp) await jobs.send(WHATSAPP_SEND_QUEUE, { messageId: Number(id) }, { tx, singletonKey: `chat-message-${id}` });
  return Number(id);
}

/** Moves `userId`'s read marker of a conversation forward to `messageId` (never back). */
export async function markReadUpTo(tx: Db, conversationId: number, userId: string, messageId: number): Promise<void> {
  await tx.execute(sql`
    insert into chat_reads (conversation_id, user_id, last_read_id, read_at) values (${conversationId}, ${userId}, ${messageId}, now())
    on conflict (conversation_id, user_id) do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id), read_at = now()`);
}

/**
 * A delivery state reported for a message (WhatsApp's status webhook, the sender job): stored
 * only when it moves forward (sent → delivered → read; failed ends it), with the reason of a
 * failure. Answers whether it changed.
 */
export async function advanceStatus(
  tx: Db,
  messageId: number,
  status: ChatDeliveryState,
  options: { failureReason?: string | null; at?: Date } = {},
): Promise<boolean> {
  const rank = sql.raw(`case m.status when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 when 'delivered' then 3 when 'read' then 4 else 5 end`);
  const next = CHAT_DELIVERY_RANK[status];
  const result = await tx.execute<{ conversation_id: number; clinic_id: string; patient_id: string | null; channel: string }>(sql`
    update chat_messages m set status = ${status}, failure_reason = ${options.failureReason ?? null}, status_at = ${(options.at ?? new Date()).toISOString()}::timestamptz
      from chat_conversations c
      where m.id = ${messageId} and c.id = m.conversation_id and ${rank} < ${next} and m.status <> 'failed'
      returning m.conversation_id, c.clinic_id, c.patient_id, c.channel`);
  const changed = result.rows[0];
  if (!changed) return false;
  await publishClinicEvent(tx, {
    clinicId: changed.clinic_id,
    patientId: changed.channel === "app" ? changed.patient_id : null,
    message: { type: "chat", event: "message", conversationId: changed.conversation_id },
  });
  return true;
}

// ---------------------------------------------------------------- reading and writing as a user

type MessageViewRow = {
  id: number;
  conversation_id: number;
  direction: ChatDirection;
  kind: ChatMessageKind;
  body: string;
  upload_id: string | null;
  upload_name: string | null;
  upload_mime: string | null;
  upload_size: number | null;
  template: { name: string; language: string; variables: string[] } | null;
  author_id: string | null;
  author_name: string | null;
  status: ChatDeliveryState;
  failure_reason: string | null;
  created_at: string | Date;
};

const MESSAGE_COLUMNS = sql.raw(`m.id, m.conversation_id, m.direction, m.kind, m.body, m.upload_id,
  coalesce(nullif(up.name, ''), up.original_name) as upload_name, up.mime as upload_mime, up.size as upload_size, m.template,
  m.author_id, coalesce(nullif(trim(au.nombres || ' ' || au.apellidos), ''), au.email) as author_name, m.status, m.failure_reason, m.created_at
  from chat_messages m left join uploads up on up.id = m.upload_id left join users au on au.id = m.author_id`);

function messageViewOf(row: MessageViewRow): ChatMessage {
  return {
    id: Number(row.id),
    conversationId: row.conversation_id,
    direction: row.direction,
    kind: row.kind,
    body: row.body,
    attachment: row.upload_id
      ? {
          id: row.upload_id,
          url: `/api/uploads/${row.upload_id}`,
          name: row.upload_name ?? "",
          mime: row.upload_mime ?? "",
          size: Number(row.upload_size ?? 0),
        }
      : null,
    template: row.template,
    author: row.author_id ? { id: row.author_id, name: row.author_name ?? "" } : null,
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** One message as the API shows it. */
export async function readMessage(db: Db, messageId: number): Promise<ChatMessage> {
  const result = await db.execute<MessageViewRow>(sql`select ${MESSAGE_COLUMNS} where m.id = ${messageId}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return messageViewOf(row);
}

/** A page of a conversation's history, oldest first; patients never see the agents' notes. One statement, the scope in it (404 outside). */
export async function messageHistory(db: Db, actor: Actor, conversationId: number, query: { before?: number; limit: number }): Promise<ChatMessagesPage> {
  const patient = actor.role === "patient";
  const scope = patient ? sql`c.channel = 'app' and c.patient_id = ${actor.id}` : managedBy(actor, sql.raw("c.clinic_id"));
  const notes = patient ? sql`and m.direction <> 'note'` : sql``;
  const before = query.before === undefined ? sql`` : sql`and m.id < ${query.before}`;
  const result = await db.execute<{ found: boolean; rows: MessageViewRow[] | null }>(sql`
    select exists (select 1 from chat_conversations c where c.id = ${conversationId} and ${scope}) as found,
      (select json_agg(page order by page.id) from (select ${MESSAGE_COLUMNS}
         where m.conversation_id = ${conversationId} and exists (select 1 from chat_conversations c where c.id = ${conversationId} and ${scope})
           ${notes} ${before} order by m.id desc limit ${query.limit + 1}) page) as rows`);
  const row = result.rows[0];
  if (!row?.found) throw notFound();
  const rows = row.rows ?? [];
  const more = rows.length > query.limit;
  return { data: (more ? rows.slice(1) : rows).map(messageViewOf), hasMore: more };
}

/** Is WhatsApp's 24-hour customer-service window open for free text? */
export const windowOpen = (conversation: ConversationRow, now = Date.now()): boolean =>
  conversation.lastInboundAt !== null && now - conversation.lastInboundAt.getTime() < WHATSAPP_WINDOW_HOURS * 3_600_000;

/**
 * Who writes decides the direction: an agent's message goes out, a patient's comes in. An agent
 * may not write in a closed conversation (a patient writing reopens it), nor send free text on
 * WhatsApp outside the window. Checked under the conversation's lock, inside `tx`.
 */
export async function checkCanWrite(tx: Db, actor: Actor, conversationId: number, what: "text" | "note" | "template"): Promise<ConversationRow> {
  const conversation = await conversationFor(tx, actor, conversationId, { lock: true });
  const agent = actor.role !== "patient";
  if (what === "note") return conversation;
  if (agent && conversation.status === "closed") throw conflict(CHAT_MESSAGES.closed);
  if (what === "text" && conversation.channel === "whatsapp" && !windowOpen(conversation)) throw conflict(CHAT_MESSAGES.windowClosed);
  return conversation;
}

export async function sendText(deps: ChatDeps, actor: Actor, conversationId: number, body: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const conversation = await checkCanWrite(tx, actor, conversationId, "text");
    const direction = actor.role === "patient" ? "in" : "out";
    return (await appendMessage(tx, deps.jobs, conversation, { direction, body, authorId: actor.id })) as number;
  });
}

export async function addNote(deps: ChatDeps, actor: Actor, conversationId: number, body: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const conversation = await checkCanWrite(tx, actor, conversationId, "note");
    return (await appendMessage(tx, deps.jobs, conversation, { direction: "note", body, authorId: actor.id })) as number;
  });
}

/**
 * The caller has read the conversation up to its last message: their marker moves, and in the
 * app the other side's messages show read (a patient's read ticks the clinic's, an agent's the
 * patient's). WhatsApp messages get their read state from WhatsApp's status webhook.
 */
export async function markConversationRead(db: Db, actor: Actor, conversationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, actor, conversationId);
    const theirs = actor.role === "patient" ? "out" : "in";
    const last = await tx.execute<{ id: number | null }>(sql`
      select max(id) as id from chat_messages where conversation_id = ${conversation.id} and direction <> 'note'`);
    const lastId = last.rows[0]?.id;
    if (lastId === null || lastId === undefined) return;
    await markReadUpTo(tx, conversation.id, actor.id, Number(lastId));
    if (conversation.channel !== "app") return;
    const read = await tx.execute(sql`
      update chat_messages set status = 'read', status_at = now()
        where conversation_id = ${conversation.id} and direction = ${theirs} and status in ('sent', 'delivered') and id <= ${Number(lastId)}`);
    if ((read.rowCount ?? 0) > 0) {
      await publishClinicEvent(tx, {
        clinicId: conversation.clinicId,
        patientId: conversation.patientId,
        message: { type: "chat", event: "message", conversationId: conversation.id },
      });
    }
  });
}

/** Someone is writing in an in-app conversation: the other side sees it for a few seconds. Nothing is stored. */
export async function announceTyping(db: Db, actor: Actor, conversationId: number): Promise<void> {
  const conversation = await conversationFor(db, actor, conversationId);
  if (conversation.channel !== "app") throw conflict(CHAT_MESSAGES.notApp);
  await publishClinicEvent(db, {
    clinicId: conversation.clinicId,
    patientId: conversation.patientId,
    exceptUserId: actor.id,
    message: {
      type: "chat.typing",
      conversationId: conversation.id,
      name: actor.role === "patient" ? `${actor.nombres} ${actor.apellidos}`.trim() || actor.email : actor.nombres || actor.email,
    },
  });
}

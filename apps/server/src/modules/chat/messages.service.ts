import type { ChatDeliveryState, ChatDirection, ChatMessageKind } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { publishClinicEvent } from "../../platform/realtime.ts";
import { type ConversationRow, WHATSAPP_SEND_QUEUE } from "./chat-scope.ts";
import { chatMessages } from "./chat.table.ts";

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
  const createdAt = message.createdAt ?? new Date();
  const [row] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      direction: message.direction,
      kind: message.kind ?? "text",
      body: message.body,
      uploadId: message.uploadId ?? null,
      template: message.template ?? null,
      authorId: message.authorId ?? null,
      externalId: message.externalId ?? null,
      status,
      createdAt,
      statusAt: createdAt,
    })
    .onConflictDoNothing({ target: chatMessages.externalId })
    .returning({ id: chatMessages.id });
  if (!row) return null;

  if (message.direction !== "note") {
    const inbound = message.direction === "in";
    await tx.execute(sql`
      update chat_conversations set
        last_message_at = greatest(last_message_at, ${createdAt.toISOString()}::timestamptz),
        last_message_preview = ${previewOf(message)},
        last_direction = ${message.direction},
        last_inbound_at = case when ${inbound} then greatest(coalesce(last_inbound_at, ${createdAt.toISOString()}::timestamptz), ${createdAt.toISOString()}::timestamptz) else last_inbound_at end,
        status = case when ${inbound} then 'open' else status end,
        updated_at = now()
      where id = ${conversation.id}`);
  }
  // What the author wrote is read by them.
  if (message.authorId) await markReadUpTo(tx, conversation.id, message.authorId, row.id);
  if (outgoingWhatsApp) await jobs.send(WHATSAPP_SEND_QUEUE, { messageId: row.id }, { tx, singletonKey: `chat-message-${row.id}` });
  await publishClinicEvent(tx, {
    clinicId: conversation.clinicId,
    patientId: message.direction === "note" || conversation.channel !== "app" ? null : conversation.patientId,
    message: { type: "chat", event: "message", conversationId: conversation.id },
  });
  return row.id;
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
  const next = { queued: 0, sending: 1, sent: 2, delivered: 3, read: 4, failed: 5 }[status];
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

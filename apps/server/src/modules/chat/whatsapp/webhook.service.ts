import { createHmac, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import {
  CHAT_MESSAGES,
  type ChatDeliveryState,
  type ChatMessageKind,
  e164OfWhatsApp,
  GROUP,
  UPLOAD_LIMITS,
  type UploadKind,
  type WhatsAppIncoming,
  type WhatsAppStatus,
  type WhatsAppValue,
  whatsAppWebhookSchema,
} from "@clinic/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client.ts";
import { badRequest } from "../../../platform/errors.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import { type BlobStore, checkContent, keepUpload, stageUpload } from "../../../platform/uploads.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import type { ConversationRow } from "../chat-scope.ts";
import { chatConversations, chatMessages, chatWhatsAppNumbers } from "../chat.table.ts";
import { advanceStatus, appendMessage } from "../messages.service.ts";
import type { GraphClient } from "./graph-client.ts";

/**
 * What WhatsApp's webhook brings (issue 41.3): incoming messages (stored once by their wamid,
 * their media kept through the uploads platform) and the delivery states of ours. A payload is
 * checked whole (its signature over the raw bytes, its shape, every business number it names)
 * before anything is written, then written in one transaction.
 */

export const MEDIA_UNAVAILABLE = "[media unavailable]";

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed by the app secret>`, compared in constant time. */
export function signatureMatches(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match?.[1]) return false;
  const expected = createHmac("sha256", appSecret).update(raw).digest();
  const given = Buffer.from(match[1], "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Equal strings, compared in constant time (the verify token). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The payload's shape, or a 400 naming what is wrong. */
export function parseWebhook(raw: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("The webhook's body is not JSON.");
  }
  const parsed = whatsAppWebhookSchema.safeParse(json);
  if (!parsed.success) throw badRequest(`The webhook's body is not a WhatsApp Business Account notification: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
}

export interface WebhookDeps {
  db: Db;
  jobs: JobQueue;
  store: BlobStore;
  graph: GraphClient;
  log: FastifyBaseLogger;
}

const MEDIA_KINDS: Record<string, UploadKind & ChatMessageKind> = { image: "image", document: "document", audio: "audio" };
const DELIVERY: Record<string, ChatDeliveryState> = { sent: "sent", delivered: "delivered", read: "read", failed: "failed" };

/** A media message's bytes, kept in the uploads platform before the transaction (null: unavailable). */
type KeptMedia = { uploadId: string; kind: UploadKind & ChatMessageKind } | null;

/** Fetches and keeps one incoming media; any failure leaves it unavailable rather than failing the webhook for ever. */
async function keepMedia(deps: WebhookDeps, clinicId: string, message: WhatsAppIncoming): Promise<KeptMedia> {
  const kind = MEDIA_KINDS[message.type] as UploadKind & ChatMessageKind;
  const media = message[kind as "image" | "document" | "audio"];
  if (!media) return null;
  try {
    const info = await deps.graph.mediaUrl(media.id);
    const bytes = await deps.graph.download(info.url, UPLOAD_LIMITS[kind]);
    const declared = media.mime_type ?? info.mimeType;
    const filename = media.filename ?? `whatsapp-${kind}`;
    const staged = await stageUpload(deps.store.stagingDir, Readable.from([bytes]), UPLOAD_LIMITS[kind] + 1, declared, filename);
    const content = checkContent(staged, [kind]);
    if (!content.ok || staged.tooLarge) {
      await staged.discard();
      deps.log.warn({ wamid: message.id, errors: content.ok ? ["too large"] : content.errors }, "whatsapp media refused");
      return null;
    }
    const uploadId = await keepUpload(deps.db, deps.store, staged, content, { clinicId, createdBy: null });
    return { uploadId, kind };
  } catch (error) {
    deps.log.warn({ err: error, wamid: message.id }, "whatsapp media unavailable");
    return null;
  }
}

/** Removes uploads kept for messages that were not stored after all (a rollback, a concurrent replay). */
async function dropUploads(deps: WebhookDeps, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db.delete(uploads).where(inArray(uploads.id, ids)).returning({ storageKey: uploads.storageKey });
  for (const row of rows) await deps.store.remove(row.storageKey).catch(() => {});
}

/** The one patient of `clinicId` whose phone is `phone`; null when none or several match. */
async function patientByPhone(tx: Db, clinicId: string, phone: string): Promise<string | null> {
  const result = await tx.execute<{ id: string }>(sql`
    select u.id from users u join user_groups g on g.user_id = u.id and g.group_id = ${GROUP.patient}
      where u.clinic_id = ${clinicId} and u.phone = ${phone} limit 2`);
  return result.rows.length === 1 ? (result.rows[0]?.id ?? null) : null;
}

/** The conversation of a contact with a business number: found, or opened (matched to a patient by phone). */
async function conversationOf(tx: Db, number: { id: string; clinicId: string }, phone: string, profileName: string): Promise<ConversationRow> {
  const [found] = await tx
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.channel, "whatsapp"), eq(chatConversations.waNumberId, number.id), eq(chatConversations.contactPhone, phone)))
    .for("update");
  if (found) {
    if (profileName && profileName !== found.contactName) {
      const [renamed] = await tx.update(chatConversations).set({ contactName: profileName }).where(eq(chatConversations.id, found.id)).returning();
      return renamed ?? found;
    }
    return found;
  }
  const patientId = await patientByPhone(tx, number.clinicId, phone);
  const [opened] = await tx
    .insert(chatConversations)
    .values({ clinicId: number.clinicId, channel: "whatsapp", contactPhone: phone, waNumberId: number.id, contactName: profileName, patientId })
    .onConflictDoNothing()
    .returning();
  if (opened) return opened;
  // Opened meanwhile by a concurrent delivery: theirs.
  const [theirs] = await tx
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.channel, "whatsapp"), eq(chatConversations.waNumberId, number.id), eq(chatConversations.contactPhone, phone)));
  if (!theirs) throw new Error("The WhatsApp conversation could not be opened.");
  return theirs;
}

/** What an incoming message shows as text (a media's caption; "[type]" for kinds the chat does not show). */
function bodyOf(message: WhatsAppIncoming, media: KeptMedia): { kind: ChatMessageKind; body: string; uploadId: string | null } {
  if (message.type === "text") return { kind: "text", body: message.text?.body ?? "", uploadId: null };
  if (MEDIA_KINDS[message.type]) {
    if (!media) return { kind: "text", body: MEDIA_UNAVAILABLE, uploadId: null };
    const caption = message[media.kind as "image" | "document" | "audio"]?.caption ?? "";
    return { kind: media.kind, body: caption, uploadId: media.uploadId };
  }
  return { kind: "text", body: `[${message.type}]`, uploadId: null };
}

function failureReasonOf(status: WhatsAppStatus): string {
  const error = status.errors?.[0];
  return error?.error_data?.details || error?.message || error?.title || "WhatsApp could not deliver the message.";
}

/** Our message a status names: by its wamid, else by our id we passed as biz_opaque_callback_data (a send whose answer was lost). */
async function messageOfStatus(tx: Db, phoneNumberId: string, status: WhatsAppStatus): Promise<number | null> {
  const [byWamid] = await tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.externalId, status.id));
  if (byWamid) return byWamid.id;
  const ours = status.biz_opaque_callback_data;
  if (!ours || !/^\d{1,15}$/.test(ours)) return null;
  const claimed = await tx.execute<{ id: number }>(sql`
    update chat_messages m set external_id = ${status.id}
      from chat_conversations c
      where m.id = ${Number(ours)} and c.id = m.conversation_id and c.channel = 'whatsapp' and c.wa_number_id = ${phoneNumberId}
        and m.direction = 'out' and m.external_id is null
      returning m.id`);
  return claimed.rows[0] ? Number(claimed.rows[0].id) : null;
}

/**
 * Stores a verified payload. Every business number it names must be connected (else 400, nothing
 * stored); media is fetched before the transaction, once per message not already stored.
 */
export async function receiveWebhook(deps: WebhookDeps, payload: ReturnType<typeof parseWebhook>): Promise<{ messages: number; statuses: number }> {
  const values: WhatsAppValue[] = [];
  for (const entry of payload.entry) {
    for (const change of entry.changes) if (change.field === "messages") values.push(change.value as WhatsAppValue);
  }
  const numberIds = [...new Set(values.map((value) => value.metadata.phone_number_id))];
  const numbers = numberIds.length
    ? await deps.db
        .select({ id: chatWhatsAppNumbers.id, clinicId: chatWhatsAppNumbers.clinicId })
        .from(chatWhatsAppNumbers)
        .where(inArray(chatWhatsAppNumbers.id, numberIds))
    : [];
  const numberById = new Map(numbers.map((number) => [number.id, number]));
  if (numbers.length !== numberIds.length) throw badRequest(CHAT_MESSAGES.numberUnknown);

  const incoming = values.flatMap((value) => (value.messages ?? []).map((message) => ({ value, message })));
  const wamids = incoming.map(({ message }) => message.id);
  const known = wamids.length
    ? new Set((await deps.db.select({ id: chatMessages.externalId }).from(chatMessages).where(inArray(chatMessages.externalId, wamids))).map((row) => row.id))
    : new Set<string | null>();
  const media = new Map<string, KeptMedia>();
  for (const { value, message } of incoming) {
    if (known.has(message.id) || media.has(message.id) || !MEDIA_KINDS[message.type]) continue;
    const number = numberById.get(value.metadata.phone_number_id) as { clinicId: string };
    media.set(message.id, await keepMedia(deps, number.clinicId, message));
  }
  const keptIds = [...media.values()].flatMap((kept) => (kept ? [kept.uploadId] : []));

  const unused: string[] = [];
  try {
    const counts = await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      let stored = 0;
      let moved = 0;
      for (const value of values) {
        const number = numberById.get(value.metadata.phone_number_id) as { id: string; clinicId: string };
        const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name ?? ""]));
        for (const message of value.messages ?? []) {
          const phone = e164OfWhatsApp(message.from);
          const conversation = await conversationOf(tx, number, phone, (names.get(message.from) ?? "").trim());
          const kept = media.get(message.id) ?? null;
          const content = bodyOf(message, kept);
          const id = await appendMessage(tx, deps.jobs, conversation, {
            direction: "in",
            kind: content.kind,
            body: content.body,
            uploadId: content.uploadId,
            externalId: message.id,
            createdAt: new Date(Number(message.timestamp) * 1000),
          });
          if (id === null) {
            if (content.uploadId) unused.push(content.uploadId);
          } else {
            stored += 1;
          }
        }
        for (const status of value.statuses ?? []) {
          const state = DELIVERY[status.status];
          if (!state) continue;
          const messageId = await messageOfStatus(tx, number.id, status);
          if (messageId === null) continue;
          const changed = await advanceStatus(tx, messageId, state, {
            failureReason: state === "failed" ? failureReasonOf(status) : null,
            at: new Date(Number(status.timestamp) * 1000),
          });
          if (changed) moved += 1;
        }
      }
      return { messages: stored, statuses: moved };
    });
    await dropUploads(deps, unused);
    return counts;
  } catch (error) {
    await dropUploads(deps, keptIds);
    throw error;
  }
}

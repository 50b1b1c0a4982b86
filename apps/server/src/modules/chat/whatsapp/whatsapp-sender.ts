import { CHAT_MESSAGES, WHATSAPP_WINDOW_HOURS } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import type { BlobStore } from "../../../platform/uploads.ts";
import { WHATSAPP_SEND_QUEUE } from "../chat-scope.ts";
import { advanceStatus } from "../messages.service.ts";
import { GraphError, type GraphClient, type SentMessage } from "./graph-client.ts";

/**
 * The sender of outgoing WhatsApp messages (issue 41.4): one pg-boss job per message, queued in
 * the transaction that stored it (appendMessage). Each message is sent at most once, across
 * restarts and nodes: the job holds an advisory lock on the message while it works, and moves it
 * from queued to sending (committed) before it calls Graph. A job that later finds it still
 * `sending` with no one holding the lock knows an earlier attempt died mid-call: that message may
 * have gone out, so it is marked failed with the reason instead of being sent again.
 */

/** Attempts after the first; pg-boss waits 30 s, then twice as long each time (platform/jobs.ts). */
export const WHATSAPP_SEND_RETRIES = 5;
export const INTERRUPTED = "Sending was interrupted; it may not have been delivered — check before sending again.";

export interface SenderDeps {
  db: Db;
  jobs: JobQueue;
  store: BlobStore;
  /** Null: WhatsApp is not configured on this server. */
  graph: GraphClient | null;
}

type Outgoing = {
  id: number;
  kind: "text" | "image" | "document" | "audio" | "template";
  body: string;
  status: string;
  template: { name: string; language: string; variables: string[] } | null;
  upload_id: string | null;
  storage_key: string | null;
  upload_mime: string | null;
  upload_name: string | null;
  contact_phone: string | null;
  wa_number_id: string | null;
  last_inbound_at: Date | string | null;
  channel: string;
  direction: string;
};

/** What one run of the job did (tests read it). */
export type SendOutcome = "sent" | "failed" | "retry" | "skipped" | "busy";

/** The 24-hour window, checked again at send time: it may have closed while the message waited. */
const inWindow = (lastInboundAt: Date | string | null): boolean =>
  lastInboundAt !== null && Date.now() - new Date(lastInboundAt).getTime() < WHATSAPP_WINDOW_HOURS * 3_600_000;

const fail = (tx: Db, id: number, reason: string) => advanceStatus(tx, id, "failed", { failureReason: reason });

async function read(db: Db, messageId: number): Promise<Outgoing | undefined> {
  const result = await db.execute<Outgoing>(sql`
    select m.id, m.kind, m.body, m.status, m.template, m.upload_id, m.direction, up.storage_key, up.mime as upload_mime,
      coalesce(nullif(up.name, ''), up.original_name) as upload_name, c.contact_phone, c.wa_number_id, c.last_inbound_at, c.channel
      from chat_messages m join chat_conversations c on c.id = m.conversation_id left join uploads up on up.id = m.upload_id
      where m.id = ${messageId}`);
  return result.rows[0];
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

async function callGraph(deps: SenderDeps & { graph: GraphClient }, message: Outgoing): Promise<SentMessage> {
  const numberId = message.wa_number_id as string;
  const to = message.contact_phone as string;
  if (message.kind === "template" && message.template) return deps.graph.sendTemplate(numberId, to, message.template, message.id);
  if (message.kind === "image" || message.kind === "document" || message.kind === "audio") {
    const bytes = await streamToBuffer(await deps.store.read(message.storage_key as string));
    return deps.graph.sendMedia(
      numberId,
      to,
      {
        kind: message.kind,
        bytes,
        mime: message.upload_mime ?? "application/octet-stream",
        filename: message.upload_name ?? message.kind,
        caption: message.body,
      },
      message.id,
    );
  }
  return deps.graph.sendText(numberId, to, message.body, message.id);
}

/**
 * One run of the send job for `messageId`. `lastAttempt`: no retry follows, so a temporary
 * failure is final. Throws only to have pg-boss retry (the message is back to queued).
 */
export async function sendWhatsAppMessage(deps: SenderDeps, messageId: number, lastAttempt: boolean): Promise<SendOutcome> {
  // The lock lives as long as this transaction (its connection): a node that dies mid-call drops it.
  return deps.db.transaction(async (lockTx) => {
    const [lock] = (
      await lockTx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`chat.whatsapp-send:${messageId}`}, 0)) as locked`)
    ).rows;
    if (!lock?.locked) return "busy";
    const message = await read(deps.db, messageId);
    if (message?.direction !== "out" || message.channel !== "whatsapp") return "skipped";
    if (message.status === "sending") {
      // An earlier attempt died between claiming it and storing Graph's answer: it may have gone out.
      await deps.db.transaction(async (tx) => {
        await fail(tx as unknown as Db, messageId, INTERRUPTED);
      });
      return "failed";
    }
    if (message.status !== "queued") return "skipped";

    const refusal = !deps.graph
      ? CHAT_MESSAGES.notConfigured
      : !message.wa_number_id || !message.contact_phone
        ? CHAT_MESSAGES.numberUnknown
        : message.kind !== "template" && !inWindow(message.last_inbound_at)
          ? CHAT_MESSAGES.windowClosed
          : null;
    if (refusal || !deps.graph) {
      await deps.db.transaction(async (tx) => {
        await fail(tx as unknown as Db, messageId, refusal ?? CHAT_MESSAGES.notConfigured);
      });
      return "failed";
    }

    // Claimed, and committed, before Graph hears of it.
    const claimed = await deps.db.execute(sql`update chat_messages set status = 'sending', status_at = now() where id = ${messageId} and status = 'queued'`);
    if ((claimed.rowCount ?? 0) === 0) return "skipped";

    let sent: SentMessage;
    try {
      sent = await callGraph({ ...deps, graph: deps.graph }, message);
    } catch (error) {
      const graphError = error instanceof GraphError ? error : null;
      const reason = graphError?.message ?? (error instanceof Error ? error.message : String(error));
      if (graphError?.ambiguous) {
        await deps.db.transaction(async (tx) => {
          await fail(tx as unknown as Db, messageId, INTERRUPTED);
        });
        return "failed";
      }
      if (graphError?.retryable && !lastAttempt) {
        await deps.db.execute(sql`update chat_messages set status = 'queued', status_at = now() where id = ${messageId} and status = 'sending'`);
        throw new Error(`WhatsApp send of message ${messageId} will be retried: ${reason}`);
      }
      await deps.db.transaction(async (tx) => {
        await fail(tx as unknown as Db, messageId, reason);
      });
      return "failed";
    }
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // A status webhook may have stored the wamid first (found by our id): it is the same one.
      await tx.execute(sql`update chat_messages set external_id = coalesce(external_id, ${sent.wamid}) where id = ${messageId}`);
      await advanceStatus(tx, messageId, "sent");
    });
    return "sent";
  });
}

/** Declares the queue's handler (the routes plugin calls it while the app is built). */
export function registerWhatsAppSender(deps: SenderDeps): void {
  deps.jobs.handle<{ messageId: number }>(
    WHATSAPP_SEND_QUEUE,
    async (data, job) => {
      await sendWhatsAppMessage(deps, Number(data.messageId), job.retryCount >= WHATSAPP_SEND_RETRIES);
    },
    { retryLimit: WHATSAPP_SEND_RETRIES },
  );
}

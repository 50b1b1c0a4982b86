import { CHAT_MESSAGES } from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance, preValidationAsyncHookHandler } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicForCall, clinicOf, requireActor, requireModule } from "../../platform/access.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { chatConversations } from "./chat.table.ts";

/**
 * What every part of the messaging chat (module `chat_whatsapp`, issue 41) shares: its guards and
 * the scope of a conversation. Agents are a clinic's staff (the clinic account and its
 * therapists) and platform admins, who see every clinic's; a patient has their one in-app
 * conversation with their clinic. Another clinic's conversation, or another patient's, is 404.
 */

export const chatModule = requireModule("chat_whatsapp");

/** Staff with a clinic, or an admin (403 to patients and to staff of no clinic). */
function assertAgent(actor: Actor): void {
  if (actor.isAdmin) return;
  if (actor.role === "patient" || clinicOf(actor) === null) throw forbidden();
}
const staffOnly: preValidationAsyncHookHandler = async (request) => assertAgent(requireActor(request));
/** A patient of a clinic, or an agent. */
const member: preValidationAsyncHookHandler = async (request) => {
  const actor = requireActor(request);
  if (actor.role !== "patient") return assertAgent(actor);
  if (!actor.clinicId) throw forbidden(CHAT_MESSAGES.noClinic);
};
/** Patients only (their own chat). */
const patientOnly: preValidationAsyncHookHandler = async (request) => {
  const actor = requireActor(request);
  if (actor.role !== "patient") throw forbidden();
  if (!actor.clinicId) throw forbidden(CHAT_MESSAGES.noClinic);
};

export const chatAgents = [chatModule, staffOnly];
export const chatMembers = [chatModule, member];
export const chatPatients = [chatModule, patientOnly];
/** The webhook: WhatsApp calls it, signed with the app secret (no session). */
export const chatWebhook = [chatModule];
export const CHAT_TAGS = ["chat"];

/** The queue of outgoing WhatsApp messages (whatsapp/whatsapp-sender.ts handles it). */
export const WHATSAPP_SEND_QUEUE = "chat.whatsapp-send";
/** The daily purge of the conversations of deleted patients (CHAT_RETENTION_DAYS). */
export const CHAT_RETENTION_QUEUE = "chat.retention";

export interface ChatDeps {
  db: Db;
  jobs: JobQueue;
  config: Config;
}

export function chatDepsOf(app: FastifyInstance): ChatDeps {
  return { db: app.db, jobs: app.jobs, config: app.config };
}

export type ConversationRow = typeof chatConversations.$inferSelect;

/** Is `actor` an agent of `clinicId` (its staff, or an admin)? */
export const agentOf = (actor: Actor, clinicId: string): boolean => actor.isAdmin || (actor.role !== "patient" && clinicOf(actor) === clinicId);

/**
 * The conversation `id` as `actor` may see it: an agent their clinic's (admins any), a patient
 * only their own in-app one. Anything else answers 404, as if it did not exist. `lock`: FOR
 * UPDATE, inside a transaction that changes it.
 */
export async function conversationFor(db: Db, actor: Actor, id: number, options: { lock?: boolean } = {}): Promise<ConversationRow> {
  const query = db.select().from(chatConversations).where(eq(chatConversations.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  const mine = actor.role === "patient" ? row.channel === "app" && row.patientId === actor.id : agentOf(actor, row.clinicId);
  if (!mine) throw notFound();
  return row;
}

/** The clinic a clinic-wide settings call works on: staff their own, an admin the one they name (`clinicId`). */
export const chatClinicFor = (db: Db, actor: Actor, named: string | undefined): Promise<string> => clinicForCall(db, actor, named, CHAT_MESSAGES.clinicNeeded);

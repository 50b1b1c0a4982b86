import {
  CHAT_MESSAGES,
  type ChatAgent,
  type ChatConversation,
  type ChatConversationQuery,
  type ChatMine,
  type ChatStatus,
  GROUP,
  type Paged,
  WHATSAPP_WINDOW_HOURS,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicOf, managedBy } from "../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../platform/paging.ts";
import { publishClinicEvent } from "../../platform/realtime.ts";
import { displayName } from "../../platform/display-name.ts";
import { type ConversationRow, conversationFor } from "./chat-scope.ts";
import { chatConversations } from "./chat.table.ts";

/**
 * The inbox's conversations (issue 41.1): listed by last activity with the caller's unread
 * count, found, opened with a patient, assigned, closed and reopened, linked to a patient.
 * One statement answers a list page (its rows and total), one a conversation.
 */

type ConversationViewRow = {
  id: number;
  clinic_id: string;
  channel: "app" | "whatsapp";
  status: ChatStatus;
  patient_id: string | null;
  patient_name: string | null;
  contact_name: string;
  contact_phone: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  last_message_at: string;
  last_message_preview: string;
  last_direction: "in" | "out" | "note" | null;
  unread: number;
  window_closes_at: string | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function viewOf(row: ConversationViewRow): ChatConversation {
  return {
    id: row.id,
    clinicId: row.clinic_id,
    channel: row.channel,
    status: row.status,
    patient: row.patient_id ? { id: row.patient_id, name: row.patient_name ?? "" } : null,
    contactName: row.patient_name ?? (row.contact_name || row.contact_phone || ""),
    contactPhone: row.contact_phone,
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? "" } : null,
    lastMessageAt: iso(row.last_message_at),
    lastMessagePreview: row.last_message_preview,
    lastDirection: row.last_direction,
    unread: Number(row.unread),
    windowClosesAt: row.window_closes_at ? iso(row.window_closes_at) : null,
  };
}

/** The columns of a conversation's view for `actor` (over `c`, with `p` the patient and `a` the assignee joined). */
function viewColumns(actor: Actor): SQL {
  const theirs = actor.role === "patient" ? "out" : "in";
  return sql`c.id, c.clinic_id, c.channel, c.status, c.patient_id, ${displayName("p")} as patient_name, c.contact_name, c.contact_phone,
    c.assignee_id, ${displayName("a")} as assignee_name, c.last_message_at, c.last_message_preview, c.last_direction,
    ${unreadColumn(theirs)} as unread,
    case when c.channel = 'whatsapp' and c.last_inbound_at is not null
      then c.last_inbound_at + make_interval(hours => ${WHATSAPP_WINDOW_HOURS}) end as window_closes_at`;
}

/** The conversation `c`, its patient `p`, its assignee `a` and the reader's marker `r`. */
const joinsFor = (actor: Actor) =>
  sql`from chat_conversations c left join users p on p.id = c.patient_id left join users a on a.id = c.assignee_id
    left join chat_reads r on r.conversation_id = c.id and r.user_id = ${actor.id}`;

/**
 * The reader's unread messages of `c`. Agents: counted only where the last incoming message is
 * past their marker (most conversations of a page are read: no message is looked at for them).
 */
function unreadColumn(theirs: "in" | "out"): SQL {
  const counted = sql`(select count(*)::int from chat_messages m where m.conversation_id = c.id and m.direction = ${theirs} and m.id > coalesce(r.last_read_id, 0))`;
  return theirs === "in" ? sql`case when c.last_inbound_id > coalesce(r.last_read_id, 0) then ${counted} else 0 end` : counted;
}

function filterOf(actor: Actor, query: ChatConversationQuery): SQL {
  const parts: SQL[] = [managedBy(actor, sql.raw("c.clinic_id"))];
  if (query.filter === "closed") parts.push(sql`c.status = 'closed'`);
  else parts.push(sql`c.status = 'open'`);
  if (query.filter === "mine") parts.push(sql`c.assignee_id = ${actor.id}`);
  if (query.filter === "unassigned") parts.push(sql`c.assignee_id is null`);
  if (query.channel) parts.push(sql`c.channel = ${query.channel}`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    parts.push(sql`(c.contact_name ilike ${pattern} or c.contact_phone ilike ${pattern} or c.last_message_preview ilike ${pattern}
      or ${displayName("p")} ilike ${pattern} or p.email ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

export async function listConversations(db: Db, actor: Actor, query: ChatConversationQuery): Promise<Paged<ChatConversation>> {
  const { limit, offset } = pageWindow(query);
  const where = filterOf(actor, query);
  const result = await db.execute<{ total: number; rows: ConversationViewRow[] | null }>(sql`
    select (select count(*)::int ${joinsFor(actor)} where ${where}) as total,
      (select json_agg(page) from (select ${viewColumns(actor)} ${joinsFor(actor)} where ${where}
         order by c.last_message_at desc, c.id desc limit ${limit} offset ${offset}) page) as rows`);
  const row = result.rows[0];
  return { data: (row?.rows ?? []).map(viewOf), page: query.page, total: Number(row?.total ?? 0) };
}

/** One conversation as `actor` sees it (404 outside their scope). */
export async function readConversation(db: Db, actor: Actor, id: number): Promise<ChatConversation> {
  const scope = actor.role === "patient" ? sql`c.channel = 'app' and c.patient_id = ${actor.id}` : managedBy(actor, sql.raw("c.clinic_id"));
  const result = await db.execute<ConversationViewRow>(sql`select ${viewColumns(actor)} ${joinsFor(actor)} where c.id = ${id} and ${scope}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return viewOf(row);
}

/** Is `userId` a patient of `clinicId`? */
async function isPatientOf(db: Db, clinicId: string, userId: string): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from users u join user_groups g on g.user_id = u.id and g.group_id = ${GROUP.patient}
      where u.id = ${userId} and u.clinic_id = ${clinicId}`);
  return found.rows.length > 0;
}

/**
 * The in-app conversation of `patientId` with `clinicId`, made if there is none. Safe when two
 * race: the one whose insert lost cannot see the winner's row in its statement's snapshot, so it
 * reads it again in a second statement.
 */
export async function openAppConversation(tx: Db, clinicId: string, patientId: string): Promise<number> {
  const existing = sql`select id from chat_conversations where clinic_id = ${clinicId} and patient_id = ${patientId} and channel = 'app'`;
  const first = await tx.execute<{ id: number }>(sql`
    with made as (
      insert into chat_conversations (clinic_id, channel, patient_id) values (${clinicId}, 'app', ${patientId})
      on conflict (clinic_id, patient_id) where channel = 'app' do nothing returning id)
    select id from made union all ${existing} limit 1`);
  const id = first.rows[0]?.id ?? (await tx.execute<{ id: number }>(existing)).rows[0]?.id;
  return Number(id);
}

/** Staff open (or find) the in-app conversation with one of their clinic's patients. */
export async function startConversation(db: Db, actor: Actor, patientId: string): Promise<number> {
  const clinic = await db.execute<{ clinic_id: string | null }>(sql`select clinic_id from users where id = ${patientId}`);
  const clinicId = clinic.rows[0]?.clinic_id ?? null;
  const allowed = clinicId !== null && (actor.isAdmin || clinicOf(actor) === clinicId) && (await isPatientOf(db, clinicId, patientId));
  if (!allowed || clinicId === null) throw badRequest({ patientId: [CHAT_MESSAGES.patientUnknown] });
  return openAppConversation(db, clinicId, patientId);
}

/** A patient's own chat: their clinic's name and their conversation, if one was started. */
export async function myChat(db: Db, actor: Actor): Promise<ChatMine> {
  const clinicId = actor.clinicId as string;
  const result = await db.execute<{ clinic_name: string; id: number | null }>(sql`
    select ${displayName("k")} as clinic_name,
      (select c.id from chat_conversations c where c.clinic_id = k.id and c.patient_id = ${actor.id} and c.channel = 'app') as id
    from users k where k.id = ${clinicId}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { clinicName: row.clinic_name, conversation: row.id ? await readConversation(db, actor, row.id) : null };
}

/** The staff a conversation of `clinicId` may be assigned to: the clinic account and its active therapists. */
export async function assignableAgents(db: Db, clinicId: string): Promise<ChatAgent[]> {
  const result = await db.execute<{ id: string; name: string }>(sql`
    select u.id, ${displayName("u")} as name from users u
      where u.is_active and (u.id = ${clinicId}
        or (u.clinic_id = ${clinicId} and exists (select 1 from user_groups g where g.user_id = u.id and g.group_id = ${GROUP.therapist})))
      order by u.id = ${clinicId} desc, name`);
  return result.rows;
}

/** Conversation-level changes tell the clinic's sockets (and, in-app, the patient) to read it again. */
async function announceChange(tx: Db, conversation: ConversationRow): Promise<void> {
  await publishClinicEvent(tx, {
    clinicId: conversation.clinicId,
    patientId: conversation.channel === "app" ? conversation.patientId : null,
    message: { type: "chat", event: "conversation", conversationId: conversation.id },
  });
}

export async function assignConversation(db: Db, actor: Actor, id: number, assigneeId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, actor, id, { lock: true });
    if (assigneeId !== null && !(await assignableAgents(tx, conversation.clinicId)).some((agent) => agent.id === assigneeId)) {
      throw badRequest({ assigneeId: [CHAT_MESSAGES.notAgent] });
    }
    await tx.execute(sql`update chat_conversations set assignee_id = ${assigneeId}, updated_at = now() where id = ${id}`);
    await announceChange(tx, conversation);
  });
}

export async function setConversationStatus(db: Db, actor: Actor, id: number, status: ChatStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, actor, id, { lock: true });
    await tx.execute(sql`update chat_conversations set status = ${status}, updated_at = now() where id = ${id}`);
    await announceChange(tx, conversation);
  });
}

/** Links a WhatsApp contact to one of the clinic's patients (or unlinks it). */
export async function linkPatient(db: Db, actor: Actor, id: number, patientId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, actor, id, { lock: true });
    if (conversation.channel !== "whatsapp") throw conflict(CHAT_MESSAGES.notWhatsApp);
    if (patientId !== null && !(await isPatientOf(tx, conversation.clinicId, patientId))) throw badRequest({ patientId: [CHAT_MESSAGES.patientUnknown] });
    await tx.execute(sql`update chat_conversations set patient_id = ${patientId}, updated_at = now() where id = ${id}`);
    await announceChange(tx, conversation);
  });
}

/**
 * What the caller has not read: for a patient, the clinic's messages in their conversation; for
 * an agent, the open conversations of their clinics (admins: every clinic) with a message from
 * the patient or contact past their read marker.
 */
export async function unreadFor(db: Db, actor: Actor): Promise<number> {
  if (actor.role === "patient") {
    const result = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from chat_conversations c join chat_messages m on m.conversation_id = c.id and m.direction = 'out'
        where c.channel = 'app' and c.patient_id = ${actor.id}
          and m.id > coalesce((select r.last_read_id from chat_reads r where r.conversation_id = c.id and r.user_id = ${actor.id}), 0)`);
    return Number(result.rows[0]?.n ?? 0);
  }
  // last_inbound_id against the reader's marker: one probe per open conversation, no message read.
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${chatConversations} c
      left join chat_reads r on r.conversation_id = c.id and r.user_id = ${actor.id}
      where ${managedBy(actor, sql.raw("c.clinic_id"))} and c.status = 'open' and c.last_inbound_id > coalesce(r.last_read_id, 0)`);
  return Number(result.rows[0]?.n ?? 0);
}

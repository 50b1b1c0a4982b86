import {
  CRM_QUEUE,
  CRM_TELEMARKET_MESSAGES,
  type CrmCallLogged,
  type CrmCallOutcome,
  type CrmCallSource,
  type CrmNextCallAnswer,
  type CrmQueueEntry,
  type CrmRecentItem,
  type crmCallOutcomeSchema,
} from "@clinic/shared";
import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { conflict, forbidden, notFound } from "../../platform/errors.ts";
import { actorName, clientNameSql, toActivity, trackingSummary } from "./activities.service.ts";
import { isCrmAdmin, managedBy } from "./crm-scope.ts";
import { crmActivities, crmClients, crmInitiatives, crmLists, crmQueue } from "./crm.table.ts";
import { track } from "./tracking.ts";

/**
 * The call centre (issue 36.4): an agent works the queue of an initiative (their own) or a list
 * of their clinic, one client at a time. Each source's clients get a row of crm_queue when it is
 * first worked; `next` claims the client to call for CRM_QUEUE.claimMinutes with `for update
 * skip locked`, so two agents never get the same one; the call's outcome moves the row on.
 */

type OutcomeInput = z.output<typeof crmCallOutcomeSchema>;
type Source = { kind: "initiative"; id: number } | { kind: "list"; id: number };

/** Outcomes that end a client's calls in a queue. */
const CLOSING: readonly CrmCallOutcome[] = ["answered", "not_interested", "converted"];
const HOUR = 3_600_000;

const iso = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());

/** The open rows an agent may be given now: due, with consent, and on nobody else's phone. */
const available = (me: string) => sql`q.state = 'open' and c.consent
  and (q.due_at is null or q.due_at <= now())
  and (q.claimed_until is null or q.claimed_until < now() or q.claimed_by = ${me})`;

/** The initiatives (agents: their own) and lists the caller may work, with where their clients stand. One statement. */
export async function listSources(db: Db, actor: Actor, clinicId: string | undefined): Promise<CrmCallSource[]> {
  const mine = isCrmAdmin(actor) ? sql`true` : sql`${crmInitiatives.salesmanId} = ${actor.id}`;
  const clinic = (column: SQLWrapper) => (clinicId ? sql`${column} = ${clinicId}` : sql`true`);
  const counts = (members: string, key: string, id: SQL) => sql`
      (select count(*)::int from ${sql.raw(members)} m where m.${sql.raw(key)} = ${id}) as clients,
      (select count(*)::int from crm_queue q where q.${sql.raw(key)} = ${id} and q.state = 'closed') as closed,
      (select count(*)::int from ${sql.raw(members)} m join crm_clients c on c.id = m.client_id
        left join crm_queue q on q.${sql.raw(key)} = ${id} and q.client_id = m.client_id
        where m.${sql.raw(key)} = ${id} and (q.id is null and c.consent or q.id is not null and ${available(actor.id)})) as due_now`;
  const result = await db.execute<{
    kind: "initiative" | "list";
    id: number;
    title: string;
    clinic_id: string;
    clients: number;
    closed: number;
    due_now: number;
  }>(sql`
    select * from (
      select 'initiative' as kind, ${crmInitiatives.id} as id, ${crmInitiatives.title} as title, ${crmInitiatives.clinicId} as clinic_id,
        ${counts("crm_initiative_clients", "initiative_id", sql`${crmInitiatives.id}`)}
      from ${crmInitiatives} where ${managedBy(actor, crmInitiatives.clinicId)} and ${mine} and ${clinic(crmInitiatives.clinicId)}
      union all
      select 'list', ${crmLists.id}, ${crmLists.title}, ${crmLists.clinicId},
        ${counts("crm_list_clients", "list_id", sql`${crmLists.id}`)}
      from ${crmLists} where ${managedBy(actor, crmLists.clinicId)} and ${clinic(crmLists.clinicId)}
    ) s order by s.kind, lower(s.title), s.id`);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    clinicId: row.clinic_id,
    clients: row.clients,
    open: row.clients - row.closed,
    dueNow: row.due_now,
    closed: row.closed,
  }));
}

/** The source as the caller may work it: 404 outside their scope, 403 for another agent's initiative. */
async function sourceOf(db: Db, actor: Actor, source: Source): Promise<{ clinicId: string; title: string }> {
  if (source.kind === "initiative") {
    const [found] = await db
      .select({ clinicId: crmInitiatives.clinicId, title: crmInitiatives.title, salesmanId: crmInitiatives.salesmanId })
      .from(crmInitiatives)
      .where(sql`${crmInitiatives.id} = ${source.id} and ${managedBy(actor, crmInitiatives.clinicId)}`);
    if (!found) throw notFound();
    if (!isCrmAdmin(actor) && found.salesmanId !== actor.id) throw forbidden(CRM_TELEMARKET_MESSAGES.initiativeNotYours);
    return found;
  }
  const [found] = await db
    .select({ clinicId: crmLists.clinicId, title: crmLists.title })
    .from(crmLists)
    .where(sql`${crmLists.id} = ${source.id} and ${managedBy(actor, crmLists.clinicId)}`);
  if (!found) throw notFound();
  return found;
}

const keyOf = (source: Source) => sql.raw(source.kind === "initiative" ? "initiative_id" : "list_id");

type ClaimedRow = Record<string, unknown> & {
  id: number;
  state: "open" | "closed";
  attempts: number;
  last_outcome: CrmCallOutcome | null;
  due_at: Date | string | null;
  claimed_until: Date | string | null;
  client_id: number;
  kind: "person" | "organisation";
  name: string;
  first_name: string;
  last_name: string;
  organisation: string;
  email: string | null;
  phone: string;
  city: string;
  consent: boolean;
  tags: string[];
  recent: { kind: CrmRecentItem["kind"]; id: number; at: string; title: string; outcome: CrmCallOutcome | null; notes: string; by: string | null }[];
};

const entryOf = (row: {
  id: number;
  state: "open" | "closed";
  attempts: number;
  last_outcome: CrmCallOutcome | null;
  due_at: Date | string | null;
  claimed_until: Date | string | null;
}): CrmQueueEntry => ({
  id: row.id,
  state: row.state,
  attempts: row.attempts,
  lastOutcome: row.last_outcome,
  dueAt: iso(row.due_at),
  claimedUntil: iso(row.claimed_until),
});

/**
 * The next client for this agent, claimed: first the source's clients not in its queue yet join
 * it (one insert, in the order they were added), then the queue gives call-backs that are due,
 * earliest first; then clients never called, in the order they joined; then retries after no
 * answer that are due, fewest calls first. Clients without consent are never given. Four
 * statements (the source, the insert, the claim with the client and their recent history, and
 * when nobody is due, when the next one is); the claim is one statement, so it needs no transaction.
 */
export async function nextCall(db: Db, actor: Actor, source: Source): Promise<CrmNextCallAnswer> {
  const { clinicId, title } = await sourceOf(db, actor, source);
  const key = keyOf(source);
  const members = sql.raw(source.kind === "initiative" ? "crm_initiative_clients" : "crm_list_clients");
  await db.execute(sql`
    insert into crm_queue (clinic_id, ${key}, client_id)
    select ${clinicId}, m.${key}, m.client_id from ${members} m
    where m.${key} = ${source.id} and not exists (select 1 from crm_queue q where q.${key} = m.${key} and q.client_id = m.client_id)
    order by m.created_at, m.client_id
    on conflict do nothing`);
  const claimed = await db.execute<ClaimedRow>(sql`
    with picked as (
      select q.id from crm_queue q join crm_clients c on c.id = q.client_id
      where q.${key} = ${source.id} and ${available(actor.id)}
      order by case when q.last_outcome = 'call_back' then 0 when q.attempts = 0 then 1 else 2 end,
        case when q.last_outcome = 'call_back' then q.due_at end, q.attempts, q.due_at, q.id
      limit 1
      for update of q skip locked
    ), claimed as (
      update crm_queue q set claimed_by = ${actor.id}, claimed_until = now() + make_interval(mins => ${CRM_QUEUE.claimMinutes}), updated_at = now()
      from picked where q.id = picked.id
      returning q.id, q.state, q.attempts, q.last_outcome, q.due_at, q.claimed_until, q.client_id
    )
    select claimed.*, c.kind, c.name as name,
      c.first_name, c.last_name, c.organisation, c.email, c.phone, c.city, c.consent, c.tags,
      (select coalesce(json_agg(r order by r.at desc), '[]'::json) from (
        select * from (
          (select a.kind, a.id, a.at, a.subject as title, a.outcome, a.notes, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as by
            from crm_activities a left join users u on u.id = a.agent_id where a.client_id = c.id order by a.at desc, a.id desc limit 10)
          union all
          (select 'note', n.id, n.date_start, n.name, null, n.description, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email)
            from crm_notes n left join users u on u.id = n.author_id where n.client_id = c.id order by n.date_start desc, n.id desc limit 10)
        ) both_kinds order by at desc limit 10
      ) r) as recent
    from claimed join crm_clients c on c.id = claimed.client_id`);
  const row = claimed.rows[0];
  if (!row) {
    const next = await db.execute<{ next: Date | string | null }>(sql`
      select min(greatest(q.due_at, case when q.claimed_by <> ${actor.id} then q.claimed_until end)) as next
      from crm_queue q join crm_clients c on c.id = q.client_id
      where q.${key} = ${source.id} and q.state = 'open' and c.consent`);
    const at = next.rows[0]?.next ?? null;
    return { entry: null, nextDueAt: at === null ? null : iso(new Date(Math.max(new Date(at).getTime(), Date.now()))) };
  }
  return {
    entry: entryOf(row),
    client: {
      id: row.client_id,
      kind: row.kind,
      name: row.name,
      firstName: row.first_name,
      lastName: row.last_name,
      organisation: row.organisation,
      email: row.email,
      phone: row.phone,
      city: row.city,
      consent: row.consent,
      tags: row.tags,
    },
    recent: row.recent.map((item) => ({ ...item, at: iso(item.at) as string, outcome: item.outcome ?? null })),
    source: { kind: source.kind, id: source.id, title },
  };
}

/** The queue row, locked, with its initiative's agent: 404 outside the caller's scope, 403 for another agent's initiative. */
async function entryFor(tx: Db, actor: Actor, id: number, lock: boolean) {
  const query = tx
    .select({ row: crmQueue, salesmanId: crmInitiatives.salesmanId, clientName: clientNameSql() })
    .from(crmQueue)
    .innerJoin(crmClients, eq(crmClients.id, crmQueue.clientId))
    .leftJoin(crmInitiatives, eq(crmInitiatives.id, crmQueue.initiativeId))
    .where(sql`${crmQueue.id} = ${id} and ${managedBy(actor, crmQueue.clinicId)}`);
  const [found] = await (lock ? query.for("update", { of: crmQueue }) : query);
  if (!found) throw notFound();
  if (!isCrmAdmin(actor) && found.row.initiativeId !== null && found.salesmanId !== actor.id) throw forbidden(CRM_TELEMARKET_MESSAGES.initiativeNotYours);
  return found;
}

/** Refuses an agent who does not hold the client (a CRM admin may log any). */
function assertHolder(actor: Actor, row: typeof crmQueue.$inferSelect) {
  if (isCrmAdmin(actor) || row.claimedBy === actor.id) return;
  if (row.claimedBy !== null && row.claimedUntil !== null && row.claimedUntil.getTime() > Date.now()) throw conflict(CRM_TELEMARKET_MESSAGES.claimedByOther);
  throw conflict(CRM_TELEMARKET_MESSAGES.notClaimed);
}

/**
 * Logs the call to a queue's client and moves them on: no answer → due again in
 * CRM_QUEUE.retryHours (closed after CRM_QUEUE.maxAttempts calls); call back → due then;
 * answered, not interested, converted → closed. The call, the row and the timeline line are written in one transaction.
 */
export async function logOutcome(db: Db, actor: Actor, id: number, input: OutcomeInput): Promise<CrmCallLogged> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { row, clientName } = await entryFor(tx, actor, id, true);
    if (row.state === "closed") throw conflict(CRM_TELEMARKET_MESSAGES.closed);
    assertHolder(actor, row);
    const now = new Date();
    const attempts = row.attempts + 1;
    const closes = CLOSING.includes(input.outcome) || (input.outcome === "no_answer" && attempts >= CRM_QUEUE.maxAttempts);
    const dueAt = closes ? null : input.outcome === "call_back" ? new Date(input.callBackAt as string) : new Date(now.getTime() + CRM_QUEUE.retryHours * HOUR);
    const [call] = await tx
      .insert(crmActivities)
      .values({
        clinicId: row.clinicId,
        clientId: row.clientId,
        initiativeId: row.initiativeId,
        listId: row.listId,
        agentId: actor.id,
        kind: "call",
        at: now,
        durationMinutes: input.durationMinutes,
        outcome: input.outcome,
        callBackAt: input.outcome === "call_back" ? dueAt : null,
        notes: input.notes,
      })
      .returning();
    if (!call) throw new Error("the call was not written");
    const [saved] = await tx
      .update(crmQueue)
      .set({
        state: closes ? "closed" : "open",
        dueAt,
        attempts,
        lastOutcome: input.outcome,
        lastCalledAt: now,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(crmQueue.id, id))
      .returning();
    if (!saved) throw notFound();
    await track(tx, [
      { clinicId: row.clinicId, clientId: row.clientId, kind: "call", summary: trackingSummary("call", call), refId: call.id, actorId: actor.id, at: now },
    ]);
    return {
      entry: entryOf({
        id: saved.id,
        state: saved.state as "open" | "closed",
        attempts: saved.attempts,
        last_outcome: saved.lastOutcome as CrmCallOutcome,
        due_at: saved.dueAt,
        claimed_until: saved.claimedUntil,
      }),
      activity: toActivity({ ...call, clientName, agentName: actorName(actor) }),
    };
  });
}

/** Gives a claimed client back to the queue (a CRM admin may free anyone's). Two statements. */
export async function releaseEntry(db: Db, actor: Actor, id: number): Promise<void> {
  const { row } = await entryFor(db, actor, id, false);
  if (row.claimedBy === null) return;
  if (row.claimedBy !== actor.id && !isCrmAdmin(actor)) {
    if (row.claimedUntil !== null && row.claimedUntil.getTime() > Date.now()) throw conflict(CRM_TELEMARKET_MESSAGES.claimedByOther);
    return;
  }
  await db
    .update(crmQueue)
    .set({ claimedBy: null, claimedUntil: null, updatedAt: new Date() })
    .where(sql`${crmQueue.id} = ${id} and ${crmQueue.claimedBy} = ${row.claimedBy}`);
}

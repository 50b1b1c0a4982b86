import {
  CRM_TELEMARKET_MESSAGES,
  type CrmActivitiesQuery,
  type CrmActivity,
  type CrmActivityKind,
  type CrmCallOutcome,
  type crmActivityInputSchema,
  crmActivityProblems,
  type crmActivityUpdateSchema,
  type PageQuery,
  type Paged,
} from "@clinic/shared";
import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { pageOf } from "../../platform/paging.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { isCrmAdmin, managedBy } from "./crm-scope.ts";
import { crmActivities, crmClients } from "./crm.table.ts";
import { track } from "./tracking.ts";

/**
 * Calls and meetings on a client (issue 36.4, spec §3 meetCall). Everyone of the CRM reads the
 * clinic's; an agent changes and deletes only their own, a CRM admin any. Each change writes a
 * line on the client's timeline in its transaction.
 */

type ActivityInput = z.output<typeof crmActivityInputSchema>;
type ActivityUpdate = z.output<typeof crmActivityUpdateSchema>;

/** A client's name as the CRM shows it: the person's, else the organisation's. */
export const clientNameSql = (table: { name: unknown } = crmClients) => sql<string>`${table.name}`;

/** The actor's name as personName writes it. */
export const actorName = (actor: Actor) => `${actor.nombres} ${actor.apellidos}`.trim() || actor.email;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const activityColumns = {
  id: crmActivities.id,
  kind: crmActivities.kind,
  clientId: crmActivities.clientId,
  clientName: clientNameSql(),
  agentId: crmActivities.agentId,
  agentName: sql<string | null>`case when ${users.id} is null then null else ${personName(users)} end`,
  initiativeId: crmActivities.initiativeId,
  listId: crmActivities.listId,
  at: crmActivities.at,
  durationMinutes: crmActivities.durationMinutes,
  outcome: crmActivities.outcome,
  callBackAt: crmActivities.callBackAt,
  subject: crmActivities.subject,
  notes: crmActivities.notes,
};

export interface ActivityRow {
  id: number;
  kind: string;
  clientId: number;
  clientName: string;
  agentId: string | null;
  agentName: string | null;
  initiativeId: number | null;
  listId: number | null;
  at: Date | string;
  durationMinutes: number;
  outcome: string | null;
  callBackAt: Date | string | null;
  subject: string;
  notes: string;
}

export function toActivity(row: ActivityRow): CrmActivity {
  return {
    ...row,
    kind: row.kind as CrmActivityKind,
    outcome: row.outcome as CrmCallOutcome | null,
    at: iso(row.at) as string,
    callBackAt: iso(row.callBackAt),
  };
}

/** The clinic's calls and meetings, filtered, latest first (or soonest first: `upcoming`). One statement. */
export async function listActivities(db: Db, actor: Actor, query: CrmActivitiesQuery & PageQuery): Promise<Paged<CrmActivity>> {
  const where = and(
    managedBy(actor, crmActivities.clinicId),
    query.clientId ? eq(crmActivities.clientId, query.clientId) : undefined,
    query.agentId ? eq(crmActivities.agentId, query.agentId) : undefined,
    query.kind ? eq(crmActivities.kind, query.kind) : undefined,
    query.since ? gte(crmActivities.at, new Date(query.since)) : undefined,
    query.to ? lt(crmActivities.at, new Date(query.to)) : undefined,
  ) as SQL;
  const order = query.sort === "upcoming" ? [asc(crmActivities.at), asc(crmActivities.id)] : [desc(crmActivities.at), desc(crmActivities.id)];
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [crmActivities, crmClients, users],
      counted: db
        .select({ one: sql`1` })
        .from(crmActivities)
        .where(where)
        .orderBy(...order),
    },
    (pageTotal, { limit, offset }) =>
      db
        .select({ ...activityColumns, pageTotal })
        .from(crmActivities)
        .innerJoin(crmClients, eq(crmClients.id, crmActivities.clientId))
        .leftJoin(users, eq(users.id, crmActivities.agentId))
        .where(where)
        .orderBy(...order)
        .limit(limit as number)
        .offset(offset as number),
  );
  return { ...page, data: page.data.map((row) => toActivity(row as ActivityRow)) };
}

/** What a change needs to know about its client, initiative and agent, read in one statement. */
interface Context {
  clinicId: string;
  clientName: string;
  initiativeFound: boolean;
  salesmanId: string | null;
  agentOk: boolean;
  agentName: string | null;
}

async function contextOf(tx: Db, actor: Actor, clientId: number, initiativeId: number | null, agentId: string): Promise<Context> {
  const result = await tx.execute<{
    clinic_id: string;
    client_name: string;
    initiative_found: boolean;
    salesman_id: string | null;
    agent_ok: boolean;
    agent_name: string | null;
  }>(sql`
    select ${crmClients.clinicId} as clinic_id, ${clientNameSql()} as client_name,
      exists (select 1 from crm_initiatives i where i.id = ${initiativeId} and i.clinic_id = ${crmClients.clinicId}) as initiative_found,
      (select i.salesman_id from crm_initiatives i where i.id = ${initiativeId} and i.clinic_id = ${crmClients.clinicId}) as salesman_id,
      exists (select 1 from users u where u.id = ${agentId} and u.is_active and (u.id = ${actor.id} or u.id = ${crmClients.clinicId} or u.clinic_id = ${crmClients.clinicId})) as agent_ok,
      (select coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) from users u where u.id = ${agentId}) as agent_name
    from ${crmClients} where ${crmClients.id} = ${clientId} and ${managedBy(actor, crmClients.clinicId)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return {
    clinicId: row.clinic_id,
    clientName: row.client_name,
    initiativeFound: row.initiative_found,
    salesmanId: row.salesman_id,
    agentOk: row.agent_ok,
    agentName: row.agent_name,
  };
}

/** Refuses an initiative or an agent the caller may not name. */
function checkNames(actor: Actor, context: Context, initiativeId: number | null | undefined) {
  if (initiativeId) {
    if (!context.initiativeFound) throw badRequest({ initiativeId: [CRM_TELEMARKET_MESSAGES.initiativeUnknown] });
    if (!isCrmAdmin(actor) && context.salesmanId !== actor.id) throw forbidden(CRM_TELEMARKET_MESSAGES.initiativeNotYours);
  }
  if (!context.agentOk) throw badRequest({ agentId: [CRM_TELEMARKET_MESSAGES.agentUnknown] });
}

/** A timeline line for a call or a meeting. */
export function trackingSummary(kind: CrmActivityKind, values: { outcome?: string | null; subject: string }): string {
  // Data only, no words: the timeline words the kind and a call's outcome in the reader's language.
  return kind === "call" ? `${values.outcome ?? ""}${values.subject ? `: ${values.subject}` : ""}` : values.subject;
}

/** An agent logs their call or books their meeting; a CRM admin may name one of the clinic's agents. */
export async function createActivity(db: Db, actor: Actor, input: ActivityInput): Promise<CrmActivity> {
  const agentId = input.agentId ?? actor.id;
  if (agentId !== actor.id && !isCrmAdmin(actor)) throw forbidden();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const context = await contextOf(tx, actor, input.clientId, input.initiativeId ?? null, agentId);
    checkNames(actor, context, input.initiativeId);
    const [made] = await tx
      .insert(crmActivities)
      .values({
        clinicId: context.clinicId,
        clientId: input.clientId,
        initiativeId: input.initiativeId ?? null,
        agentId,
        kind: input.kind,
        at: new Date(input.at),
        durationMinutes: input.durationMinutes,
        outcome: input.kind === "call" ? (input.outcome ?? null) : null,
        callBackAt: input.outcome === "call_back" && input.callBackAt ? new Date(input.callBackAt) : null,
        subject: input.subject,
        notes: input.notes,
      })
      .returning();
    if (!made) throw new Error("the activity was not written");
    await track(tx, [
      {
        clinicId: context.clinicId,
        clientId: input.clientId,
        kind: input.kind,
        summary: trackingSummary(input.kind, input),
        refId: made.id,
        actorId: actor.id,
        at: input.kind === "call" ? made.at : new Date(),
      },
    ]);
    return toActivity({ ...made, clientName: context.clientName, agentName: context.agentName });
  });
}

/** The activity, locked for a change, with its client's name: 404 outside the caller's scope, 403 for another agent's. */
async function ownActivity(tx: Db, actor: Actor, id: number) {
  const [found] = await tx
    .select({ row: crmActivities, clientName: clientNameSql() })
    .from(crmActivities)
    .innerJoin(crmClients, eq(crmClients.id, crmActivities.clientId))
    .where(and(eq(crmActivities.id, id), managedBy(actor, crmActivities.clinicId)))
    .for("update", { of: crmActivities });
  if (!found) throw notFound();
  if (!isCrmAdmin(actor) && found.row.agentId !== actor.id) throw forbidden();
  return found;
}

/** Changes a call or a meeting; its client and kind stay. A moved meeting starts in the future. */
export async function updateActivity(db: Db, actor: Actor, id: number, input: ActivityUpdate): Promise<CrmActivity> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { row, clientName } = await ownActivity(tx, actor, id);
    const kind = row.kind as CrmActivityKind;
    const agentId = input.agentId === undefined || input.agentId === null ? (row.agentId ?? actor.id) : input.agentId;
    if (agentId !== row.agentId && agentId !== actor.id && !isCrmAdmin(actor)) throw forbidden();
    const outcome = input.outcome === undefined ? row.outcome : input.outcome;
    const callBackAt = input.callBackAt === undefined ? iso(row.callBackAt) : input.callBackAt;
    const problems = crmActivityProblems(
      kind,
      { at: input.at, durationMinutes: input.durationMinutes, outcome, callBackAt },
      { startChanged: Date.parse(input.at) !== row.at.getTime(), callBackChanged: callBackAt !== iso(row.callBackAt) },
    );
    if (Object.keys(problems).length > 0)
      throw badRequest(Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message as string]])));
    const initiativeId = input.initiativeId === undefined ? row.initiativeId : input.initiativeId;
    const context = await contextOf(tx, actor, row.clientId, initiativeId, agentId);
    if (initiativeId !== row.initiativeId || agentId !== row.agentId) checkNames(actor, context, initiativeId !== row.initiativeId ? initiativeId : null);
    const [saved] = await tx
      .update(crmActivities)
      .set({
        agentId,
        initiativeId,
        at: new Date(input.at),
        durationMinutes: input.durationMinutes,
        outcome: kind === "call" ? outcome : null,
        callBackAt: outcome === "call_back" && callBackAt ? new Date(callBackAt) : null,
        subject: input.subject,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(crmActivities.id, id))
      .returning();
    if (!saved) throw notFound();
    await track(tx, [
      { clinicId: row.clinicId, clientId: row.clientId, kind: `${kind}_changed`, summary: trackingSummary(kind, saved), refId: id, actorId: actor.id },
    ]);
    return toActivity({ ...saved, clientName, agentName: context.agentName });
  });
}

/** Deletes a call or a meeting (a meeting called off); the timeline keeps a line of it. */
export async function deleteActivity(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { row } = await ownActivity(tx, actor, id);
    await tx.delete(crmActivities).where(eq(crmActivities.id, id));
    const kind = row.kind as CrmActivityKind;
    await track(tx, [
      {
        clinicId: row.clinicId,
        clientId: row.clientId,
        kind: kind === "meeting" ? "meeting_cancelled" : "call_deleted",
        summary: trackingSummary(kind, row),
        refId: id,
        actorId: actor.id,
      },
    ]);
  });
}

import {
  CRM_INITIATIVE_REFUSALS as REFUSALS,
  type CrmInitiative,
  type CrmInitiativeDetail,
  type CrmInitiativesByState,
  type CrmInitiativesByStateQuery,
  type CrmInitiativesQuery,
  type CrmInitiativeValues,
  type CrmInitiativeState,
  type Paged,
} from "@clinic/shared";
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { containsText, pageOf } from "../../platform/paging.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { isCrmAdmin, managedBy } from "./crm-scope.ts";
import { crmClients, crmDocuments, crmInitiativeClients, crmInitiatives } from "./crm.table.ts";
import { type TrackingEntry, track } from "./tracking.ts";

/**
 * Initiatives (issue 36.1): a CRM admin gives a set of the clinic's clients to an agent (the
 * salesman), who works them from the call centre. An agent sees, opens and changes only their
 * own; opening it marks it read, and giving it to another agent or changing its clients makes it
 * not read again (spec §4). Each client's timeline says when it joined or left an initiative.
 */

const salesman = alias(users, "salesman");

/** A client's name as lists show it: the person's, or the organisation's. */
const crmClientName = sql<string>`${crmClients.name}`;

const initiativeColumns = {
  id: crmInitiatives.id,
  clinicId: crmInitiatives.clinicId,
  title: crmInitiatives.title,
  description: crmInitiatives.description,
  state: crmInitiatives.state,
  salesmanId: salesman.id,
  salesmanName: personName(salesman),
  clientCount: sql<number>`(select count(*)::int from ${crmInitiativeClients} where ${crmInitiativeClients.initiativeId} = ${crmInitiatives.id})`,
  documentCount: sql<number>`(select count(*)::int from ${crmDocuments} where ${crmDocuments.initiativeId} = ${crmInitiatives.id})`,
  createdAt: crmInitiatives.createdAt,
  updatedAt: crmInitiatives.updatedAt,
};

type InitiativeRow = {
  id: number;
  clinicId: string;
  title: string;
  description: string;
  state: string;
  salesmanId: string | null;
  salesmanName: string | null;
  clientCount: number;
  documentCount: number;
  createdAt: Date;
  updatedAt: Date;
};

function toInitiative(row: InitiativeRow): CrmInitiative {
  return {
    id: row.id,
    clinicId: row.clinicId,
    title: row.title,
    description: row.description,
    state: row.state as CrmInitiativeState,
    salesman: row.salesmanId === null ? null : { id: row.salesmanId, name: row.salesmanName ?? "" },
    clientCount: Number(row.clientCount),
    documentCount: Number(row.documentCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The initiatives the actor lists: the clinic's for a CRM admin, an agent's own for anyone else. */
function listedBy(actor: Actor): SQL {
  const clinic = managedBy(actor, crmInitiatives.clinicId);
  return isCrmAdmin(actor) ? clinic : (and(clinic, eq(crmInitiatives.salesmanId, actor.id)) as SQL);
}

function filtersOf(actor: Actor, query: CrmInitiativesByStateQuery & { state?: CrmInitiativeState }): SQL {
  return and(
    listedBy(actor),
    actor.isAdmin && query.clinicId ? eq(crmInitiatives.clinicId, query.clinicId) : undefined,
    query.salesmanId ? eq(crmInitiatives.salesmanId, query.salesmanId) : undefined,
    query.state ? eq(crmInitiatives.state, query.state) : undefined,
    query.q ? or(containsText(crmInitiatives.title, query.q), containsText(crmInitiatives.description, query.q)) : undefined,
  ) as SQL;
}

/** A page of initiatives, newest first: one statement, the total and the counts inside it. */
export async function listInitiatives(db: Db, actor: Actor, query: CrmInitiativesQuery): Promise<Paged<CrmInitiative>> {
  const where = filtersOf(actor, query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [crmInitiatives, crmInitiativeClients, crmDocuments, users],
      counted: db.select({ one: sql`1` }).from(crmInitiatives).where(where),
    },
    (pageTotal, { limit, offset }) =>
      db
        .select({ ...initiativeColumns, pageTotal })
        .from(crmInitiatives)
        .leftJoin(salesman, eq(salesman.id, crmInitiatives.salesmanId))
        .where(where)
        .orderBy(desc(crmInitiatives.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toInitiative(row as InitiativeRow)) };
}

/** How many of the listed initiatives (the same filters but the state) are read and not read. */
export async function initiativesByState(db: Db, actor: Actor, query: CrmInitiativesByStateQuery): Promise<CrmInitiativesByState> {
  const [row] = await db
    .select({
      read: sql<number>`count(*) filter (where ${crmInitiatives.state} = 'read')::int`,
      notReaded: sql<number>`count(*) filter (where ${crmInitiatives.state} = 'not_readed')::int`,
    })
    .from(crmInitiatives)
    .where(filtersOf(actor, query));
  return { read: Number(row?.read ?? 0), not_readed: Number(row?.notReaded ?? 0) };
}

/** One initiative of the actor's clinic (404 otherwise), before the salesman check. */
async function loadInitiative(db: Db, actor: Actor, id: number): Promise<InitiativeRow> {
  const [row] = await db
    .select(initiativeColumns)
    .from(crmInitiatives)
    .leftJoin(salesman, eq(salesman.id, crmInitiatives.salesmanId))
    .where(and(eq(crmInitiatives.id, id), managedBy(actor, crmInitiatives.clinicId)));
  if (!row) throw notFound();
  return row as InitiativeRow;
}

/** A CRM admin works every initiative of the clinic; anyone else only those given to them (403). */
function assertWorks(actor: Actor, row: { salesmanId: string | null }): void {
  if (!isCrmAdmin(actor) && row.salesmanId !== actor.id) throw forbidden(REFUSALS.notYours);
}

/** One initiative with its clients by name: 404 for another clinic's, 403 for another agent's. */
export async function getInitiative(db: Db, actor: Actor, id: number): Promise<CrmInitiativeDetail> {
  const [row] = await db
    .select({
      ...initiativeColumns,
      clients: sql<{ id: number; name: string; email: string | null; phone: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone) order by c.name, c.id)
        from (select ${crmClients.id} as id, ${crmClientName} as name, ${crmClients.email} as email, ${crmClients.phone} as phone
              from ${crmInitiativeClients} join ${crmClients} on ${crmClients.id} = ${crmInitiativeClients.clientId}
              where ${crmInitiativeClients.initiativeId} = ${crmInitiatives.id}) c), '[]'::json)`,
    })
    .from(crmInitiatives)
    .leftJoin(salesman, eq(salesman.id, crmInitiatives.salesmanId))
    .where(and(eq(crmInitiatives.id, id), managedBy(actor, crmInitiatives.clinicId)));
  if (!row) throw notFound();
  assertWorks(actor, row);
  return { ...toInitiative(row as InitiativeRow), clients: row.clients };
}

/** SQL: the user holds `codename`, by their own grants or a group's. */
const holds = (user: SQL, codename: string) => sql`exists (
  select 1 from user_permissions up join permissions p on p.id = up.permission_id where up.user_id = ${user} and p.codename = ${codename}
  union all
  select 1 from user_groups ug join group_permissions gp on gp.group_id = ug.group_id join permissions p on p.id = gp.permission_id
  where ug.user_id = ${user} and p.codename = ${codename})`;

/**
 * Refuses a salesman who is not an active agent of the clinic (spec §6: is_crm_agent and not
 * is_admin) and clients of another clinic, in one statement: 400 on the field.
 */
async function assertPeople(db: Db, clinicId: string, salesmanId: string | null, clientIds: readonly number[]): Promise<void> {
  if (salesmanId === null && clientIds.length === 0) return;
  const result = await db.execute<{ agent: boolean; clients: number }>(sql`select
    ${
      salesmanId === null
        ? sql`true`
        : sql`exists (select 1 from users u where u.id = ${salesmanId} and u.clinic_id = ${clinicId} and u.is_active and not u.is_admin
          and ${holds(sql`u.id`, "is_crm_agent")} and not ${holds(sql`u.id`, "is_admin")})`
    } as agent,
    (select count(*)::int from crm_clients c where c.clinic_id = ${clinicId} and c.id = any(${sql.param(clientIds)}::int[])) as clients`);
  const row = result.rows[0];
  const fields: Record<string, string[]> = {};
  if (!row?.agent) fields.salesmanId = [REFUSALS.salesmanNotAgent];
  if (Number(row?.clients ?? 0) !== clientIds.length) fields.clientIds = [REFUSALS.clientsOtherClinic];
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}

/** A client removed meanwhile (a foreign key refused): the same refusal as another clinic's. */
function refuseVanishedClients(error: unknown): never {
  const wrapped = error as { code?: string; cause?: { code?: string } };
  if ((wrapped.cause?.code ?? wrapped.code) === "23503") throw badRequest({ clientIds: [REFUSALS.clientsOtherClinic] });
  throw error;
}

const timeline = (clinicId: string, clientIds: readonly number[], kind: "initiative_added" | "initiative_removed", title: string, id: number, actor: Actor) =>
  clientIds.map((clientId): TrackingEntry => ({ clinicId, clientId, kind, summary: title, refId: id, actorId: actor.id }));

/** Adds an initiative of `clinicId` (a CRM admin's), not read by its salesman yet. */
export async function createInitiative(db: Db, actor: Actor, clinicId: string, input: CrmInitiativeValues): Promise<CrmInitiativeDetail> {
  await assertPeople(db, clinicId, input.salesmanId, input.clientIds);
  const id = await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [made] = await tx
        .insert(crmInitiatives)
        .values({ clinicId, title: input.title, description: input.description, salesmanId: input.salesmanId, state: "not_readed" })
        .returning({ id: crmInitiatives.id });
      const initiativeId = (made as { id: number }).id;
      if (input.clientIds.length > 0) {
        await tx.insert(crmInitiativeClients).values(input.clientIds.map((clientId) => ({ initiativeId, clientId })));
        await track(tx, timeline(clinicId, input.clientIds, "initiative_added", input.title, initiativeId, actor));
      }
      return initiativeId;
    })
    .catch(refuseVanishedClients);
  return getInitiative(db, actor, id);
}

/**
 * Changes an initiative: a CRM admin any of the clinic's, its salesman their own but not who
 * works it (403). A new salesman or a change of clients makes it not read, unless the one who
 * changed it is the salesman (they have seen it).
 */
export async function updateInitiative(db: Db, actor: Actor, id: number, input: CrmInitiativeValues): Promise<CrmInitiativeDetail> {
  const current = await loadInitiative(db, actor, id);
  assertWorks(actor, current);
  const salesmanChanged = input.salesmanId !== current.salesmanId;
  if (salesmanChanged && !isCrmAdmin(actor)) throw forbidden(REFUSALS.salesmanLocked);
  await assertPeople(db, current.clinicId, salesmanChanged ? input.salesmanId : null, input.clientIds);
  await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // The row locked first: two changes at once apply one after the other, each diffing what the other left.
      const [locked] = await tx.select({ state: crmInitiatives.state }).from(crmInitiatives).where(eq(crmInitiatives.id, id)).for("update");
      if (!locked) throw notFound();
      const before = new Set(
        (await tx.select({ clientId: crmInitiativeClients.clientId }).from(crmInitiativeClients).where(eq(crmInitiativeClients.initiativeId, id))).map(
          (row) => row.clientId,
        ),
      );
      const wanted = new Set(input.clientIds);
      const added = input.clientIds.filter((clientId) => !before.has(clientId));
      const removed = [...before].filter((clientId) => !wanted.has(clientId));
      if (removed.length > 0)
        await tx.delete(crmInitiativeClients).where(and(eq(crmInitiativeClients.initiativeId, id), inArray(crmInitiativeClients.clientId, removed)));
      if (added.length > 0) await tx.insert(crmInitiativeClients).values(added.map((clientId) => ({ initiativeId: id, clientId })));
      const unread = (salesmanChanged || added.length > 0 || removed.length > 0) && input.salesmanId !== actor.id;
      await tx
        .update(crmInitiatives)
        .set({
          title: input.title,
          description: input.description,
          salesmanId: input.salesmanId,
          state: unread ? "not_readed" : locked.state,
          updatedAt: new Date(),
        })
        .where(eq(crmInitiatives.id, id));
      const lines = [
        ...timeline(current.clinicId, added, "initiative_added", input.title, id, actor),
        ...timeline(current.clinicId, removed, "initiative_removed", input.title, id, actor),
      ];
      if (lines.length > 0) await track(tx, lines);
    })
    .catch(refuseVanishedClients);
  return getInitiative(db, actor, id);
}

/** Its salesman opening it marks it read; anyone else who may open it changes nothing. */
export async function markInitiativeRead(db: Db, actor: Actor, id: number): Promise<CrmInitiative> {
  const current = await loadInitiative(db, actor, id);
  assertWorks(actor, current);
  if (current.salesmanId !== actor.id || current.state === "read") return toInitiative(current);
  await db
    .update(crmInitiatives)
    .set({ state: "read" })
    .where(and(eq(crmInitiatives.id, id), eq(crmInitiatives.salesmanId, actor.id)));
  return toInitiative({ ...current, state: "read" });
}

/** Deletes an initiative (a CRM admin's call); its clients' timelines say they left it. */
export async function deleteInitiative(db: Db, actor: Actor, id: number): Promise<void> {
  const current = await loadInitiative(db, actor, id);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const members = await tx.select({ clientId: crmInitiativeClients.clientId }).from(crmInitiativeClients).where(eq(crmInitiativeClients.initiativeId, id));
    const [gone] = await tx.delete(crmInitiatives).where(eq(crmInitiatives.id, id)).returning({ id: crmInitiatives.id });
    if (!gone) throw notFound();
    const lines = timeline(
      current.clinicId,
      members.map((row) => row.clientId),
      "initiative_removed",
      current.title,
      id,
      actor,
    );
    if (lines.length > 0) await track(tx, lines);
  });
}

import {
  CRM_CLIENT_MESSAGES,
  type CrmClient,
  type CrmClientDetail,
  type CrmClientFields,
  type CrmClientsQuery,
  type CrmTag,
  type CrmTimelineEntry,
  type Paged,
  type PageQuery,
} from "@clinic/shared";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { containsPattern, pageOf, pageWindow } from "../../platform/paging.ts";
import type { BlobStore } from "../../platform/uploads.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { isCrmAdmin, managedBy } from "./crm-scope.ts";
import { crmClients, crmDocuments, crmInitiativeClients, crmInitiatives, crmListClients, crmLists, crmTracking } from "./crm.table.ts";
import { dropUploads } from "./documents.service.ts";
import { track } from "./tracking.ts";

/** A client's people and timeline (issue 36.2): every query in the caller's clinic (admins: any, or the one they name). */

const owner = alias(users, "owner");
const actorUser = alias(users, "tracking_actor");

/** What a client shows as its name: "First Last", or the organisation's. */
export const clientName = sql<string>`${crmClients.name}`;

const clientColumns = {
  id: crmClients.id,
  clinicId: crmClients.clinicId,
  kind: crmClients.kind,
  firstName: crmClients.firstName,
  lastName: crmClients.lastName,
  organisation: crmClients.organisation,
  name: clientName,
  email: crmClients.email,
  phone: crmClients.phone,
  city: crmClients.city,
  address: crmClients.address,
  consent: crmClients.consent,
  consentAt: crmClients.consentAt,
  unsubscribedAt: crmClients.unsubscribedAt,
  ownerId: crmClients.ownerId,
  ownerName: sql<string | null>`case when ${owner.id} is null then null else ${personName(owner)} end`,
  userId: crmClients.userId,
  tags: crmClients.tags,
  createdAt: crmClients.createdAt,
  updatedAt: crmClients.updatedAt,
};

type ClientRow = { [K in keyof typeof clientColumns]: unknown } & {
  id: number;
  kind: string;
  consentAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toClient(row: ClientRow): CrmClient {
  return {
    id: row.id,
    clinicId: row.clinicId as string,
    kind: row.kind as CrmClient["kind"],
    firstName: row.firstName as string,
    lastName: row.lastName as string,
    organisation: row.organisation as string,
    name: row.name as string,
    email: row.email as string | null,
    phone: row.phone as string,
    city: row.city as string,
    address: row.address as string,
    consent: row.consent as boolean,
    consentAt: iso(row.consentAt),
    unsubscribedAt: iso(row.unsubscribedAt),
    ownerId: row.ownerId as string | null,
    ownerName: row.ownerName as string | null,
    userId: row.userId as string | null,
    tags: row.tags as string[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The clients the actor manages, or only the clinic an admin names. */
export function clientScope(actor: Actor, clinicId: string | undefined): SQL {
  return and(managedBy(actor, crmClients.clinicId), actor.isAdmin && clinicId ? eq(crmClients.clinicId, clinicId) : undefined) as SQL;
}

function clientsWhere(actor: Actor, query: CrmClientsQuery): SQL {
  const text = query.q ? containsPattern(query.q) : null;
  return and(
    clientScope(actor, query.clinicId),
    text
      ? sql`(${crmClients.firstName} || ' ' || ${crmClients.lastName} ilike ${text} or ${crmClients.organisation} ilike ${text}
          or ${crmClients.email} ilike ${text} or ${crmClients.phone} ilike ${text})`
      : undefined,
    query.tag ? sql`${crmClients.tags} @> array[${query.tag}]::text[]` : undefined,
    query.listId
      ? sql`exists (select 1 from ${crmListClients} where ${crmListClients.listId} = ${query.listId} and ${crmListClients.clientId} = ${crmClients.id})`
      : undefined,
    query.ownerId ? eq(crmClients.ownerId, query.ownerId) : undefined,
    query.ids ? sql`${crmClients.id} = any(${sql.param(query.ids)}::int[])` : undefined,
  ) as SQL;
}

/** The clinic's clients by name, filtered: one statement. */
export async function listClients(db: Db, actor: Actor, query: CrmClientsQuery & PageQuery): Promise<Paged<CrmClient>> {
  const where = clientsWhere(actor, query);
  const order = [asc(sql`lower(${crmClients.name})`), asc(crmClients.id)];
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [crmClients, crmListClients],
      counted: db.select({ one: sql`1` }).from(crmClients).where(where),
    },
    (pageTotal) =>
      db
        .select({ ...clientColumns, pageTotal })
        .from(crmClients)
        .leftJoin(owner, eq(owner.id, crmClients.ownerId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toClient(row as ClientRow)) };
}

/**
 * One client with the lists and the initiatives it is in, in one statement (an agent sees only
 * their own initiatives); 404 for another clinic's.
 */
export async function getClient(db: Db, actor: Actor, id: number): Promise<CrmClientDetail> {
  const initiativeScope = isCrmAdmin(actor) ? sql`true` : sql`${crmInitiatives.salesmanId} = ${actor.id}`;
  const [row] = await db
    .select({
      ...clientColumns,
      lists: sql<{ id: number; title: string }[]>`coalesce((select json_agg(json_build_object('id', l.id, 'title', l.title) order by l.title, l.id)
        from ${crmListClients} lc join ${crmLists} l on l.id = lc.list_id where lc.client_id = ${crmClients.id}), '[]'::json)`,
      initiatives: sql<
        { id: number; title: string }[]
      >`coalesce((select json_agg(json_build_object('id', ${crmInitiatives.id}, 'title', ${crmInitiatives.title}) order by ${crmInitiatives.title}, ${crmInitiatives.id})
        from ${crmInitiativeClients} join ${crmInitiatives} on ${crmInitiatives.id} = ${crmInitiativeClients.initiativeId}
        where ${crmInitiativeClients.clientId} = ${crmClients.id} and ${initiativeScope}), '[]'::json)`,
    })
    .from(crmClients)
    .leftJoin(owner, eq(owner.id, crmClients.ownerId))
    .where(and(eq(crmClients.id, id), managedBy(actor, crmClients.clinicId)));
  if (!row) throw notFound();
  return { ...toClient(row as ClientRow), lists: row.lists, initiatives: row.initiatives };
}

/** The clinic's agent `ownerId` with their name, or the owner field's 400. */
async function agentOf(db: Db, clinicId: string, ownerId: string): Promise<string> {
  const result = await db.execute<{ name: string }>(sql`
    select coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as name from users u
    where u.id = ${ownerId} and u.clinic_id = ${clinicId} and u.is_active
      and exists (select 1 from permissions p where p.codename = 'is_crm_agent' and (
        exists (select 1 from user_groups ug join group_permissions gp on gp.group_id = ug.group_id where ug.user_id = u.id and gp.permission_id = p.id)
        or exists (select 1 from user_permissions up where up.user_id = u.id and up.permission_id = p.id)))`);
  const found = result.rows[0];
  if (!found) throw badRequest({ ownerId: [CRM_CLIENT_MESSAGES.ownerNotAgent] });
  return found.name;
}

const emailTaken = (error: unknown) => {
  if (isUniqueViolation(error, "crm_clients_email_unique")) return badRequest({ email: [CRM_CLIENT_MESSAGES.emailTaken] });
  return error;
};

/** What a client's row takes from its form. */
function clientValues(input: CrmClientFields) {
  return {
    kind: input.kind,
    firstName: input.kind === "person" ? input.firstName : "",
    lastName: input.kind === "person" ? input.lastName : "",
    organisation: input.organisation,
    email: input.email,
    phone: input.phone,
    city: input.city,
    address: input.address,
    consent: input.consent,
    tags: input.tags,
  };
}

/** A new client of `clinicId`; an agent's is theirs unless they name another owner. Written with its "created" line. */
export async function createClient(db: Db, actor: Actor, clinicId: string, input: CrmClientFields): Promise<CrmClient> {
  const ownerId = input.ownerId !== undefined ? input.ownerId : isCrmAdmin(actor) ? null : actor.id;
  const ownerName = ownerId ? await agentOf(db, clinicId, ownerId) : null;
  try {
    const row = await db.transaction(async (tx) => {
      const now = new Date();
      const [made] = await tx
        .insert(crmClients)
        .values({ clinicId, ...clientValues(input), consentAt: input.consent ? now : null, ownerId })
        .returning();
      if (!made) throw new Error("No client inserted");
      await track(tx, [{ clinicId, clientId: made.id, kind: "created", actorId: actor.id, at: now }]);
      return made;
    });
    return toClient({ ...row, name: nameOf(row), ownerName });
  } catch (error) {
    throw emailTaken(error);
  }
}

/** The display name of a row (as `clientName` computes it in SQL). */
function nameOf(row: { kind: string; firstName: string; lastName: string; organisation: string }): string {
  const person = row.kind === "person" ? `${row.firstName} ${row.lastName}`.trim() : "";
  return person || row.organisation;
}

/** Fields a person would name on the "edited" line. */
const TRACKED_FIELDS = ["kind", "firstName", "lastName", "organisation", "email", "phone", "city", "address", "consent", "ownerId", "tags"] as const;

/** Changes a client (the owner only when named); the timeline says which fields changed. */
export async function updateClient(db: Db, actor: Actor, id: number, input: CrmClientFields): Promise<CrmClient> {
  const [current] = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.id, id), managedBy(actor, crmClients.clinicId)));
  if (!current) throw notFound();
  const ownerId = input.ownerId === undefined ? current.ownerId : input.ownerId;
  // An owner already set stays valid even if they have since left the agents.
  if (ownerId && ownerId !== current.ownerId) await agentOf(db, current.clinicId, ownerId);
  const values = { ...clientValues(input), ownerId };
  const changed = TRACKED_FIELDS.filter((field) => JSON.stringify(values[field]) !== JSON.stringify(current[field]));
  const consentAt = !input.consent ? null : current.consent ? current.consentAt : new Date();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(crmClients)
        .set({ ...values, consentAt, updatedAt: new Date() })
        .where(eq(crmClients.id, id));
      if (changed.length > 0) await track(tx, [{ clinicId: current.clinicId, clientId: id, kind: "edited", summary: changed.join(", "), actorId: actor.id }]);
    });
  } catch (error) {
    throw emailTaken(error);
  }
  return getClient(db, actor, id);
}

/** Deletes a client with its notes, calls, documents and timeline (cascades), and its documents' files. */
export async function deleteClient(db: Db, store: BlobStore, actor: Actor, id: number): Promise<void> {
  const uploadIds = await db.transaction(async (tx) => {
    const documents = await tx.select({ uploadId: crmDocuments.uploadId }).from(crmDocuments).where(eq(crmDocuments.clientId, id));
    const [gone] = await tx
      .delete(crmClients)
      .where(and(eq(crmClients.id, id), managedBy(actor, crmClients.clinicId)))
      .returning({ id: crmClients.id });
    if (!gone) throw notFound();
    return documents.map((document) => document.uploadId);
  });
  await dropUploads(db, store, uploadIds);
}

/** The clinic's tags, with how many clients carry each. */
export async function listTags(db: Db, actor: Actor, clinicId: string | undefined): Promise<CrmTag[]> {
  const rows = await db
    .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
    .from(sql`${crmClients} cross join lateral unnest(${crmClients.tags}) as t(tag)`)
    .where(clientScope(actor, clinicId))
    .groupBy(sql`t.tag`)
    .orderBy(sql`lower(t.tag)`, sql`t.tag`);
  return rows;
}

/**
 * A client's timeline, newest first: one statement, the client's scope inside it; only an
 * empty page asks whether the client is there at all (404).
 */
export async function listTimeline(db: Db, actor: Actor, clientId: number, query: PageQuery): Promise<Paged<CrmTimelineEntry>> {
  const where = and(eq(crmTracking.clientId, clientId), managedBy(actor, crmTracking.clinicId)) as SQL;
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(db, actor, query, { tables: [crmTracking], counted: db.select({ one: sql`1` }).from(crmTracking).where(where) }, (pageTotal) =>
    db
      .select({
        id: crmTracking.id,
        kind: crmTracking.kind,
        summary: crmTracking.summary,
        refId: crmTracking.refId,
        actorName: sql<string | null>`case when ${actorUser.id} is null then null else ${personName(actorUser)} end`,
        at: crmTracking.at,
        pageTotal,
      })
      .from(crmTracking)
      .leftJoin(actorUser, eq(actorUser.id, crmTracking.actorId))
      .where(where)
      .orderBy(desc(crmTracking.at), desc(crmTracking.id))
      .limit(limit)
      .offset(offset),
  );
  if (page.data.length === 0) await assertClient(db, actor, clientId);
  return { ...page, data: page.data.map((row) => ({ ...row, kind: row.kind as CrmTimelineEntry["kind"], at: row.at.toISOString() })) };
}

/** The clinic of one of the actor's clients, or 404. */
export async function assertClient(db: Db, actor: Actor, clientId: number): Promise<string> {
  const [row] = await db
    .select({ clinicId: crmClients.clinicId })
    .from(crmClients)
    .where(and(eq(crmClients.id, clientId), managedBy(actor, crmClients.clinicId)));
  if (!row) throw notFound();
  return row.clinicId;
}

/**
 * Which of `ids` are not clients of `clinicId` (all are checked in one statement): the caller
 * answers a field error naming them, so nothing is written for a stranger's id.
 */
export async function strangerClients(db: Db, clinicId: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: crmClients.id })
    .from(crmClients)
    .where(and(eq(crmClients.clinicId, clinicId), sql`${crmClients.id} = any(${sql.param(unique)}::int[])`));
  const known = new Set(found.map((row) => row.id));
  return unique.filter((id) => !known.has(id));
}

import { CRM_CLIENT_MESSAGES, type CrmList, type CrmListsQuery, type Paged, type PageQuery } from "@clinic/shared";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";
import { strangerClients } from "./clients.service.ts";
import { managedBy } from "./crm-scope.ts";
import { crmListClients, crmLists } from "./crm.table.ts";
import { track } from "./tracking.ts";

/** The CRM's user lists (spec §3: title, description, related_users): agents read them, CRM admins write them. */

const listColumns = {
  id: crmLists.id,
  clinicId: crmLists.clinicId,
  title: crmLists.title,
  description: crmLists.description,
  clientCount: sql<number>`(select count(*)::int from ${crmListClients} where ${crmListClients.listId} = ${crmLists.id})`,
  createdAt: crmLists.createdAt,
  updatedAt: crmLists.updatedAt,
};

type ListRow = Omit<CrmList, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };
const toList = (row: ListRow): CrmList => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** The clinic's lists by title, with how many clients each holds: one statement. */
export async function listLists(db: Db, actor: Actor, query: CrmListsQuery & PageQuery): Promise<Paged<CrmList>> {
  const where = and(
    managedBy(actor, crmLists.clinicId),
    actor.isAdmin && query.clinicId ? eq(crmLists.clinicId, query.clinicId) : undefined,
    containsText(crmLists.title, query.q),
  ) as SQL;
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(db, actor, query, { tables: [crmLists], counted: db.select({ one: sql`1` }).from(crmLists).where(where) }, (pageTotal) =>
    db
      .select({ ...listColumns, pageTotal })
      .from(crmLists)
      .where(where)
      .orderBy(asc(sql`lower(${crmLists.title})`), asc(crmLists.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, data: page.data.map(toList) };
}

export async function getList(db: Db, actor: Actor, id: number): Promise<CrmList> {
  const [row] = await db
    .select(listColumns)
    .from(crmLists)
    .where(and(eq(crmLists.id, id), managedBy(actor, crmLists.clinicId)));
  if (!row) throw notFound();
  return toList(row);
}

/** 400 naming the field when any id is not one of the clinic's clients. */
async function assertClinicClients(db: Db, clinicId: string, field: string, ids: readonly number[]): Promise<void> {
  const strangers = await strangerClients(db, clinicId, ids);
  if (strangers.length > 0) throw badRequest({ [field]: [`${CRM_CLIENT_MESSAGES.notClinicClient} (${strangers.slice(0, 10).join(", ")})`] });
}

export async function createList(db: Db, actor: Actor, clinicId: string, input: { title: string; description: string; clientIds: number[] }): Promise<CrmList> {
  const clientIds = [...new Set(input.clientIds)];
  await assertClinicClients(db, clinicId, "clientIds", clientIds);
  const id = await db.transaction(async (tx) => {
    const [made] = await tx.insert(crmLists).values({ clinicId, title: input.title, description: input.description }).returning({ id: crmLists.id });
    if (!made) throw new Error("No list inserted");
    if (clientIds.length > 0) {
      await tx.insert(crmListClients).values(clientIds.map((clientId) => ({ listId: made.id, clientId })));
      await track(
        tx,
        clientIds.map((clientId) => ({ clinicId, clientId, kind: "list_added" as const, summary: input.title, refId: made.id, actorId: actor.id })),
      );
    }
    return made.id;
  });
  return getList(db, actor, id);
}

export async function updateList(db: Db, actor: Actor, id: number, input: { title: string; description: string }): Promise<CrmList> {
  const [row] = await db
    .update(crmLists)
    .set({ title: input.title, description: input.description, updatedAt: new Date() })
    .where(and(eq(crmLists.id, id), managedBy(actor, crmLists.clinicId)))
    .returning({ id: crmLists.id });
  if (!row) throw notFound();
  return getList(db, actor, id);
}

/** Deletes a list; its clients' timelines say they left it. */
export async function deleteList(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [list] = await tx
      .select({ clinicId: crmLists.clinicId, title: crmLists.title })
      .from(crmLists)
      .where(and(eq(crmLists.id, id), managedBy(actor, crmLists.clinicId)))
      .for("update");
    if (!list) throw notFound();
    const members = await tx.select({ clientId: crmListClients.clientId }).from(crmListClients).where(eq(crmListClients.listId, id));
    await tx.delete(crmLists).where(eq(crmLists.id, id));
    await track(
      tx,
      members.map(({ clientId }) => ({ clinicId: list.clinicId, clientId, kind: "list_removed" as const, summary: list.title, refId: id, actorId: actor.id })),
    );
  });
}

/**
 * Adds and removes a list's clients. Every id must be one of the list's clinic's clients (a
 * field error names the others, and nothing is written); only real changes reach the timeline.
 */
export async function changeListClients(db: Db, actor: Actor, id: number, change: { add: number[]; remove: number[] }): Promise<CrmList> {
  const list = await getList(db, actor, id);
  const add = [...new Set(change.add)];
  const remove = [...new Set(change.remove)].filter((clientId) => !add.includes(clientId));
  const [strangersAdded, strangersRemoved] = await Promise.all([strangerClients(db, list.clinicId, add), strangerClients(db, list.clinicId, remove)]);
  const errors: Record<string, string[]> = {};
  if (strangersAdded.length > 0) errors.add = [`${CRM_CLIENT_MESSAGES.notClinicClient} (${strangersAdded.slice(0, 10).join(", ")})`];
  if (strangersRemoved.length > 0) errors.remove = [`${CRM_CLIENT_MESSAGES.notClinicClient} (${strangersRemoved.slice(0, 10).join(", ")})`];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  await db.transaction(async (tx) => {
    const added =
      add.length === 0
        ? []
        : await tx
            .insert(crmListClients)
            .values(add.map((clientId) => ({ listId: id, clientId })))
            .onConflictDoNothing()
            .returning({ clientId: crmListClients.clientId });
    const removed =
      remove.length === 0
        ? []
        : await tx
            .delete(crmListClients)
            .where(and(eq(crmListClients.listId, id), inArray(crmListClients.clientId, remove)))
            .returning({ clientId: crmListClients.clientId });
    const line = (kind: "list_added" | "list_removed") => (row: { clientId: number }) => ({
      clinicId: list.clinicId,
      clientId: row.clientId,
      kind,
      summary: list.title,
      refId: id,
      actorId: actor.id,
    });
    await track(tx, [...added.map(line("list_added")), ...removed.map(line("list_removed"))]);
    if (added.length + removed.length > 0) await tx.update(crmLists).set({ updatedAt: new Date() }).where(eq(crmLists.id, id));
  });
  return getList(db, actor, id);
}

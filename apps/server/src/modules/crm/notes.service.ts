import { CRM_CLIENT_MESSAGES, type CrmNote, type Paged, type PageQuery } from "@clinic/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { pageOf, pageWindow } from "../../platform/paging.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { assertClient } from "./clients.service.ts";
import { isCrmAdmin, managedBy } from "./crm-scope.ts";
import { crmClients, crmInitiatives, crmNotes } from "./crm.table.ts";
import { track } from "./tracking.ts";

/** Notes on a client (spec §3: name, date_start, description): agents and CRM admins write them; their author or a CRM admin changes them. */

const author = alias(users, "note_author");

const noteColumns = {
  id: crmNotes.id,
  clinicId: crmNotes.clinicId,
  clientId: crmNotes.clientId,
  initiativeId: crmNotes.initiativeId,
  authorId: crmNotes.authorId,
  authorName: sql<string | null>`case when ${author.id} is null then null else ${personName(author)} end`,
  name: crmNotes.name,
  dateStart: crmNotes.dateStart,
  description: crmNotes.description,
  createdAt: crmNotes.createdAt,
  updatedAt: crmNotes.updatedAt,
};

type NoteRow = {
  id: number;
  clientId: number;
  initiativeId: number | null;
  authorId: string | null;
  authorName: string | null;
  name: string;
  dateStart: Date;
  description: string;
  createdAt: Date;
  updatedAt: Date;
};

const mayChange = (actor: Actor, authorId: string | null) => isCrmAdmin(actor) || (authorId !== null && authorId === actor.id);

function toNote(actor: Actor, row: NoteRow): CrmNote {
  return {
    id: row.id,
    clientId: row.clientId,
    initiativeId: row.initiativeId,
    authorId: row.authorId,
    authorName: row.authorName,
    name: row.name,
    dateStart: row.dateStart.toISOString(),
    description: row.description,
    editable: mayChange(actor, row.authorId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A client's notes, latest date first: one statement; an empty page asks whether the client is there (404). */
export async function listNotes(db: Db, actor: Actor, clientId: number, query: PageQuery): Promise<Paged<CrmNote>> {
  const where = and(eq(crmNotes.clientId, clientId), managedBy(actor, crmNotes.clinicId)) as SQL;
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(db, actor, query, { tables: [crmNotes], counted: db.select({ one: sql`1` }).from(crmNotes).where(where) }, (pageTotal) =>
    db
      .select({ ...noteColumns, pageTotal })
      .from(crmNotes)
      .leftJoin(author, eq(author.id, crmNotes.authorId))
      .where(where)
      .orderBy(desc(crmNotes.dateStart), desc(crmNotes.id))
      .limit(limit)
      .offset(offset),
  );
  if (page.data.length === 0) await assertClient(db, actor, clientId);
  return { ...page, data: page.data.map((row) => toNote(actor, row)) };
}

async function getNote(db: Db, actor: Actor, id: number): Promise<CrmNote> {
  const [row] = await db
    .select(noteColumns)
    .from(crmNotes)
    .leftJoin(author, eq(author.id, crmNotes.authorId))
    .where(and(eq(crmNotes.id, id), managedBy(actor, crmNotes.clinicId)));
  if (!row) throw notFound();
  return toNote(actor, row);
}

/**
 * The initiative a note names must be the clinic's, and an agent's own (they work no other):
 * a field error otherwise.
 */
async function assertInitiative(db: Db, actor: Actor, clinicId: string, initiativeId: number | null): Promise<void> {
  if (initiativeId === null) return;
  const [row] = await db
    .select({ id: crmInitiatives.id })
    .from(crmInitiatives)
    .where(
      and(eq(crmInitiatives.id, initiativeId), eq(crmInitiatives.clinicId, clinicId), isCrmAdmin(actor) ? undefined : eq(crmInitiatives.salesmanId, actor.id)),
    );
  if (!row) throw badRequest({ initiativeId: [CRM_CLIENT_MESSAGES.notClinicInitiative] });
}

export interface NoteFields {
  initiativeId: number | null;
  name: string;
  dateStart: string;
  description: string;
}

/** A note on one of the clinic's clients (another clinic's: the clientId field's 400), with its timeline line. */
export async function createNote(db: Db, actor: Actor, input: NoteFields & { clientId: number }): Promise<CrmNote> {
  const [client] = await db
    .select({ clinicId: crmClients.clinicId })
    .from(crmClients)
    .where(and(eq(crmClients.id, input.clientId), managedBy(actor, crmClients.clinicId)));
  if (!client) throw badRequest({ clientId: [CRM_CLIENT_MESSAGES.notClinicClient] });
  await assertInitiative(db, actor, client.clinicId, input.initiativeId);
  const id = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(crmNotes)
      .values({
        clinicId: client.clinicId,
        clientId: input.clientId,
        initiativeId: input.initiativeId,
        authorId: actor.id,
        name: input.name,
        dateStart: new Date(input.dateStart),
        description: input.description,
      })
      .returning({ id: crmNotes.id });
    if (!made) throw new Error("No note inserted");
    await track(tx, [{ clinicId: client.clinicId, clientId: input.clientId, kind: "note", summary: input.name, refId: made.id, actorId: actor.id }]);
    return made.id;
  });
  return getNote(db, actor, id);
}

/** The note, for its author or a CRM admin (403 for anyone else of the clinic, 404 for another clinic's). */
async function noteToChange(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ clinicId: crmNotes.clinicId, clientId: crmNotes.clientId, authorId: crmNotes.authorId })
    .from(crmNotes)
    .where(and(eq(crmNotes.id, id), managedBy(actor, crmNotes.clinicId)));
  if (!row) throw notFound();
  if (!mayChange(actor, row.authorId)) throw forbidden("Only the note's author or a CRM admin can change it.");
  return row;
}

export async function updateNote(db: Db, actor: Actor, id: number, input: NoteFields): Promise<CrmNote> {
  const note = await noteToChange(db, actor, id);
  await assertInitiative(db, actor, note.clinicId, input.initiativeId);
  await db
    .update(crmNotes)
    .set({ initiativeId: input.initiativeId, name: input.name, dateStart: new Date(input.dateStart), description: input.description, updatedAt: new Date() })
    .where(eq(crmNotes.id, id));
  return getNote(db, actor, id);
}

export async function deleteNote(db: Db, actor: Actor, id: number): Promise<void> {
  await noteToChange(db, actor, id);
  await db.delete(crmNotes).where(eq(crmNotes.id, id));
}

import { type ClinicInput, type ClinicRow, GROUP, type PageQuery, type Paged } from "@clinic/shared";
import { and, asc, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { MailOutcome } from "../../platform/mail.ts";
import { containsText, pageWindow, paged } from "../../platform/paging.ts";
import { activeMembership } from "../clinic/memberships/seats.ts";
import { assertEmailFree, createPerson, hasRole, loadPerson, outerUserId, personColumns, personRow, withEmailCheck } from "./people.service.ts";

/** Active accounts of the clinic in a group: the seats in use, as `seatsInUse` counts them. */
const activeMembers = (group: number) =>
  sql<number>`(select count(*) from users m join user_groups g on g.user_id = m.id and g.group_id = ${group}
    where m.clinic_id = ${outerUserId} and m.is_active)::int`;

const columns = { ...personColumns, name: users.name, therapists: activeMembers(GROUP.therapist), patients: activeMembers(GROUP.patient) };

const selectClinics = (db: Db) => db.select(columns).from(users);
type Row = Awaited<ReturnType<ReturnType<typeof selectClinics>["execute"]>>[number];

/** A clinic row with the membership it holds today (seats.ts decides which one). */
async function toClinicRow(db: Db, row: Row): Promise<ClinicRow> {
  const held = await activeMembership(db, row.id);
  const membership = held
    ? {
        plan: held.membership.plan,
        fromDate: held.assignment.fromDate,
        toDate: held.assignment.toDate,
        nUsers: held.membership.nUsers,
        nPatients: held.membership.nPatients,
      }
    : null;
  return { ...personRow(row), membership };
}

export async function listClinics(db: Db, query: PageQuery & { q?: string; active?: boolean }): Promise<Paged<ClinicRow>> {
  const conditions: (SQL | undefined)[] = [hasRole(GROUP.clinic)];
  if (query.q) conditions.push(or(containsText(users.name, query.q), containsText(users.email, query.q), containsText(users.identification, query.q)));
  if (query.active !== undefined) conditions.push(eq(users.isActive, query.active));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const [rows, [totals]] = await Promise.all([
    selectClinics(db).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return paged(await Promise.all(rows.map((row) => toClinicRow(db, row))), totals?.total ?? 0, query);
}

/** One clinic: admins any, the clinic itself, and its therapists (to see their plan and seats). */
export async function getClinic(db: Db, actor: Actor, id: string): Promise<ClinicRow> {
  const mayRead = actor.isAdmin || actor.id === id || (actor.role === "therapist" && actor.clinicId === id);
  if (!mayRead) throw notFound();
  const [row] = await selectClinics(db).where(and(eq(users.id, id), hasRole(GROUP.clinic)));
  if (!row) throw notFound();
  return toClinicRow(db, row);
}

export async function createClinic(app: FastifyInstance, actor: Actor, input: ClinicInput): Promise<ClinicRow & { invitation: MailOutcome }> {
  const { id, invitation } = await createPerson(
    app,
    actor,
    { ...input, nombres: input.name, apellidos: "", groups: [GROUP.clinic] },
    // A clinic takes no seat: memberships are what it holds, not what it uses.
    null,
  );
  return { ...(await getClinic(app.db, actor, id)), invitation };
}

/** Admins edit a clinic's account; its name lives in `name` (and `nombres`, which greets it). */
export async function updateClinic(db: Db, actor: Actor, id: string, input: ClinicInput): Promise<ClinicRow> {
  const clinic = await loadPerson(db, id);
  if (clinic?.role !== "clinic") throw notFound();
  await withEmailCheck(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email, id);
      await tx
        .update(users)
        .set({ name: input.name, nombres: input.name, apellidos: "", identification: input.identification, email: input.email, language: input.language })
        .where(eq(users.id, id));
    }),
  );
  return getClinic(db, actor, id);
}

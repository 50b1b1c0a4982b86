import { type ClinicInput, type ClinicRow, GROUP, type PageQuery, type Paged } from "@clinic/shared";
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { userGroups, users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { MailOutcome } from "../../platform/mail.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";
import { today } from "../clinic/memberships/seats.ts";
import { assertEmailFree, createPerson, hasRole, loadPerson, outerUserId, personColumns, personRow, withEmailCheck } from "./people.service.ts";

/** Active accounts of the clinic in a group: the seats in use, as `seatsInUse` counts them. */
const activeMembers = (group: number) =>
  sql<number>`(select count(*) from users m join user_groups g on g.user_id = m.id and g.group_id = ${group}
    where m.clinic_id = ${outerUserId} and m.is_active)::int`;

type HeldMembership = ClinicRow["membership"];
/**
 * The membership the clinic holds today, as seats.ts's activeMembership decides (the one whose
 * period holds the day, the latest started if several), as JSON in the clinic's own row: a page
 * of clinics is one statement, not one more per clinic.
 */
const heldMembership = () => sql<HeldMembership>`(select json_build_object('plan', m.plan, 'fromDate', am.from_date, 'toDate', am.to_date,
      'nUsers', m.n_users, 'nPatients', m.n_patients)
    from assigned_memberships am join memberships m on m.id = am.membership_id
    where am.user_id = ${outerUserId} and am.from_date <= ${today()}::date and am.to_date >= ${today()}::date
    order by am.from_date desc, am.id desc limit 1)`;

const columns = () => ({
  ...personColumns,
  name: users.name,
  therapists: activeMembers(GROUP.therapist),
  patients: activeMembers(GROUP.patient),
  membership: heldMembership(),
});
const selectClinics = (db: Db) => db.select(columns()).from(users);
type Row = Awaited<ReturnType<ReturnType<typeof selectClinics>["execute"]>>[number];

const toClinicRow = ({ membership, ...row }: Row): ClinicRow => ({ ...personRow(row), membership: membership ?? null });

/** Clinic accounts among `ids`, with their names (one statement): what a banner's or a message's audience may name. */
export async function clinicsNamed(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; name: string }>(
    sql`select u.id, u.name from users u
        where u.id = any(${sql.param([...ids])}::text[]) and not u.is_admin
          and (select ug.group_id from user_groups ug where ug.user_id = u.id order by ug.position, ug.group_id limit 1) = ${GROUP.clinic}`,
  );
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

export async function listClinics(db: Db, query: PageQuery & { q?: string; active?: boolean }): Promise<Paged<ClinicRow>> {
  const conditions: (SQL | undefined)[] = [hasRole(GROUP.clinic)];
  if (query.q) conditions.push(or(containsText(users.name, query.q), containsText(users.email, query.q), containsText(users.identification, query.q)));
  if (query.active !== undefined) conditions.push(eq(users.isActive, query.active));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const order = [asc(users.name), asc(users.id)];
  const page = await pageOf(
    db,
    null,
    query,
    {
      tables: [users, userGroups],
      counted: db
        .select({ one: sql`1` })
        .from(users)
        .where(where)
        .orderBy(...order),
    },
    (pageTotal) =>
      db
        .select({ ...columns(), pageTotal })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map(toClinicRow) };
}

/** One clinic: admins any, the clinic itself, and its therapists (to see their plan and seats). */
export async function getClinic(db: Db, actor: Actor, id: string): Promise<ClinicRow> {
  const mayRead = actor.isAdmin || actor.id === id || (actor.role === "therapist" && actor.clinicId === id);
  if (!mayRead) throw notFound();
  const [row] = await selectClinics(db).where(and(eq(users.id, id), hasRole(GROUP.clinic)));
  if (!row) throw notFound();
  return toClinicRow(row);
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

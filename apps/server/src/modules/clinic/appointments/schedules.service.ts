import {
  SLOT_RANGE_MAX_DAYS,
  type Schedule,
  type ScheduleInput,
  type Service,
  type ServiceInput,
  type ServiceSlots,
  scheduleInputSchema,
  serviceInputSchema,
} from "@clinic/shared";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { Actor } from "../../../platform/access.ts";
import { recordPageRead } from "../../../platform/page-cache.ts";
import { writesOf } from "../../../platform/paging.ts";
import { badRequest, conflict, forbidden } from "../../../platform/errors.ts";
import { appointments, scheduleExceptions, schedules, services } from "./appointments.table.ts";
import { assertFound, clinicOfUser, patientServiceScope, personName, providerRowScope } from "./scope.ts";
import { computeSlots, isoFormatter, type SlotSchedule, zonedDate } from "../../../platform/slots.ts";

type ScheduleValues = z.output<typeof scheduleInputSchema>;
type ServiceValues = z.output<typeof serviceInputSchema>;
type ScheduleRow = typeof schedules.$inferSelect;
type ExceptionRow = typeof scheduleExceptions.$inferSelect;
/** What a schedule's answer needs of an exception row. */
type ExceptionFields = Pick<ExceptionRow, "scheduleId" | "date" | "closed" | "start" | "end">;

const DAY = 86_400_000;
/** Held appointments are the ones that keep a time: requested or accepted. */
export const HELD = ["requested", "accepted"] as const;

/** "09:00:00" from PostgreSQL's time column → "09:00". */
const hhmm = (value: string | null) => (value ? value.slice(0, 5) : null);

function scheduleOf(row: ScheduleRow, exceptions: ExceptionFields[]): Schedule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration: row.duration,
    appointmentTypes: row.appointmentTypes,
    timeZone: row.timeZone,
    rules: row.rules as Schedule["rules"],
    exceptions: exceptions
      .filter((exception) => exception.scheduleId === row.id)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((exception) => ({ date: exception.date, closed: exception.closed, start: hhmm(exception.start), end: hhmm(exception.end) })),
    providerId: row.providerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function exceptionsOf(db: Db, ids: number[]): Promise<ExceptionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(scheduleExceptions).where(inArray(scheduleExceptions.scheduleId, ids));
}

/** The schedules the actor manages, by name. */
export async function listSchedules(db: Db, actor: Actor): Promise<Schedule[]> {
  const rows = await db
    .select()
    .from(schedules)
    .where(providerRowScope(actor, schedules.providerId, schedules.clinicId))
    .orderBy(asc(schedules.name), asc(schedules.id));
  const exceptions = await exceptionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => scheduleOf(row, exceptions));
}

async function loadSchedule(db: Db, actor: Actor, id: number): Promise<ScheduleRow> {
  const [row] = await db
    .select({ row: schedules, inScope: sql<boolean>`${providerRowScope(actor, schedules.providerId, schedules.clinicId)}` })
    .from(schedules)
    .where(eq(schedules.id, id));
  return assertFound(row, row?.inScope ?? false).row;
}

export async function getSchedule(db: Db, actor: Actor, id: number): Promise<Schedule> {
  const row = await loadSchedule(db, actor, id);
  return scheduleOf(row, await exceptionsOf(db, [id]));
}

/** Staff give services and schedules; patients never (403 even if granted the codename). */
function assertProvider(actor: Actor): void {
  if (actor.role === "patient") throw forbidden("Patients do not give services.");
}

async function writeExceptions(tx: Db, scheduleId: number, values: ScheduleValues): Promise<void> {
  await tx.delete(scheduleExceptions).where(eq(scheduleExceptions.scheduleId, scheduleId));
  if (values.exceptions.length === 0) return;
  await tx.insert(scheduleExceptions).values(
    values.exceptions.map((exception) => ({
      scheduleId,
      date: exception.date,
      closed: exception.closed,
      start: exception.closed ? null : exception.start,
      end: exception.closed ? null : exception.end,
    })),
  );
}

function scheduleColumnsOf(values: ScheduleValues) {
  const { name, description, duration, appointmentTypes, timeZone, rules } = values;
  return { name, description, duration, appointmentTypes, timeZone, rules };
}

export async function createSchedule(db: Db, actor: Actor, input: ScheduleInput): Promise<Schedule> {
  assertProvider(actor);
  const values = scheduleInputSchema.parse(input);
  const clinicId = await clinicOfUser(db, actor.id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schedules)
      .values({ clinicId, providerId: actor.id, ...scheduleColumnsOf(values) })
      .returning({ id: schedules.id });
    const created = (row as { id: number }).id;
    await writeExceptions(tx, created, values);
    return created;
  });
  return getSchedule(db, actor, id);
}

export async function updateSchedule(db: Db, actor: Actor, id: number, input: ScheduleInput): Promise<Schedule> {
  assertProvider(actor);
  const values = scheduleInputSchema.parse(input);
  await loadSchedule(db, actor, id);
  await db.transaction(async (tx) => {
    await tx
      .update(schedules)
      .set({ ...scheduleColumnsOf(values), updatedAt: new Date() })
      .where(eq(schedules.id, id));
    await writeExceptions(tx, id, values);
  });
  return getSchedule(db, actor, id);
}

export async function deleteSchedule(db: Db, actor: Actor, id: number): Promise<void> {
  assertProvider(actor);
  await loadSchedule(db, actor, id);
  const using = await db.select({ name: services.name }).from(services).where(eq(services.scheduleId, id));
  if (using.length > 0)
    throw conflict(
      `This schedule is used by the service${using.length > 1 ? "s" : ""} ${using.map((row) => `"${row.name}"`).join(", ")}; give them another schedule first.`,
    );
  await db.delete(schedules).where(eq(schedules.id, id));
}

// ---------------------------------------------------------------- services

const serviceColumns = {
  row: services,
  scheduleName: schedules.name,
  providerName: personName(users),
};

function serviceOf(found: { row: typeof services.$inferSelect; scheduleName: string | null; providerName: string }): Service {
  const { row } = found;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scheduleId: row.scheduleId,
    scheduleName: found.scheduleName,
    providerId: row.providerId,
    providerName: found.providerName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function serviceQuery(db: Db) {
  return db
    .select(serviceColumns)
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .leftJoin(schedules, eq(schedules.id, services.scheduleId));
}

/** `GET /api/user-services/`: the services the actor gives (a clinic account: its clinic's). */
export async function listUserServices(db: Db, actor: Actor): Promise<Service[]> {
  const rows = await serviceQuery(db)
    .where(providerRowScope(actor, services.providerId, services.clinicId))
    .orderBy(asc(services.name), asc(services.id));
  return rows.map(serviceOf);
}

/** `GET /api/patient-services/`: what a patient can book, from their therapists and clinic (with a schedule). */
export async function listPatientServices(db: Db, actor: Actor): Promise<Service[]> {
  if (actor.role !== "patient") return listUserServices(db, actor);
  const rows = await serviceQuery(db)
    .where(and(patientServiceScope(actor.id, services.providerId), sql`${services.scheduleId} is not null`))
    .orderBy(asc(services.name), asc(services.id));
  return rows.map(serviceOf);
}

async function loadService(db: Db, actor: Actor, id: number, intent: "read" | "change") {
  const scope =
    intent === "read" && actor.role === "patient"
      ? patientServiceScope(actor.id, services.providerId)
      : providerRowScope(actor, services.providerId, services.clinicId);
  const [found] = await db
    .select({ ...serviceColumns, inScope: sql<boolean>`${scope}` })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .leftJoin(schedules, eq(schedules.id, services.scheduleId))
    .where(eq(services.id, id));
  return assertFound(found, found?.inScope ?? false);
}

export async function getService(db: Db, actor: Actor, id: number): Promise<Service> {
  return serviceOf(await loadService(db, actor, id, "read"));
}

/** A service's schedule must be one the same provider keeps. */
async function assertScheduleFor(db: Db, scheduleId: number | null, providerId: string): Promise<void> {
  if (scheduleId === null) return;
  const [row] = await db.select({ providerId: schedules.providerId }).from(schedules).where(eq(schedules.id, scheduleId));
  if (!row || row.providerId !== providerId) throw badRequest({ scheduleId: ["Choose one of your schedules."] });
}

export async function createService(db: Db, actor: Actor, input: ServiceInput): Promise<Service> {
  assertProvider(actor);
  const values: ServiceValues = serviceInputSchema.parse(input);
  await assertScheduleFor(db, values.scheduleId, actor.id);
  const clinicId = await clinicOfUser(db, actor.id);
  const [row] = await db
    .insert(services)
    .values({ clinicId, providerId: actor.id, name: values.name, description: values.description, scheduleId: values.scheduleId })
    .returning({ id: services.id });
  return getService(db, actor, (row as { id: number }).id);
}

export async function updateService(db: Db, actor: Actor, id: number, input: ServiceInput): Promise<Service> {
  assertProvider(actor);
  const values: ServiceValues = serviceInputSchema.parse(input);
  const current = await loadService(db, actor, id, "change");
  await assertScheduleFor(db, values.scheduleId, current.row.providerId);
  await db
    .update(services)
    .set({ name: values.name, description: values.description, scheduleId: values.scheduleId, updatedAt: new Date() })
    .where(eq(services.id, id));
  return getService(db, actor, id);
}

/** Appointments booked through a service keep their time; they only lose the link (set null). */
export async function deleteService(db: Db, actor: Actor, id: number): Promise<void> {
  assertProvider(actor);
  await loadService(db, actor, id, "change");
  await db.delete(services).where(eq(services.id, id));
}

// ---------------------------------------------------------------- slots

export function slotScheduleOf(schedule: Schedule): SlotSchedule {
  return { duration: schedule.duration, timeZone: schedule.timeZone, rules: schedule.rules, exceptions: schedule.exceptions };
}

/** The provider's held times that overlap [from, to): their appointments, and their bookings of the booking app (issue 35). */
export async function busyIntervals(db: Db, providerId: string, from: number, to: number): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        inArray(appointments.status, [...HELD]),
        lt(appointments.startsAt, new Date(to)),
        gt(appointments.endsAt, new Date(from)),
        // No appointment lasts over an hour (check constraint): a lower bound on the start
        // lets the (provider, start) index skip the provider's past.
        gt(appointments.startsAt, new Date(from - 60 * 60_000)),
      ),
    )
    .unionAll(
      db
        .select({ start: sql<Date>`holds_from`.mapWith(appointments.startsAt), end: sql<Date>`holds_to`.mapWith(appointments.endsAt) })
        .from(sql`bookings`)
        .where(
          sql`provider_id = ${providerId} and status in ('pending', 'confirmed') and holds_from < ${new Date(to).toISOString()}::timestamptz and holds_to > ${new Date(from).toISOString()}::timestamptz`,
        ),
    );
  return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
}

/**
 * The service, its schedule with its exceptions and its provider's held times in a range, in
 * one statement: the slot screen asks for this on every week it shows.
 */
function slotsQuery(db: Db, actor: Actor) {
  // Built once per database and scope shape, with placeholders, and prepared by name on each
  // connection: building the SQL and planning it cost more than running it. The scope helpers
  // branch on the actor's role and admin flag only; the id is the `actor` placeholder.
  const actorId = sql.placeholder("actor") as unknown as string;
  const shape = { ...actor, id: actorId };
  const scope = actor.role === "patient" ? patientServiceScope(actorId, services.providerId) : providerRowScope(shape, services.providerId, services.clinicId);
  const builder = db
    .select({
      ...serviceColumns,
      inScope: sql<boolean>`${scope}`,
      schedule: schedules,
      exceptions: sql<ExceptionFields[]>`(
        select coalesce(json_agg(json_build_object('scheduleId', e.schedule_id, 'date', e.date, 'closed', e.closed, 'start', e.start, 'end', e."end")), '[]')
        from ${scheduleExceptions} e where e.schedule_id = ${services.scheduleId})`,
      // [start, end] in epoch milliseconds (float8 arithmetic, far cheaper than numeric; the app
      // writes whole milliseconds, which round back exactly). Same filter as busyIntervals: the
      // provider's appointments and their bookings of the booking app (issue 35).
      busy: sql<[number, number][]>`(
        select coalesce(json_agg(json_build_array(round(date_part('epoch', h.starts_at) * 1000), round(date_part('epoch', h.ends_at) * 1000))), '[]') from (
          select a.starts_at, a.ends_at from ${appointments} a
          where a.provider_id = ${services.providerId} and a.status in ${[...HELD]}
            and a.starts_at < ${sql.placeholder("busyTo")}::timestamptz and a.ends_at > ${sql.placeholder("busyFrom")}::timestamptz
            and a.starts_at > ${sql.placeholder("busyFromEarliestStart")}::timestamptz
          union all
          select b.holds_from, b.holds_to from bookings b
          where b.provider_id = ${services.providerId} and b.status in ('pending', 'confirmed')
            and b.holds_from < ${sql.placeholder("busyTo")}::timestamptz and b.holds_to > ${sql.placeholder("busyFrom")}::timestamptz) h)`,
    })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .leftJoin(schedules, eq(schedules.id, services.scheduleId))
    .where(eq(services.id, sql.placeholder("id")));
  // Its text names every table it reads: a kept answer (kept-answers.ts) is stamped with their versions.
  return { text: builder.toSQL().sql, prepared: builder.prepare(`service_slots_${actor.role}_${actor.isAdmin ? "admin" : "staff"}`) };
}

const slotQueries = new WeakMap<Db, Map<string, ReturnType<typeof slotsQuery>>>();

async function loadServiceForSlots(db: Db, actor: Actor, id: number, busyFrom: number, busyTo: number) {
  let queries = slotQueries.get(db);
  if (!queries) {
    queries = new Map();
    slotQueries.set(db, queries);
  }
  const key = `${actor.role}:${actor.isAdmin}`;
  let query = queries.get(key);
  if (!query) {
    query = slotsQuery(db, actor);
    queries.set(key, query);
  }
  const writes = writesOf(db);
  if (writes)
    recordPageRead(
      actor,
      writes.pages.stampOf(query.text, actor.tableVersions, (tables) => writes.stamp(tables)),
    );
  const [found] = await query.prepared.execute({
    id,
    actor: actor.id,
    busyFrom: new Date(busyFrom).toISOString(),
    busyTo: new Date(busyTo).toISOString(),
    // No appointment lasts over an hour (check constraint): a lower bound on the start lets the
    // (provider, start) index skip the provider's past.
    busyFromEarliestStart: new Date(busyFrom - 60 * 60_000).toISOString(),
  });
  return assertFound(found, found?.inScope ?? false);
}

/**
 * `GET /api/schedule-service/{id}`: the service, its schedule and its free slots from `from` to
 * `to` (dates in the schedule's zone; default today and the next 27 days).
 */
export async function serviceSlots(db: Db, actor: Actor, id: number, query: { from?: string; to?: string }, now = Date.now()): Promise<ServiceSlots> {
  // Held times are read with the service, before its zone is known. The default range starts on
  // the schedule's today, which lies within a day of the UTC date: widened by a day each way.
  const today = Math.floor(now / DAY) * DAY;
  const rangeFrom = query.from ? Date.parse(query.from) : today - DAY;
  const rangeTo = query.to ? Date.parse(query.to) : (query.from ? rangeFrom : today + DAY) + 27 * DAY;
  // A day in any zone lies within a UTC day either side of its date. A range the check below
  // refuses reads no held times (two days spare for the widening).
  const readsBusy = (rangeTo - rangeFrom) / DAY < SLOT_RANGE_MAX_DAYS + 2;
  const found = await loadServiceForSlots(db, actor, id, readsBusy ? rangeFrom - DAY : 0, readsBusy ? rangeTo + 2 * DAY : 0);
  const service = serviceOf(found);
  const schedule = found.schedule === null ? null : scheduleOf(found.schedule, found.exceptions);
  const zone = schedule?.timeZone ?? "UTC";
  const from = query.from ?? zonedDate(now, zone);
  const to = query.to ?? new Date(Date.parse(from) + 27 * DAY).toISOString().slice(0, 10);
  if ((Date.parse(to) - Date.parse(from)) / DAY >= SLOT_RANGE_MAX_DAYS) throw badRequest({ to: [`Ask for at most ${SLOT_RANGE_MAX_DAYS} days at once.`] });
  if (!schedule) return { service, schedule: null, from, to, slots: [] };
  const busy = found.busy.map(([start, end]) => ({ start, end }));
  const iso = isoFormatter();
  const slots = computeSlots(slotScheduleOf(schedule), from, to, busy, now).map((slot) => ({ start: iso(slot.start), end: iso(slot.end) }));
  return { service, schedule, from, to, slots };
}

/**
 * Until when an answer of serviceSlots holds as time passes: a slot is offered until it starts,
 * so until its first slot starts (no slot: only writes change it).
 */
export function firstSlotStart(answer: ServiceSlots): number {
  let first = Number.POSITIVE_INFINITY;
  for (const slot of answer.slots) first = Math.min(first, Date.parse(slot.start));
  return first;
}

/** A schedule by id, without a scope check (the caller checked the service that names it). */
export async function getScheduleRow(db: Db, id: number): Promise<Schedule | null> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id));
  return row ? scheduleOf(row, await exceptionsOf(db, [id])) : null;
}

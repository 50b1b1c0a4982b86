import { randomUUID } from "node:crypto";
import {
  type Appointment,
  type AppointmentInput,
  type AppointmentUpdate,
  appointmentInputSchema,
  appointmentUpdateSchema,
  GROUP,
  type Paged,
  type PageQuery,
} from "@clinic/shared";
import { and, asc, eq, gte, inArray, lt, gt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { careTeam, users } from "../../../db/schema.ts";
import { type Actor, can, clinicOf, patientScope } from "../../../platform/access.ts";
import { badRequest, conflict, forbidden, HttpError, notFound, violatedConstraint } from "../../../platform/errors.ts";
import { pageOf, pageWindow } from "../../../platform/paging.ts";
import { lockProviderTime } from "../../../platform/provider-time.ts";
import { appointments, services } from "./appointments.table.ts";
import { type NotifyDeps, notify, scheduleReminder } from "./notifications.ts";
import { busyIntervals, getScheduleRow, HELD, slotScheduleOf } from "./schedules.service.ts";
import { appointmentScope, clinicOfUser, patientServiceScope, personName } from "./scope.ts";
import { slotStateOf, zonedDate, zonedInstant, zonedMinutes } from "../../../platform/slots.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const provider = alias(users, "provider");
const patient = alias(users, "patient");
const scopeColumns = { provider: appointments.providerId, patient: appointments.patientId, clinic: appointments.clinicId };

const columns = {
  row: appointments,
  providerName: personName(provider),
  patientName: personName(patient),
  serviceName: services.name,
};
type Found = { row: typeof appointments.$inferSelect; providerName: string; patientName: string; serviceName: string | null };

function appointmentOf({ row, providerName, patientName, serviceName }: Found): Appointment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    duration: row.duration,
    appointmentType: row.appointmentType,
    status: row.status as Appointment["status"],
    denialReason: row.denialReason,
    timeZone: row.timeZone,
    serviceId: row.serviceId,
    serviceName,
    seriesId: row.seriesId,
    provider: { id: row.providerId, name: providerName },
    patient: { id: row.patientId, name: patientName },
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function query(db: Db) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(services, eq(services.id, appointments.serviceId));
}

/** The window a calendar asks for; without one, a month back and two ahead. */
function rangeOf(range: { from?: string; to?: string }, now: number): SQL {
  const from = range.from ? new Date(range.from) : new Date(now - 31 * DAY);
  const to = range.to ? new Date(range.to) : new Date(now + 62 * DAY);
  return and(lt(appointments.startsAt, to), gt(appointments.endsAt, from)) as SQL;
}

/** `GET /api/get-calendar-appointments/`: held appointments (requested, accepted) in the window. */
export async function calendarAppointments(db: Db, actor: Actor, q: { all?: boolean; from?: string; to?: string }, now = Date.now()): Promise<Appointment[]> {
  if (q.all && !can(actor, "change_all_appointments")) throw forbidden("Seeing everyone's appointments needs change_all_appointments.");
  const rows = await query(db)
    .where(and(appointmentScope(actor, scopeColumns, q.all ?? false), inArray(appointments.status, [...HELD]), rangeOf(q, now)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map(appointmentOf);
}

/** `GET /api/get-calendar-appointments-by-user/`: one patient's appointments of every state (a patient: their own). */
export async function userAppointments(db: Db, actor: Actor, q: { user?: string; from?: string; to?: string }, now = Date.now()): Promise<Appointment[]> {
  const userId = actor.role === "patient" ? actor.id : q.user;
  if (!userId) throw badRequest({ user: ["Choose a patient."] });
  if (actor.role === "patient" && q.user && q.user !== actor.id) throw forbidden();
  const rows = await query(db)
    .where(and(appointmentScope(actor, scopeColumns, true), eq(appointments.patientId, userId), rangeOf(q, now)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map(appointmentOf);
}

/**
 * `GET /api/request-appointments/`: for staff, the requests waiting for them (or the `status`
 * asked for); for a patient, their own appointments of every state, upcoming first.
 */
export async function requestAppointments(db: Db, actor: Actor, q: PageQuery & { status?: Appointment["status"] }): Promise<Paged<Appointment>> {
  const status = q.status ?? (actor.role === "patient" ? undefined : "requested");
  const where = and(appointmentScope(actor, scopeColumns, true), status ? eq(appointments.status, status) : undefined);
  const { limit, offset } = pageWindow(q);
  const upcomingFirst = [
    sql`${appointments.startsAt} < now()`,
    sql`case when ${appointments.startsAt} >= now() then ${appointments.startsAt} end asc`,
    sql`${appointments.startsAt} desc`,
    asc(appointments.id),
  ];
  const page = await pageOf(
    db,
    actor,
    q,
    // The scope reads the people and care teams besides the appointments.
    { tables: [appointments, users, careTeam], counted: db.select({ one: sql`1` }).from(appointments).where(where) },
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(appointments)
        .innerJoin(provider, eq(provider.id, appointments.providerId))
        .innerJoin(patient, eq(patient.id, appointments.patientId))
        .leftJoin(services, eq(services.id, appointments.serviceId))
        .where(where)
        .orderBy(...upcomingFirst)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map(appointmentOf) };
}

async function load(db: Db, actor: Actor, id: number): Promise<Found> {
  const [found] = await db
    .select({ ...columns, inScope: sql<boolean>`${appointmentScope(actor, scopeColumns, true)}` })
    .from(appointments)
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, id));
  if (!found) throw notFound();
  if (!found.inScope) throw forbidden();
  return found;
}

export async function getAppointment(db: Db, actor: Actor, id: number): Promise<Appointment> {
  return appointmentOf(await load(db, actor, id));
}

const THERAPIST_BUSY = "This time is no longer free: the therapist has another appointment then.";

/** Turns an overlap the database refused into the 409 the caller reads. */
function overlapConflict(error: unknown, actor: Actor): never {
  const constraint = violatedConstraint(error, "23P01");
  if (constraint === null) throw error;
  if (constraint.includes("patient"))
    throw conflict(actor.role === "patient" ? "You already have an appointment at this time." : "The patient already has an appointment at this time.");
  throw conflict(THERAPIST_BUSY);
}

function assertNotPast(start: number, now: number): void {
  if (start < now) throw badRequest({ start: ["The start cannot be in the past."] });
}

interface Plan {
  providerId: string;
  patientId: string;
  serviceId: number | null;
  duration: number;
  timeZone: string;
  status: "requested" | "accepted";
  starts: number[];
}

/** A patient's request: one free slot of a service they may book, at the schedule's duration. */
async function planRequest(db: Db, actor: Actor, input: ReturnType<typeof appointmentInputSchema.parse>, now: number): Promise<Plan> {
  if (input.patientId && input.patientId !== actor.id) throw badRequest({ patientId: ["You can only request appointments for yourself."] });
  if (input.serviceId === null) throw badRequest({ serviceId: ["Choose a service."] });
  if (input.repeatWeeks > 1) throw badRequest({ repeatWeeks: ["Request one appointment at a time."] });
  const [service] = await db
    .select({ providerId: services.providerId, scheduleId: services.scheduleId, bookable: sql<boolean>`${patientServiceScope(actor.id, services.providerId)}` })
    .from(services)
    .where(eq(services.id, input.serviceId));
  if (!service?.bookable) throw badRequest({ serviceId: ["Choose one of your therapists' services."] });
  const schedule = service.scheduleId === null ? null : await getScheduleRow(db, service.scheduleId);
  if (!schedule) throw badRequest({ serviceId: ["This service takes no requests yet."] });
  if (!schedule.appointmentTypes.includes(input.appointmentType))
    throw badRequest({ appointmentType: ["This service is not given this way; choose another type."] });
  const start = Date.parse(input.start);
  assertNotPast(start, now);
  const busy = await busyIntervals(db, service.providerId, start - DAY, start + 2 * DAY);
  const state = slotStateOf(slotScheduleOf(schedule), start, busy, now);
  if (state === "none") throw badRequest({ start: ["This time is not one of the free slots of the schedule."] });
  // Taken since the patient saw it free: the same 409 as when the database refuses the overlap,
  // whichever of the two racing requests reaches which check first.
  if (state === "taken") throw conflict(THERAPIST_BUSY);
  return {
    providerId: service.providerId,
    patientId: actor.id,
    serviceId: input.serviceId,
    duration: schedule.duration,
    timeZone: schedule.timeZone,
    status: "requested",
    starts: [start],
  };
}

/** Staff book directly (accepted) for one of their patients, at any time not past, weekly if asked. */
async function planBooking(db: Db, actor: Actor, input: ReturnType<typeof appointmentInputSchema.parse>, now: number): Promise<Plan> {
  if (!input.patientId) throw badRequest({ patientId: ["Choose the patient."] });
  const [target] = await db
    .select({
      inScope: sql<boolean>`${patientScope(actor, users.id)}`,
      isPatient: sql<boolean>`exists (select 1 from user_groups g where g.user_id = ${users.id} and g.group_id = ${GROUP.patient})`,
    })
    .from(users)
    .where(eq(users.id, input.patientId));
  if (!target?.isPatient || !target.inScope) throw badRequest({ patientId: ["Choose one of your patients."] });
  const providerId = input.providerId ?? actor.id;
  if (providerId !== actor.id) {
    if (!can(actor, "change_all_appointments")) throw forbidden("Booking for another therapist needs change_all_appointments.");
    const providerClinic = await clinicOfUser(db, providerId);
    if (!actor.isAdmin && (providerClinic === null || providerClinic !== clinicOf(actor)))
      throw badRequest({ providerId: ["Choose a therapist of your clinic."] });
  }
  let timeZone = input.timeZone ?? "UTC";
  if (input.serviceId !== null) {
    const [service] = await db
      .select({ providerId: services.providerId, scheduleId: services.scheduleId })
      .from(services)
      .where(eq(services.id, input.serviceId));
    if (!service || service.providerId !== providerId) throw badRequest({ serviceId: ["Choose a service of this therapist."] });
    if (!input.timeZone && service.scheduleId !== null) timeZone = (await getScheduleRow(db, service.scheduleId))?.timeZone ?? timeZone;
  }
  const first = Date.parse(input.start);
  assertNotPast(first, now);
  // Weekly at the same wall-clock time in the zone: 09:00 stays 09:00 across a clock change.
  const date = zonedDate(first, timeZone);
  const minutes = zonedMinutes(first, timeZone);
  const starts = [first];
  for (let week = 1; week < input.repeatWeeks; week += 1) {
    const next = zonedInstant(new Date(Date.parse(date) + week * WEEK).toISOString().slice(0, 10), minutes, timeZone);
    starts.push(next ?? first + week * WEEK);
  }
  return { providerId, patientId: input.patientId, serviceId: input.serviceId, duration: input.duration, timeZone, status: "accepted", starts };
}

/** `POST /api/appointment/`: one appointment (or a weekly series), written whole or not at all. */
export async function createAppointment(db: Db, deps: NotifyDeps, actor: Actor, body: AppointmentInput, now = Date.now()): Promise<Appointment> {
  const input = appointmentInputSchema.parse(body);
  const plan = actor.role === "patient" ? await planRequest(db, actor, input, now) : await planBooking(db, actor, input, now);
  const clinicId = await clinicOfUser(db, plan.providerId);
  const seriesId = plan.starts.length > 1 ? randomUUID() : null;
  let firstId = 0;
  try {
    await db.transaction(async (tx) => {
      // The booking app holds providers too (issue 35): one after the other for the same provider.
      for (const start of plan.starts)
        if (await lockProviderTime(tx, plan.providerId, new Date(start), new Date(start + plan.duration * MINUTE), "bookings")) throw conflict(THERAPIST_BUSY);
      const rows = await tx
        .insert(appointments)
        .values(
          plan.starts.map((start) => ({
            clinicId,
            providerId: plan.providerId,
            patientId: plan.patientId,
            serviceId: plan.serviceId,
            seriesId,
            name: input.name,
            description: input.description,
            startsAt: new Date(start),
            endsAt: new Date(start + plan.duration * MINUTE),
            duration: plan.duration,
            appointmentType: input.appointmentType,
            status: plan.status,
            timeZone: plan.timeZone,
            createdBy: actor.id,
          })),
        )
        .returning({ id: appointments.id, startsAt: appointments.startsAt });
      firstId = rows[0]?.id ?? 0;
      for (const row of rows) {
        await notify(tx, deps, plan.status === "requested" ? "requested" : "booked", row.id, actor.id);
        if (plan.status === "accepted") await scheduleReminder(tx, deps, row, now);
      }
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    overlapConflict(error, actor);
  }
  return getAppointment(db, actor, firstId);
}

/** Staff change an appointment; a move (new start or duration) keeps the same slot rules as a booking. */
export async function updateAppointment(db: Db, deps: NotifyDeps, actor: Actor, id: number, body: AppointmentUpdate, now = Date.now()): Promise<Appointment> {
  const input = appointmentUpdateSchema.parse(body);
  if (actor.role === "patient") throw forbidden("Ask your therapist to move it, or cancel it and request another time.");
  const { row } = await load(db, actor, id);
  if (row.status === "denied") throw conflict("A denied request cannot be changed.");
  const start = input.start ? Date.parse(input.start) : row.startsAt.getTime();
  const duration = input.duration ?? row.duration;
  const moved = start !== row.startsAt.getTime() || duration !== row.duration;
  if (moved) assertNotPast(start, now);
  try {
    await db.transaction(async (tx) => {
      if (moved && (await lockProviderTime(tx, row.providerId, new Date(start), new Date(start + duration * MINUTE), "bookings")))
        throw conflict(THERAPIST_BUSY);
      await tx
        .update(appointments)
        .set({
          name: input.name ?? row.name,
          description: input.description ?? row.description,
          appointmentType: input.appointmentType ?? row.appointmentType,
          startsAt: new Date(start),
          endsAt: new Date(start + duration * MINUTE),
          duration,
          sequence: row.sequence + 1,
          updatedAt: new Date(),
        })
        .where(eq(appointments.id, id));
      await notify(tx, deps, "changed", id, actor.id, moved ? row.startsAt : null);
      if (moved && row.status === "accepted") await scheduleReminder(tx, deps, { id, startsAt: new Date(start) }, now);
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    overlapConflict(error, actor);
  }
  return getAppointment(db, actor, id);
}

/**
 * `DELETE /api/appointment-detail/{id}`: staff in scope, or the patient, cancel it; with
 * `related`, the later appointments of its weekly series go too. The other side is told of
 * each upcoming one that was held.
 */
export async function deleteAppointment(db: Db, deps: NotifyDeps, actor: Actor, id: number, related: boolean, now = Date.now()): Promise<void> {
  const { row } = await load(db, actor, id);
  await db.transaction(async (tx) => {
    const targets =
      related && row.seriesId
        ? await tx
            .select({ id: appointments.id, startsAt: appointments.startsAt, status: appointments.status })
            .from(appointments)
            .where(and(eq(appointments.seriesId, row.seriesId), gte(appointments.startsAt, row.startsAt), appointmentScope(actor, scopeColumns, true)))
        : [{ id: row.id, startsAt: row.startsAt, status: row.status }];
    for (const target of targets) {
      const held = target.status !== "denied" && target.startsAt.getTime() > now;
      if (held) await notify(tx, deps, "cancelled", target.id, actor.id);
    }
    await tx.delete(appointments).where(
      inArray(
        appointments.id,
        targets.map((target) => target.id),
      ),
    );
  });
}

/** Accept or deny a request: its provider, or staff holding change_all_appointments over it. */
async function decide(
  db: Db,
  deps: NotifyDeps,
  actor: Actor,
  id: number,
  decision: "accepted" | "denied",
  reason: string | null,
  now: number,
): Promise<Appointment> {
  if (actor.role === "patient") throw forbidden("Only the therapist answers a request.");
  const { row } = await load(db, actor, id);
  if (row.status !== "requested") throw conflict(`This appointment was already ${row.status}.`);
  if (decision === "accepted" && row.startsAt.getTime() <= now) throw conflict("This request is for a time that has passed; deny it instead.");
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(appointments)
      .set({ status: decision, denialReason: reason, sequence: row.sequence + 1, updatedAt: new Date() })
      .where(and(eq(appointments.id, id), eq(appointments.status, "requested")))
      .returning({ id: appointments.id });
    if (updated.length === 0) throw conflict("This request was answered in the meantime.");
    await notify(tx, deps, decision, id, actor.id);
    if (decision === "accepted") await scheduleReminder(tx, deps, row, now);
  });
  return getAppointment(db, actor, id);
}

export const acceptAppointment = (db: Db, deps: NotifyDeps, actor: Actor, id: number, now = Date.now()) => decide(db, deps, actor, id, "accepted", null, now);
export const denyAppointment = (db: Db, deps: NotifyDeps, actor: Actor, id: number, reason: string, now = Date.now()) =>
  decide(db, deps, actor, id, "denied", reason, now);

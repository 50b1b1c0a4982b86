import { SLOT_RANGE_MAX_DAYS } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { makeClinic } from "../../../../test/factories.ts";
import { countStatements, describeStatements } from "../../../../test/statements.ts";
import { type Actor, loadActor } from "../../../platform/access.ts";
import { appointments, scheduleExceptions, schedules, services } from "./appointments.table.ts";
import { busyIntervals, getScheduleRow, serviceSlots, slotScheduleOf } from "./schedules.service.ts";
import { computeSlots } from "../../../platform/slots.ts";

// GET /api/schedule-service/{id} reads the service, its schedule, exceptions and held times in
// one statement (issue 14). These tests hold it to the answers of the separate reads it replaced.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const dateOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

let t: TestApp;
let patient: Actor;
let therapist: Actor;
let serviceId: number;
let scheduleId: number;
/** Fixed for the whole file, so the reference and the call agree on what is past. */
const now = Date.now();

/** The slots as the separate reads computed them before: the reference. */
async function reference(query: { from?: string; to?: string }, zone: string) {
  const schedule = await getScheduleRow(t.db, scheduleId);
  if (!schedule) throw new Error("the demo service lost its schedule");
  const from = query.from ?? new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const to = query.to ?? dateOf(Date.parse(from) + 27 * DAY);
  const busy = await busyIntervals(t.db, therapist.id, Date.parse(from) - DAY, Date.parse(to) + 2 * DAY);
  const slots = computeSlots(slotScheduleOf(schedule), from, to, busy, now).map((slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
  }));
  return { schedule, from, to, slots };
}

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  patient = (await loadActor(t.db, t.ids.patient)) as Actor;
  therapist = (await loadActor(t.db, t.ids.therapist)) as Actor;
  const [service] = await t.db.select().from(services).where(eq(services.providerId, therapist.id));
  if (!service?.scheduleId) throw new Error("the demo therapist has no service with a schedule");
  serviceId = service.id;
  scheduleId = service.scheduleId;
  // A closed day and a day of other hours within the four weeks.
  await t.db.insert(scheduleExceptions).values([
    { scheduleId, date: dateOf(now + 3 * DAY), closed: true },
    { scheduleId, date: dateOf(now + 8 * DAY), closed: false, start: "10:15", end: "13:00" },
  ]);
  // Held and denied appointments of every length, on 15-minute steps, none overlapping another
  // (the exclusion constraints), from a day before to five weeks ahead.
  const next = random(2026);
  const made: { start: number; end: number }[] = [];
  const rows: (typeof appointments.$inferInsert)[] = [];
  const origin = Math.floor(now / DAY) * DAY - DAY;
  for (let attempt = 0; attempt < 600; attempt++) {
    const start = origin + Math.floor(next() * 36 * 96) * 15 * MINUTE;
    const duration = [15, 30, 45, 60][Math.floor(next() * 4)] as number;
    const end = start + duration * MINUTE;
    if (made.some((other) => other.start < end && other.end > start)) continue;
    made.push({ start, end });
    rows.push({
      clinicId: therapist.clinicId,
      providerId: therapist.id,
      patientId: patient.id,
      serviceId,
      name: `Held ${rows.length}`,
      description: "",
      startsAt: new Date(start),
      endsAt: new Date(end),
      duration,
      appointmentType: 1,
      status: (["requested", "accepted", "denied"] as const)[rows.length % 3],
      timeZone: "UTC",
      createdBy: therapist.id,
    });
  }
  await t.db.insert(appointments).values(rows);
});
afterAll(async () => t?.close());

describe("free slots in one statement", () => {
  const today = dateOf(now);
  const ranges: { from?: string; to?: string }[] = [
    {},
    { from: today },
    { to: dateOf(now + 20 * DAY) },
    { from: dateOf(now + 2 * DAY), to: dateOf(now + 29 * DAY) },
    { from: dateOf(now - 3 * DAY), to: today },
  ];

  // Zones far either side of UTC move the default range's first day off the UTC date.
  it.each(["Europe/Madrid", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns"])("answers what the separate reads answered, in %s", async (zone) => {
    await t.db.update(schedules).set({ timeZone: zone }).where(eq(schedules.id, scheduleId));
    for (const query of ranges) {
      const answer = await serviceSlots(t.db, patient, serviceId, query, now);
      const expected = await reference(query, zone);
      expect({ from: answer.from, to: answer.to }, JSON.stringify(query)).toEqual({ from: expected.from, to: expected.to });
      expect(answer.schedule, JSON.stringify(query)).toEqual(expected.schedule);
      expect(answer.slots, JSON.stringify(query)).toEqual(expected.slots);
    }
    // The held times do take slots away: the test is not comparing days nobody booked.
    const open = await serviceSlots(t.db, patient, serviceId, {}, now);
    const unbooked = computeSlots(slotScheduleOf(open.schedule ?? (await reference({}, zone)).schedule), open.from, open.to, [], now);
    expect(open.slots.length).toBeGreaterThan(0);
    expect(open.slots.length).toBeLessThan(unbooked.length);
  });

  it("reads the service, schedule and held times in one statement", async () => {
    const cookie = await t.loginAs("patient");
    const slots = await countStatements(t.database.pool, () => t.app.inject({ method: "GET", url: `/api/schedule-service/${serviceId}`, headers: { cookie } }));
    expect(slots.result.statusCode, slots.result.body).toBe(200);
    // The caller's identity and the module check are the platform's; the rest is this call's own.
    const own = slots.statements.filter((text) => /"?\b(services|schedules|schedule_exceptions|appointments)\b"?/.test(text));
    expect(own.length, describeStatements(slots.statements)).toBe(1);
  });

  // Each scope shape is a statement of its own, prepared per connection: each answers as before.
  it("answers each role that may read the service alike, and refuses another clinic's people", async () => {
    await t.db.update(schedules).set({ timeZone: "Europe/Madrid" }).where(eq(schedules.id, scheduleId));
    const expected = await reference({}, "Europe/Madrid");
    for (const id of [t.ids.therapist, t.ids.clinic, t.ids.admin, t.ids.patient]) {
      const actor = (await loadActor(t.db, id)) as Actor;
      for (let again = 0; again < 2; again++) {
        const answer = await serviceSlots(t.db, actor, serviceId, {}, now);
        expect(answer.slots, `${actor.email}, call ${again + 1}`).toEqual(expected.slots);
      }
    }
    const other = await makeClinic(t.db);
    for (const id of [other.therapist.id, other.patient.id, other.clinic.id]) {
      const outsider = (await loadActor(t.db, id)) as Actor;
      await expect(serviceSlots(t.db, outsider, serviceId, {}, now), outsider.email).rejects.toMatchObject({ statusCode: 403 });
    }
  });

  it("still answers 404 for a missing service before 400 for too long a range", async () => {
    const tooLong = { from: today, to: dateOf(now + SLOT_RANGE_MAX_DAYS * DAY) };
    await expect(serviceSlots(t.db, patient, 999_999, tooLong, now)).rejects.toMatchObject({ statusCode: 404 });
    await expect(serviceSlots(t.db, patient, serviceId, tooLong, now)).rejects.toMatchObject({ statusCode: 400 });
  });
});

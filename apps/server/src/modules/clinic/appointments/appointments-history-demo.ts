import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { addDays } from "../../dashboard/dashboard.service.ts";
import { appointments, services } from "./appointments.table.ts";
import { busyIntervals, getScheduleRow, slotScheduleOf } from "./schedules.service.ts";
import { clinicOfUser } from "./scope.ts";
import { isFreeSlot, zonedInstant } from "../../../platform/slots.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** One patient's standing appointment: a weekday and a wall-clock time of the therapist's schedule. */
export interface DemoVisit {
  patientId: string;
  /** 1 = Monday … 5 = Friday. */
  weekday: number;
  /** Minutes after midnight in the schedule's zone: mornings in the past, afternoons ahead. */
  past: number;
  upcoming: number;
}

export interface DemoAppointmentPlan {
  therapistId: string;
  visits: DemoVisit[];
  /** A past request the therapist turned down, with the reason. */
  denied: { patientId: string; daysBefore: number; minutes: number; reason: string };
  /** A request still waiting for the therapist. */
  waiting: { patientId: string; daysAfter: number; minutes: number; description: string };
}

/**
 * Four weeks of held appointments behind `anchor` and two ahead, a denied request and one
 * waiting, on the therapist's demo service. The booking API refuses the past, so the rows are
 * written here, each checked first to be a free slot of the schedule as the API would check it
 * (at the anchor's midnight for the upcoming ones, just before it for the past ones); the
 * exclusion constraints refuse any overlap as they do for the API. Upcoming ones start two days
 * out in the afternoon, so a walkthrough's first free morning slots stay free. No email goes out:
 * nobody booked these just now.
 */
export async function seedDemoAppointmentHistory(db: Db, anchor: string, plan: DemoAppointmentPlan): Promise<void> {
  // The demo schedule's service: the therapist's first.
  const [service] = await db.select().from(services).where(eq(services.providerId, plan.therapistId)).orderBy(asc(services.id)).limit(1);
  const schedule = service?.scheduleId ? await getScheduleRow(db, service.scheduleId) : null;
  if (!service || !schedule) throw new Error("The demo therapist has no bookable service");
  const slots = slotScheduleOf(schedule);
  const clinicId = await clinicOfUser(db, plan.therapistId);
  const anchorStart = Date.parse(`${anchor}T00:00:00Z`);

  const write = async (
    patientId: string,
    day: string,
    minutes: number,
    fields: { status: "accepted" | "requested" | "denied"; name: string; description: string; denialReason?: string },
  ) => {
    const start = zonedInstant(day, minutes, schedule.timeZone);
    if (start === null) return;
    const end = start + schedule.duration * MINUTE;
    const busy = await busyIntervals(db, plan.therapistId, start - DAY, start + DAY);
    // A denied request holds no time; a held one must be a free slot when it was asked for.
    if (fields.status !== "denied" && !isFreeSlot(slots, start, busy, Math.min(start, anchorStart) - MINUTE)) return;
    await db.insert(appointments).values({
      clinicId,
      providerId: plan.therapistId,
      patientId,
      serviceId: service.id,
      name: fields.name,
      description: fields.description,
      startsAt: new Date(start),
      endsAt: new Date(end),
      duration: schedule.duration,
      appointmentType: schedule.appointmentTypes[0] ?? 1,
      status: fields.status,
      denialReason: fields.denialReason ?? null,
      timeZone: schedule.timeZone,
      createdBy: fields.status === "accepted" ? plan.therapistId : patientId,
    });
  };

  for (let offset = -28; offset <= 14; offset += 1) {
    // Today and tomorrow stay as the clock finds them: a walkthrough books there.
    if (offset === 0 || offset === 1) continue;
    const day = addDays(anchor, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    for (const visit of plan.visits) {
      if (visit.weekday !== weekday) continue;
      await write(visit.patientId, day, offset < 0 ? visit.past : visit.upcoming, {
        status: "accepted",
        name: service.name,
        description: offset < 0 ? "Exercises checked and the plan adjusted." : "Progress review and next steps.",
      });
    }
  }
  await write(plan.denied.patientId, weekdayFrom(anchor, -plan.denied.daysBefore, -1), plan.denied.minutes, {
    status: "denied",
    name: service.name,
    description: "Could we meet earlier this week?",
    denialReason: plan.denied.reason,
  });
  await write(plan.waiting.patientId, weekdayFrom(anchor, plan.waiting.daysAfter, 1), plan.waiting.minutes, {
    status: "requested",
    name: service.name,
    description: plan.waiting.description,
  });
}

/** The first weekday (Monday to Friday) at `offset` days from `anchor` or beyond, stepping by `step`. */
function weekdayFrom(anchor: string, offset: number, step: 1 | -1): string {
  let day = addDays(anchor, offset);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, step);
  return day;
}

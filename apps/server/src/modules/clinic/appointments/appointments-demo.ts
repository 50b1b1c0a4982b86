import type { Db } from "../../../db/client.ts";
import { schedules, services } from "./appointments.table.ts";

/** The demo therapist's weekday hours and one bookable service, so the demo patients can request a time at once. */
export async function seedDemoSchedule(db: Db, therapistId: string, clinicId: string): Promise<void> {
  const [schedule] = await db
    .insert(schedules)
    .values({
      clinicId,
      providerId: therapistId,
      name: "Weekday hours",
      description: "Mornings and afternoons, Monday to Friday.",
      duration: 30,
      appointmentTypes: [1, 2, 6],
      timeZone: "Europe/Madrid",
      rules: [
        { day: "week", start: "09:00", end: "14:00" },
        { day: "week", start: "16:00", end: "19:00" },
      ],
    })
    .returning({ id: schedules.id });
  await db.insert(services).values({
    clinicId,
    providerId: therapistId,
    scheduleId: schedule?.id ?? null,
    name: "Vestibular rehabilitation",
    description: "A 30-minute session: exercises, progress review and next steps.",
  });
}

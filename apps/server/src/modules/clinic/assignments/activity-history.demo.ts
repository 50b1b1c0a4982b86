import { buildById } from "@clinic/games";
import { assignmentUpdateSchema, patientActivitiesInputSchema, replyActivitySchema } from "@clinic/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, loadActor } from "../../../platform/access.ts";
import { addDays } from "../../dashboard/dashboard.service.ts";
import { activities } from "../activities/activities.table.ts";
import { lastLevel } from "../games/games.service.ts";
import { gameSessions } from "../games/games.table.ts";
import { playDemoSession } from "../games/game-sessions.demo.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { assignToPatient, replyActivity, updateAssignment } from "./activity-assignments.service.ts";
import { giveRecommendations } from "./recommendation-assignments.service.ts";
import { assignedActivities } from "./assignments.table.ts";

/** How one demo patient follows their plan. */
export interface DemoPlanPatient {
  id: string;
  therapistId: string;
  language: "en" | "es";
  /** Platform activity names for each weekday, Sunday first; every day holds one, so any anchor day has work. */
  week: string[][];
  /** The chance of doing a past activity. */
  adherence: number;
  /** Has done nothing in the last three days (the dashboard's adherence list names them). */
  fallingBehind?: boolean;
  /** Did the first of today's activities before the first start. */
  doneToday?: boolean;
  /** Activities the patient marked favourite (their rows from today on). */
  favourites?: string[];
  /** Answer time in the games at the start of the history and at its end: they get quicker. */
  speedMs: [number, number];
  /** Platform recommendation names given to them. */
  recommendations?: string[];
}

/** Days of history before the anchor day, and of plan after it. */
export const HISTORY_DAYS = 35;
export const PLAN_DAYS = 13;

const NOTES = {
  en: ["Felt steadier today.", "A little dizzy at the start, fine after five minutes.", "Did it after lunch.", "Easier than last week."],
  es: ["Hoy me sentí más estable.", "Algo de mareo al principio, bien a los cinco minutos.", "Lo hice después de comer.", "Más fácil que la semana pasada."],
};
const INSTRUCTIONS = {
  en: ["Seated, in a quiet room.", "Stop if the dizziness lasts more than 15 minutes.", "Before dinner, with the lights on."],
  es: ["Sentada, en una habitación tranquila.", "Para si el mareo dura más de 15 minutos.", "Antes de cenar, con luz."],
};

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)] as T;
const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000);

/**
 * Five weeks of plan behind `anchor` and two ahead, for each patient: assigned by their
 * therapist through the assignment service, done (or not) by the patient through the reply
 * service, each game played by the games' own deterministic player and sent through the same
 * validation as `POST /api/replyActivity/`. A reply is stamped done when it is sent; the demo
 * then dates it to the day it was played, as a patient's would be.
 */
export async function seedDemoActivityHistory(db: Db, anchor: string, patients: DemoPlanPatient[], random: () => number): Promise<void> {
  const names = [...new Set(patients.flatMap((patient) => patient.week.flat()))];
  const rows = await db
    .select({ id: activities.id, name: activities.name, type: activities.type, gameBuildId: activities.gameBuildId })
    .from(activities)
    .where(and(inArray(activities.name, names), isNull(activities.clinicId)));
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const name of names) if (!byName.has(name)) throw new Error(`The demo catalogue has no activity "${name}"`);

  const actors = new Map<string, Actor>();
  const actorOf = async (id: string) => {
    const known = actors.get(id) ?? (await loadActor(db, id));
    if (!known) throw new Error(`No demo user ${id}`);
    actors.set(id, known);
    return known;
  };

  for (const patient of patients) {
    if (!patient.recommendations?.length) continue;
    const given = await db
      .select({ id: recommendations.id })
      .from(recommendations)
      .where(and(inArray(recommendations.name, patient.recommendations), isNull(recommendations.clinicId)));
    await giveRecommendations(
      db,
      await actorOf(patient.therapistId),
      patient.id,
      given.map((row) => row.id),
    );
  }

  // Day by day, so each game starts at the level the patient's previous session ended on.
  for (let offset = -HISTORY_DAYS; offset <= PLAN_DAYS; offset += 1) {
    const day = addDays(anchor, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const progress = (offset + HISTORY_DAYS) / HISTORY_DAYS;
    for (const patient of patients) {
      const planned = patient.week[weekday] ?? [];
      if (planned.length === 0) continue;
      const note = random() < 0.25 ? pick(INSTRUCTIONS[patient.language], random) : "";
      const { data } = await assignToPatient(
        db,
        await actorOf(patient.therapistId),
        patient.id,
        patientActivitiesInputSchema.parse({ activities: planned.map((name) => byName.get(name)?.id), date: day, duration: 15, description: note }),
      );
      const self = await actorOf(patient.id);
      for (const [index, row] of data.entries()) {
        const chance = random();
        const done =
          offset < 0
            ? patient.fallingBehind
              ? offset < -3 && chance < patient.adherence
              : chance < patient.adherence || (offset === -1 && index === 0)
            : offset === 0 && index === 0 && patient.doneToday === true;
        if (offset >= 0 && patient.favourites?.includes(row.activity.name))
          await updateAssignment(db, self, row.id, assignmentUpdateSchema.parse({ favorite: true }));
        if (!done) continue;
        // Today's was done in the morning, the past ones in the evening (UTC).
        const playedAt = at(day, (offset === 0 ? 7 * 60 : 17 * 60) + Math.floor(random() * 150));
        const activity = byName.get(row.activity.name);
        let doneAt = playedAt;
        if (activity?.type === "game" && activity.gameBuildId) {
          const build = buildById(activity.gameBuildId);
          const before = Math.max(0, Math.round(5 - 3 * progress + random() * 2));
          const game = playDemoSession({
            buildId: activity.gameBuildId,
            level: (await lastLevel(db, patient.id, activity.gameBuildId)) ?? build?.difficulty.start ?? 1,
            motion: row.motion,
            delayMs: Math.round(patient.speedMs[0] + (patient.speedMs[1] - patient.speedMs[0]) * progress + (random() - 0.5) * 80),
            startedAt: playedAt,
            dizzinessBefore: before,
            dizzinessAfter: Math.max(0, Math.min(10, before + (random() < 0.3 ? 1 : -1))),
            random,
          });
          await replyActivity(db, self, replyActivitySchema.parse({ id: row.id, game }));
          doneAt = new Date(game.endedAt);
          // It reached the clinic as it was played (online), not when the demo was written: staff
          // would otherwise read every demo session as "synced later".
          await db
            .update(gameSessions)
            .set({ createdAt: new Date(doneAt.getTime() + 2_000) })
            .where(eq(gameSessions.sessionKey, game.sessionId));
        } else {
          const result = random() < 0.3 ? { note: pick(NOTES[patient.language], random) } : {};
          await replyActivity(db, self, replyActivitySchema.parse({ id: row.id, result }));
        }
        await db.update(assignedActivities).set({ doneAt }).where(eq(assignedActivities.id, row.id));
      }
    }
  }
}

import { PUSH_TEXTS } from "@clinic/shared";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import { queuePushes } from "../../../platform/push/push-delivery.ts";
import { dailyExercisePushes, pushSubscriptions } from "../../../platform/push/push.table.ts";
import { assignedActivities } from "./assignments.table.ts";

/**
 * The daily push of "today's exercises" (issue 43.4): at the time each patient chose, in their
 * time zone, a patient with active exercises of that day still to do gets one push per device.
 * A sweep every few minutes finds who is due; each patient's day is claimed (`last_sent_on`)
 * in the transaction that queues the pushes, only where it is not claimed yet, so a second sweep,
 * a restarted node or another node's sweep of the same day sends nothing more.
 */

export const DAILY_EXERCISES_QUEUE = "push.daily-exercises";
/** Every five minutes: a push comes at most five minutes after the time chosen. */
const SWEEP_CRON = "*/5 * * * *";
const PATIENT_HOME = "/manager/patient";

export interface DailyExercisesDeps {
  db: Db;
  jobs: JobQueue;
}

/** The patient's wall clock at `at`, in their zone (`timestamptz at time zone` gives a local timestamp). */
const localNow = (at: string) => sql`(${at}::timestamptz at time zone ${dailyExercisePushes.timeZone})`;
/** The patient's exercises of `day` still to do: active (not kept back by the therapist) and not done. */
const undoneOn = (day: SQL) => and(eq(assignedActivities.done, false), eq(assignedActivities.activate, true), sql`${assignedActivities.date} = ${day}`);

/** One sweep at `now`: answers how many pushes it queued. */
export async function runDailyExercisesPush(deps: DailyExercisesDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const today = sql`${localNow(at)}::date`;
  const due = await deps.db
    .select({
      userId: dailyExercisePushes.userId,
      day: sql<string>`to_char(${today}, 'YYYY-MM-DD')`,
      // Kept by the push service until the patient's day ends: tomorrow it would be about the wrong day.
      secondsLeft: sql<number>`extract(epoch from (date_trunc('day', ${localNow(at)}) + interval '1 day' - ${localNow(at)}))::int`,
    })
    .from(dailyExercisePushes)
    .innerJoin(users, and(eq(users.id, dailyExercisePushes.userId), eq(users.isActive, true)))
    .where(
      and(
        sql`${dailyExercisePushes.remindAt} is not null`,
        sql`${localNow(at)}::time >= ${dailyExercisePushes.remindAt}`,
        sql`(${dailyExercisePushes.lastSentOn} is null or ${dailyExercisePushes.lastSentOn} < ${today})`,
        sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${dailyExercisePushes.userId})`,
        sql`exists (select 1 from ${assignedActivities} where ${assignedActivities.patientId} = ${dailyExercisePushes.userId} and ${undoneOn(today)})`,
      ),
    );
  let queued = 0;
  for (const patient of due) {
    queued += await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const claimed = await tx
        .update(dailyExercisePushes)
        .set({ lastSentOn: patient.day })
        // Only forward: a node whose clock lags behind another's around midnight cannot send a day again.
        .where(
          and(
            eq(dailyExercisePushes.userId, patient.userId),
            sql`(${dailyExercisePushes.lastSentOn} is null or ${dailyExercisePushes.lastSentOn} < ${patient.day}::date)`,
          ),
        )
        .returning({ userId: dailyExercisePushes.userId });
      if (claimed.length === 0) return 0;
      const [facts] = await tx
        .select({ language: users.language, count: count(assignedActivities.id) })
        .from(users)
        .leftJoin(assignedActivities, and(eq(assignedActivities.patientId, users.id), undoneOn(sql`${patient.day}::date`)))
        .where(eq(users.id, patient.userId))
        .groupBy(users.language);
      // Done meanwhile: the day is claimed all the same, with nothing to remind of.
      if (!facts || facts.count === 0) return 0;
      const text = PUSH_TEXTS.dailyExercises[facts.language === "es" ? "es" : "en"];
      return queuePushes(tx, deps.jobs, [
        {
          userId: patient.userId,
          payload: { title: text.title, body: text.body(facts.count), link: PATIENT_HOME, tag: `dailyExercises:${patient.day}` },
          ttlSeconds: Math.max(60, patient.secondsLeft),
        },
      ]);
    });
  }
  return queued;
}

export function registerDailyExercisesPush(deps: DailyExercisesDeps): void {
  deps.jobs.handle(DAILY_EXERCISES_QUEUE, async () => {
    await runDailyExercisesPush(deps);
  });
  deps.jobs.every(DAILY_EXERCISES_QUEUE, SWEEP_CRON);
}

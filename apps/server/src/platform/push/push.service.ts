import {
  type DailyExercisesPush,
  type DailyExercisesPushUpdate,
  PUSH_MESSAGES,
  PUSH_TEXTS,
  type PushDevice,
  type PushSubscriptionInput,
  SCHEDULE_MESSAGES,
} from "@clinic/shared";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../errors.ts";
import type { JobQueue } from "../jobs.ts";
import { PUSH_TTL_SECONDS, queuePushes } from "./push-delivery.ts";
import { endpointRefusal } from "./push-endpoints.ts";
import { dailyExercisePushes, pushSubscriptions } from "./push.table.ts";

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android", for the user to tell their devices apart; the User-Agent itself is not kept. */
export function deviceLabelOf(userAgent: string | undefined): string {
  const agent = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "";
}

type DeviceRow = typeof pushSubscriptions.$inferSelect;
const toDevice = (row: DeviceRow): PushDevice => ({
  id: row.id,
  endpoint: row.endpoint,
  deviceLabel: row.deviceLabel,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt ? row.lastSuccessAt.toISOString() : null,
});

/**
 * Subscribes the caller's browser. The endpoint identifies the browser, so subscribing it again
 * updates its row, and moves it to the caller when another user had it (a shared device now
 * signed in as someone else): a device gets the pushes of whoever subscribed it last.
 */
export async function subscribeDevice(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  allowLocalEndpoints: boolean,
): Promise<{ device: PushDevice; created: boolean }> {
  const refusal = endpointRefusal(input.endpoint, allowLocalEndpoints);
  if (refusal) throw badRequest({ endpoint: [refusal] });
  const deviceLabel = deviceLabelOf(userAgent);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, deviceLabel })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel,
        updatedAt: new Date(),
        // A delivery to the previous user's device says nothing of this user's.
        lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastSuccessAt} end`,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ ...getTableColumns(pushSubscriptions), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("The subscription was not stored.");
  const { created, ...stored } = row;
  return { device: toDevice(stored), created };
}

/** Stops pushes to one of the caller's devices; another user's endpoint is not found, as an unknown one. */
export async function unsubscribeDevice(db: Db, userId: string, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(PUSH_MESSAGES.notSubscribed);
}

export async function listDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(toDevice);
}

/** A test push to every device of the caller, in their language; answers how many were queued. */
export async function sendTestPush(db: Db, jobs: JobQueue, userId: string, language: string): Promise<number> {
  const text = PUSH_TEXTS.test[language === "es" ? "es" : "en"];
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    return queuePushes(tx, jobs, [
      { userId, payload: { title: text.title, body: text.body, link: null, tag: `pushTest:${userId}` }, ttlSeconds: PUSH_TTL_SECONDS.test },
    ]);
  });
}

// ---------------------------------------------------------------- the daily exercises push

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

export async function getDailyExercisesPush(db: Db, userId: string): Promise<DailyExercisesPush> {
  const [row] = await db.select().from(dailyExercisePushes).where(eq(dailyExercisePushes.userId, userId));
  return { time: hhmm(row?.remindAt ?? null), timeZone: row?.timeZone ?? "UTC" };
}

/** Sets (or, with a null time, switches off) the patient's daily push; the time zone is their browser's. */
export async function setDailyExercisesPush(db: Db, userId: string, update: DailyExercisesPushUpdate): Promise<DailyExercisesPush> {
  // The runtime knew the zone (the schema's check); the sweep computes in PostgreSQL, whose list of zones may differ.
  try {
    await db.execute(sql`select now() at time zone ${update.timeZone}`);
  } catch {
    throw badRequest({ timeZone: [SCHEDULE_MESSAGES.timeZone] });
  }
  await db
    .insert(dailyExercisePushes)
    .values({ userId, remindAt: update.time, timeZone: update.timeZone })
    .onConflictDoUpdate({ target: dailyExercisePushes.userId, set: { remindAt: update.time, timeZone: update.timeZone, updatedAt: new Date() } });
  return getDailyExercisesPush(db, userId);
}

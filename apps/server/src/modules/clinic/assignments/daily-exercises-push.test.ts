import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../../test/app.ts";
import { assignActivity, makeActivity, makePatient } from "../../../../test/factories.ts";
import { caller } from "../../../../test/people.ts";
import { type FakeDevice, type PushFake, startPushFake } from "../../../../test/push-fake.ts";
import { PUSH_QUEUE } from "../../../platform/push/push-delivery.ts";
import { dailyExercisePushes } from "../../../platform/push/push.table.ts";
import { DAILY_EXERCISES_QUEUE, runDailyExercisesPush } from "./daily-exercises-push.ts";

/**
 * The daily push of the day's exercises: at the patient's chosen time in their zone, once a day
 * per device, whichever node's sweep runs and however often; only on a day with exercises to do.
 */

let t: TestApp;
let fake: PushFake;
let call: ReturnType<typeof caller>;
let activityId: number;
const extraApps: FastifyInstance[] = [];

/** 2026-03-10, 17:02 in Madrid (16:02 UTC, winter time). */
const TUESDAY_AFTERNOON = new Date("2026-03-10T16:02:00Z");
const TUESDAY = "2026-03-10";

interface Patient {
  id: string;
  cookie: string;
  device: FakeDevice;
}

beforeAll(async () => {
  fake = await startPushFake();
  t = await createTestApp({ env: { PUSH_ALLOW_LOCAL_ENDPOINTS: "true" } });
  call = caller(t);
  activityId = (await makeActivity(t.db, { name: "Head turns", clinicId: null })).id;
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  // Each test counts its own pushes: what an earlier one queued goes out first.
  await t.app.jobs.drain(PUSH_QUEUE);
  fake.received.length = 0;
});

/** A patient with one subscribed device and the daily push at `time` in `timeZone`. */
async function patient(time: string | null, timeZone = "Europe/Madrid", language: "en" | "es" = "en"): Promise<Patient> {
  const made = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], { language });
  const cookie = await t.login(made.email, made.password);
  const device = fake.device("daily");
  expect((await call("POST", "/api/push/subscriptions", cookie, device.subscription)).statusCode).toBe(201);
  expect((await call("PUT", "/api/push/daily-exercises", cookie, { time, timeZone })).statusCode).toBe(200);
  return { id: made.id, cookie, device };
}

const exercise = (who: { id: string }, date = TUESDAY, values: { done?: boolean; activate?: boolean } = {}) =>
  assignActivity(t.db, { activityId, patientId: who.id, date, ...values });
const sweep = (at: Date, app: FastifyInstance = t.app) => runDailyExercisesPush({ db: app.db, jobs: app.jobs }, at);
const deliver = () => t.app.jobs.drain(PUSH_QUEUE);

describe("the daily exercises push", () => {
  it("goes once the chosen time has passed in the patient's zone, once a day per device, and again the next day", async () => {
    const who = await patient("17:00");
    const second = fake.device("tablet");
    await call("POST", "/api/push/subscriptions", who.cookie, second.subscription);
    await exercise(who);
    await exercise(who);

    // 16:59 in Madrid: not yet.
    expect(await sweep(new Date("2026-03-10T15:59:00Z"))).toBe(0);
    expect(await sweep(TUESDAY_AFTERNOON)).toBe(2);
    // Later the same day: already sent.
    expect(await sweep(new Date("2026-03-10T20:00:00Z"))).toBe(0);
    expect(await deliver()).toBe(2);
    const [push] = fake.pushesTo(who.device);
    expect(who.device.read(push as never)).toEqual({
      title: "Today's exercises",
      body: "You have 2 exercises to do today.",
      link: "/manager/patient",
      tag: `dailyExercises:${TUESDAY}`,
    });
    // Kept by the push service until the patient's day ends (17:02 → midnight in Madrid).
    expect(Number(push?.headers.ttl)).toBe(6 * 3600 + 58 * 60);
    expect(fake.pushesTo(second)).toHaveLength(1);

    // Wednesday, with an exercise of its own.
    await exercise(who, "2026-03-11");
    expect(await sweep(new Date("2026-03-11T16:30:00Z"))).toBe(2);
    const [row] = await t.db.select().from(dailyExercisePushes).where(eq(dailyExercisePushes.userId, who.id));
    expect(row?.lastSentOn).toBe("2026-03-11");
  });

  it("counts the day in the patient's own zone", async () => {
    // 16:02 UTC is already 01:02 of Wednesday in Tokyo.
    const who = await patient("01:00", "Asia/Tokyo", "es");
    await exercise(who, "2026-03-11");
    expect(await sweep(TUESDAY_AFTERNOON)).toBe(1);
    await deliver();
    expect(who.device.read(fake.pushesTo(who.device)[0] as never)).toMatchObject({
      title: "Ejercicios de hoy",
      body: "Tiene 1 ejercicio para hoy.",
      tag: "dailyExercises:2026-03-11",
    });
  });

  it("stays silent on a day with nothing to do: no exercises, all done, or kept back by the therapist; and when switched off", async () => {
    const idle = await patient("09:00");
    const finished = await patient("09:00");
    await exercise(finished, TUESDAY, { done: true });
    const keptBack = await patient("09:00");
    await exercise(keptBack, TUESDAY, { activate: false });
    const off = await patient(null);
    await exercise(off);
    expect(await sweep(TUESDAY_AFTERNOON)).toBe(0);
    expect(await deliver()).toBe(0);
    // A day without anything to do is not claimed: exercises assigned later that day still get their push.
    await exercise(idle);
    expect(await sweep(TUESDAY_AFTERNOON)).toBe(1);
  });

  it("is sent once however many sweeps run at once on however many nodes", async () => {
    const who = await patient("08:00");
    await exercise(who);
    const nodes = [t.app, await node(), await node()];
    const queued = await Promise.all([...nodes, ...nodes].map((app) => sweep(TUESDAY_AFTERNOON, app)));
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await deliver()).toBe(1);
    expect(fake.pushesTo(who.device)).toHaveLength(1);
  });

  it("runs as a scheduled job: the same slot's job run twice, after a restart on another node, sends once", async () => {
    // Today, in UTC, from midnight: due now whenever the test runs.
    const who = await patient("00:00", "UTC");
    await exercise(who, new Date().toISOString().slice(0, 10));
    await t.app.jobs.send(DAILY_EXERCISES_QUEUE, {});
    await t.app.jobs.send(DAILY_EXERCISES_QUEUE, {});
    const restarted = await node();
    expect(await restarted.jobs.drain(DAILY_EXERCISES_QUEUE)).toBe(2);
    expect(await deliver()).toBe(1);
    expect(fake.pushesTo(who.device)).toHaveLength(1);
  });
});

async function node(): Promise<FastifyInstance> {
  const app = await appNode(t, false);
  extraApps.push(app);
  return app;
}

import type { Appointment } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeActivity, makePatient } from "../../../test/factories.ts";
import { caller } from "../../../test/people.ts";
import { type FakeDevice, type PushFake, startPushFake } from "../../../test/push-fake.ts";
import type { Db } from "../../db/client.ts";
import { DELIVER_QUEUE } from "../../modules/messages/messages.service.ts";
import { PUSH_QUEUE } from "./push-delivery.ts";
import { pushSubscriptions } from "./push.table.ts";

/**
 * What is pushed, to a fake push service on this machine: a notification the recipient takes by
 * email goes once to each of their devices, encrypted for it and signed with the server's VAPID
 * key; a device the push service calls gone is forgotten; nothing goes to those who chose otherwise.
 */

let t: TestApp;
let fake: PushFake;
let call: ReturnType<typeof caller>;
let therapist: string;
let activityId: number;
let publicKey: string;

interface Patient {
  id: string;
  cookie: string;
}

beforeAll(async () => {
  fake = await startPushFake();
  t = await createTestApp({ env: { PUSH_ALLOW_LOCAL_ENDPOINTS: "true", REMINDER_HOURS: "24" } });
  call = caller(t);
  therapist = await t.loginAs("therapist");
  activityId = (await makeActivity(t.db, { name: "Gaze stabilisation", clinicId: null })).id;
  publicKey = (await call("GET", "/api/push/key", therapist)).json().publicKey;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

/** A patient of the demo therapist, signed in; `assignedByEmail`: they chose to get new activities by email (so by push too). */
async function patient(options: { assignedByEmail?: boolean; language?: "en" | "es" } = {}): Promise<Patient> {
  const made = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], { language: options.language ?? "en" });
  const cookie = await t.login(made.email, made.password);
  if (options.assignedByEmail) {
    expect((await call("PUT", "/api/notifications/preferences", cookie, { email: { activityAssigned: true } })).statusCode).toBe(200);
  }
  return { id: made.id, cookie };
}

async function subscribe(who: Patient, device: FakeDevice): Promise<void> {
  const response = await call("POST", "/api/push/subscriptions", who.cookie, device.subscription);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function assign(who: Patient): Promise<void> {
  const day = new Date().toLocaleDateString("en-CA");
  const response = await call("POST", `/api/patients-activities/${who.id}`, therapist, { activities: [activityId], date: day, duration: 10, description: "" });
  expect(response.statusCode, response.body).toBe(201);
}

const deliver = () => t.app.jobs.drain(PUSH_QUEUE);
const devicesOf = async (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("a new assignment", () => {
  it("pushes once to each device: two devices get one push each, a device subscribed twice gets one", async () => {
    const who = await patient({ assignedByEmail: true });
    const phone = fake.device("phone");
    const laptop = fake.device("laptop");
    await subscribe(who, phone);
    await subscribe(who, laptop);
    await subscribe(who, phone);
    await assign(who);

    expect(await deliver()).toBe(2);
    expect(fake.pushesTo(phone)).toHaveLength(1);
    expect(fake.pushesTo(laptop)).toHaveLength(1);
    expect(fake.received).toHaveLength(2);
    // Nothing left behind to send again.
    expect(await deliver()).toBe(0);

    const [push] = fake.pushesTo(phone);
    if (!push) throw new Error("no push");
    // RFC 8291 encryption, RFC 8292 VAPID: signed with the key the browsers subscribed with.
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.ttl).toBe("86400");
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(push.body.length).toBeGreaterThan(0);
    const payload = phone.read(push);
    expect(payload).toEqual({
      title: "New activities assigned",
      body: expect.stringContaining("assigned you: Gaze stabilisation."),
      link: "/manager/patient",
      tag: expect.stringMatching(/^activityAssigned:\d+$/),
    });
    expect(Object.keys(payload).sort()).toEqual(["body", "link", "tag", "title"]);
    expect(laptop.read(fake.pushesTo(laptop)[0] as never).tag).toBe(payload.tag);
    // The push service took it: the device's last success is recorded.
    expect((await devicesOf(who.id)).every((row) => row.lastSuccessAt !== null)).toBe(true);
  });

  it("pushes nothing to a patient who does not take new activities by email (the default), nor after turning it off", async () => {
    const quiet = await patient();
    const device = fake.device();
    await subscribe(quiet, device);
    await assign(quiet);

    const changed = await patient({ assignedByEmail: true });
    const other = fake.device();
    await subscribe(changed, other);
    await call("PUT", "/api/notifications/preferences", changed.cookie, { email: { activityAssigned: false } });
    await assign(changed);

    expect(await deliver()).toBe(0);
    expect(fake.received).toHaveLength(0);
  });

  it("is written in the patient's language", async () => {
    const who = await patient({ assignedByEmail: true, language: "es" });
    const device = fake.device();
    await subscribe(who, device);
    await assign(who);
    await deliver();
    const [push] = fake.pushesTo(device);
    expect(device.read(push as never)).toMatchObject({
      title: "Nuevas actividades asignadas",
      body: expect.stringContaining("le ha asignado: Gaze stabilisation."),
    });
  });
});

describe("the push service's answers", () => {
  it("forgets a device the push service calls gone (410 or 404), and keeps the others", async () => {
    const who = await patient({ assignedByEmail: true });
    const gone = fake.device("gone");
    const expired = fake.device("expired");
    const kept = fake.device("kept");
    for (const device of [gone, expired, kept]) await subscribe(who, device);
    fake.answer(gone, 410);
    fake.answer(expired, 404);
    await assign(who);

    expect(await deliver()).toBe(3);
    expect((await devicesOf(who.id)).map((row) => row.endpoint)).toEqual([kept.subscription.endpoint]);
    // The next notification reaches the device left only.
    fake.received.length = 0;
    await assign(who);
    await deliver();
    expect(fake.received.map((push) => push.path)).toEqual([kept.path]);
  });

  it("tries again later when the push service is down (5xx), keeping the device", async () => {
    const who = await patient({ assignedByEmail: true });
    const device = fake.device("busy");
    await subscribe(who, device);
    fake.answer(device, 503);
    await assign(who);
    expect(await deliver()).toBe(1);
    expect(fake.pushesTo(device)).toHaveLength(1);
    expect(await devicesOf(who.id)).toHaveLength(1);
    // pg-boss keeps the failed job for a retry after its backoff, not at once.
    const [job] = (await t.db.execute<{ state: string }>(sql`select state from pgboss.job where name = ${PUSH_QUEUE} order by created_on desc limit 1`)).rows;
    expect(job?.state).toBe("retry");
  });
});

describe("what else is pushed", () => {
  it("a push the event's transaction rolls back never goes", async () => {
    const who = await patient({ assignedByEmail: true });
    await subscribe(who, fake.device());
    await t.db
      .transaction(async (tx) => {
        await t.app.notifier.notify(tx as unknown as Db, [who.id], { kind: "activityAssigned", params: { items: "X" }, sentBy: t.ids.therapist });
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(await deliver()).toBe(0);
  });

  it("the appointment booked and its reminder, to the patient's devices (appointment kinds come by email by default)", async () => {
    const who = await patient();
    const device = fake.device("calendar");
    await subscribe(who, device);
    const start = new Date(Date.now() + 5 * 3_600_000);
    start.setUTCMinutes(start.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
    const booked = await call("POST", "/api/appointment/", therapist, {
      name: "Balance session",
      description: "Therapy",
      start: start.toISOString(),
      duration: 30,
      appointmentType: 1,
      patientId: who.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json() as Appointment;
    await t.app.jobs.drain("appointment.reminder");
    expect(await deliver()).toBe(2);
    const payloads = fake.pushesTo(device).map((push) => device.read(push));
    expect(payloads.map((payload) => payload.tag).sort()).toEqual([expect.stringMatching(/^appointmentBooked:\d+$/), `appointmentReminder:${appointment.id}`]);
    const reminder = payloads.find((payload) => payload.tag.startsWith("appointmentReminder"));
    expect(reminder).toMatchObject({ title: expect.stringMatching(/^Reminder: Balance session, /), link: "/manager/admin/appointments" });
    // Kept by the push service no longer than until the appointment starts.
    const reminderPush = fake.pushesTo(device).find((push) => device.read(push).tag.startsWith("appointmentReminder"));
    expect(Number(reminderPush?.headers.ttl)).toBeLessThanOrEqual(5 * 3600 + 1800);
    expect(reminderPush?.headers.urgency).toBe("high");
  });

  it("a message from the clinic, to those who take messages by email (the default)", async () => {
    const who = await patient();
    const device = fake.device("inbox");
    await subscribe(who, device);
    const clinic = await t.loginAs("clinic");
    const sent = await call("POST", "/api/messages/", clinic, { subject: "Closed on Monday", body: "<p>See you on Tuesday.</p>", users: [who.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.jobs.drain(DELIVER_QUEUE);
    await deliver();
    const [push] = fake.pushesTo(device);
    expect(device.read(push as never)).toMatchObject({ title: "Closed on Monday", body: "See you on Tuesday.", tag: expect.stringMatching(/^message:\d+$/) });
  });

  it("a test push, on the caller's asking, to each of their devices", async () => {
    const who = await patient();
    const devices = [fake.device(), fake.device()];
    for (const device of devices) await subscribe(who, device);
    expect((await call("POST", "/api/push/test", who.cookie)).json()).toEqual({ queued: 2 });
    expect(await deliver()).toBe(2);
    for (const device of devices) {
      expect(device.read(fake.pushesTo(device)[0] as never)).toEqual({
        title: "Test notification",
        body: "Push notifications work on this device.",
        link: null,
        tag: `pushTest:${who.id}`,
      });
    }
  });
});

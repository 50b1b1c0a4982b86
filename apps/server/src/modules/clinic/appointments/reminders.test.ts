import type { Appointment } from "@clinic/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../../test/app.ts";
import { caller } from "../../../../test/people.ts";
import { mailMessages } from "../../../platform/mail.table.ts";
import { appointments } from "./appointments.table.ts";

/**
 * Reminders go out `REMINDER_HOURS` before an accepted appointment, from pg-boss jobs that
 * survive a restart of the app and that several nodes may run: each is sent exactly once.
 */

const HOUR = 3_600_000;
let t: TestApp;
let call: ReturnType<typeof caller>;
let therapist: string;
const extraApps: FastifyInstance[] = [];

/** Another app node on the same database (a restart, or a second node), its worker on or off. */
async function node(worker: boolean): Promise<FastifyInstance> {
  const app = await appNode(t, worker);
  extraApps.push(app);
  return app;
}

async function reminders(appointmentId: number) {
  const rows = await t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, "appointment.reminder"), eq(mailMessages.to, "patient1@example.com")));
  return rows.filter((row) => row.attachments?.[0]?.content.includes(`UID:appointment-${appointmentId}@`));
}

/** Waits (polling) until `check` holds; fails after `seconds`. Not a timing assertion: only a bound on waiting. */
async function eventually(check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("Condition not reached in time");
}

/** A half-hour boundary `hours` from now. */
function inHours(hours: number): string {
  const date = new Date(Date.now() + hours * HOUR);
  date.setUTCMinutes(date.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
  return date.toISOString();
}

async function book(start: string): Promise<Appointment> {
  const response = await call("POST", "/api/appointment/", therapist, {
    name: "Session",
    description: "Therapy",
    start,
    duration: 30,
    appointmentType: 1,
    patientId: t.ids.patient,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({ env: { REMINDER_HOURS: "24" } });
  call = caller(t);
  therapist = await t.loginAs("therapist");
});

afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

describe("appointment reminders", () => {
  it("are sent exactly once across a restart, by whichever node works the queue", async () => {
    // Due now (the appointment is within 24 h); this node only enqueues, then stops.
    const appointment = await book(inHours(5));
    await t.app.close();
    expect(await reminders(appointment.id)).toHaveLength(0);

    // After the restart, a node with a worker picks the job up by itself.
    await node(true);
    await eventually(async () => (await reminders(appointment.id)).length > 0);

    // More nodes, and the same job delivered again (as pg-boss does when a node dies after
    // sending but before marking the job done): still one reminder.
    const second = await node(false);
    await second.jobs.send("appointment.reminder", { id: appointment.id, start: appointment.start });
    await second.jobs.send("appointment.reminder", { id: appointment.id, start: appointment.start });
    expect(await second.jobs.drain("appointment.reminder")).toBe(2);
    await node(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = await reminders(appointment.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Reminder: Session, \d{4}-\d{2}-\d{2}, \d{2}:\d{2} (AM|PM) \(UTC\)$/);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row?.reminderSentFor?.toISOString()).toBe(appointment.start);
    // The nodes stop: the next tests run their jobs by hand, so no worker races them.
    for (const app of extraApps.splice(0)) await app.close();
  });

  it("wait until the reminder time, and a moved appointment gets one for its new time only", async () => {
    const app = await node(false);
    // Sessions live in PostgreSQL: the cookie of the first node works on every node.
    const cookie = therapist;
    const later = await app.inject({
      method: "POST",
      url: "/api/appointment/",
      headers: { cookie },
      payload: { name: "Later", description: "Far ahead", start: inHours(72), duration: 30, appointmentType: 1, patientId: t.ids.patient2 },
    });
    expect(later.statusCode).toBe(201);
    const far = later.json() as Appointment;
    await app.jobs.drain("appointment.reminder");
    const farMails = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "appointment.reminder"), eq(mailMessages.to, "patient2@example.com")));
    expect(farMails).toHaveLength(0);

    // Moved to within 24 h: the job for the new time is due; the old one (72 h) never sends.
    const moved = await app.inject({ method: "PUT", url: `/api/appointment-detail/${far.id}`, headers: { cookie }, payload: { start: inHours(10) } });
    expect(moved.statusCode).toBe(200);
    await app.jobs.drain("appointment.reminder");
    await app.jobs.drain("appointment.reminder");
    const sent = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "appointment.reminder"), eq(mailMessages.to, "patient2@example.com")));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain("Recordatorio: Later");
  });

  it("are not sent for a cancelled appointment", async () => {
    const app = await node(false);
    // Sessions live in PostgreSQL: the cookie of the first node works on every node.
    const cookie = therapist;
    const created = await app.inject({
      method: "POST",
      url: "/api/appointment/",
      headers: { cookie },
      payload: { name: "Cancelled", description: "Will not happen", start: inHours(30 - 24 + 2), duration: 30, appointmentType: 1, patientId: t.ids.patient2 },
    });
    const id = (created.json() as Appointment).id;
    expect((await app.inject({ method: "DELETE", url: `/api/appointment-detail/${id}`, headers: { cookie } })).statusCode).toBe(204);
    await app.jobs.drain("appointment.reminder");
    const sent = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "appointment.reminder"), eq(mailMessages.to, "patient2@example.com")));
    expect(sent.filter((row) => row.subject.includes("Cancelled"))).toHaveLength(0);
  });
});

import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../test/app.ts";
import { makeTherapist } from "../../../test/factories.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventTasks } from "./events.table.ts";
import { runTaskReminders, TASK_REMINDER_KIND, TASK_REMINDERS_QUEUE } from "./task-reminders.ts";

/**
 * Overdue checklist tasks remind their owners once a day (issue 37.5): one email per owner with
 * all their overdue tasks, in their language, however many sweeps run, on however many nodes.
 */

let t: TestApp;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await t?.close();
});

/** A day `offset` days from today in Madrid (the fixture's events' zone). */
const madridDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });

const remindersTo = (emails: string[]) =>
  t.db
    .select({ to: mailMessages.to, subject: mailMessages.subject, text: mailMessages.text, html: mailMessages.html })
    .from(mailMessages)
    .where(and(inArray(mailMessages.to, emails), eq(mailMessages.kind, TASK_REMINDER_KIND)));

async function sweep(app: FastifyInstance = t.app): Promise<void> {
  await app.jobs.send(TASK_REMINDERS_QUEUE, {});
  await app.jobs.drain(TASK_REMINDERS_QUEUE);
}

const depsOf = (app: FastifyInstance) => ({ db: app.db, mailer: app.mailer, jobs: app.jobs, enabled: async () => true });

describe("overdue task reminders", () => {
  it("email each owner once a day, listing their overdue tasks, in their language, with the event's page", async () => {
    const english = await makeTherapist(t.db, t.ids.clinic, { nombres: "Ann", apellidos: "Lee" });
    const spanish = await makeTherapist(t.db, t.ids.clinic, { nombres: "Lucía", apellidos: "Gómez", language: "es" });
    const bystander = await makeTherapist(t.db, t.ids.clinic, { nombres: "Ben" });
    const first = await makeEvent(t.db, t.ids.clinic, { title: "Balance basics" });
    const second = await makeEvent(t.db, t.ids.clinic, { title: "Dizziness course" });
    const cancelled = await makeEvent(t.db, t.ids.clinic, { state: "cancelled" });
    await t.db.insert(eventTasks).values([
      { eventId: first.id, title: "Book the room", ownerId: english.id, dueOn: madridDay(-3) },
      { eventId: second.id, title: "Order the materials", ownerId: english.id, dueOn: madridDay(-1) },
      { eventId: first.id, title: "Confirm the speaker", ownerId: spanish.id, dueOn: madridDay(-2) },
      // Not reminded: due today, not due, done, of a cancelled event, or no owner.
      { eventId: first.id, title: "Due today", ownerId: bystander.id, dueOn: madridDay(0) },
      { eventId: first.id, title: "No day", ownerId: bystander.id },
      { eventId: first.id, title: "Done", ownerId: bystander.id, dueOn: madridDay(-5), doneAt: new Date(), doneBy: t.ids.clinic },
      { eventId: cancelled.id, title: "Cancelled event", ownerId: bystander.id, dueOn: madridDay(-5) },
      { eventId: first.id, title: "Nobody's", dueOn: madridDay(-5) },
    ]);

    await sweep();
    await sweep();
    expect(await runTaskReminders(depsOf(t.app))).toBe(0);

    const mails = await remindersTo([english.email, spanish.email, bystander.email]);
    expect(mails.map((mail) => mail.to).sort()).toEqual([english.email, spanish.email].sort());
    const toEnglish = mails.find((mail) => mail.to === english.email);
    expect(toEnglish?.subject).toBe("Overdue tasks: 2");
    expect(toEnglish?.text).toContain("Hello Ann Lee,");
    expect(toEnglish?.text).toContain(`Book the room (Balance basics), due ${madridDay(-3)}`);
    expect(toEnglish?.text).toContain(`Order the materials (Dizziness course), due ${madridDay(-1)}`);
    expect(toEnglish?.text).toContain(`/event/app/events/${first.id}`);
    expect(toEnglish?.html).toContain(`/event/app/events/${second.id}`);
    const toSpanish = mails.find((mail) => mail.to === spanish.email);
    expect(toSpanish?.subject).toBe("Tareas vencidas: 1");
    expect(toSpanish?.text).toContain("Hola, Lucía Gómez:");
    expect(toSpanish?.text).toContain(`Confirm the speaker (Taller`);

    // The next day (as if yesterday's sweep had claimed them): one more each, still once.
    await t.db.execute(sql`update event_tasks set reminded_on = current_date - 1 where reminded_on = current_date`);
    await sweep();
    await sweep();
    expect(await remindersTo([english.email, spanish.email])).toHaveLength(4);

    // Done since: no more reminders.
    await t.db.execute(sql`update event_tasks set reminded_on = current_date - 1 where reminded_on = current_date`);
    await t.db.update(eventTasks).set({ doneAt: new Date() }).where(eq(eventTasks.ownerId, spanish.id));
    await sweep();
    const third = await remindersTo([english.email, spanish.email]);
    expect(third.filter((mail) => mail.to === english.email)).toHaveLength(3);
    expect(third.filter((mail) => mail.to === spanish.email)).toHaveLength(2);
  });

  it("claim each day's reminders once across two nodes sweeping at the same time, and across a restart", async () => {
    const owner = await makeTherapist(t.db, t.ids.clinic, { nombres: "Nodes" });
    const event = await makeEvent(t.db, t.ids.clinic);
    await t.db
      .insert(eventTasks)
      .values(Array.from({ length: 5 }, (_, index) => ({ eventId: event.id, title: `Task ${index}`, ownerId: owner.id, dueOn: madridDay(-1 - index) })));
    const a = await appNode(t, false);
    const b = await appNode(t, false);
    nodes.push(a, b);
    const sent = await Promise.all([runTaskReminders(depsOf(a)), runTaskReminders(depsOf(b)), runTaskReminders(depsOf(a)), runTaskReminders(depsOf(b))]);
    // Each sweep claims every overdue task it finds: the other owners' tasks were claimed today already.
    expect(sent.reduce((sum, one) => sum + one, 0)).toBe(1);
    const mails = await remindersTo([owner.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Overdue tasks: 5");

    // The first node restarts: its sweep, and the job run on both nodes, find nothing new today.
    await t.app.close();
    const restarted = await appNode(t, false);
    nodes.push(restarted);
    await sweep(restarted);
    await sweep(b);
    expect(await remindersTo([owner.email])).toHaveLength(1);
  });

  it("send nothing while the module is off", async () => {
    const owner = await makeTherapist(t.db, t.ids.clinic, { nombres: "Off" });
    const event = await makeEvent(t.db, t.ids.clinic);
    await t.db.insert(eventTasks).values({ eventId: event.id, title: "Late", ownerId: owner.id, dueOn: madridDay(-2) });
    const node = nodes[0] as FastifyInstance;
    expect(await runTaskReminders({ ...depsOf(node), enabled: async () => false })).toBe(0);
    const [row] = await t.db.select().from(eventTasks).where(eq(eventTasks.ownerId, owner.id));
    expect(row?.remindedOn).toBeNull();
    expect(await runTaskReminders(depsOf(node))).toBe(1);
  });
});

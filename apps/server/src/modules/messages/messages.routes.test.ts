import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makePatient } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import type { Db } from "../../db/client.ts";
import { auditEvents, users } from "../../db/schema.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { mailMessages, mailPacing } from "../../platform/mail.table.ts";
import { notifications, notificationSettings } from "../../platform/notifications.table.ts";
import { DELIVER_QUEUE, deliverMessage, type MessageDeps } from "./messages.service.ts";
import { messageRecipients, messages } from "./messages.table.ts";

let t: TestApp;
let r: RoleCalls;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
});
afterAll(() => t.close());
// Each test starts with no message and no job left by the one before.
beforeEach(async () => {
  await t.db.delete(messages);
  await t.app.jobs.drain(DELIVER_QUEUE);
  await t.db.delete(notifications);
  await t.db.delete(mailMessages);
  await t.db.delete(mailPacing);
});

const message = (change: Record<string, unknown> = {}) => ({ subject: "Holiday hours", body: "<p>We are <strong>closed</strong> on Monday.</p>", ...change });
const deliver = () => t.app.jobs.drain(DELIVER_QUEUE);
const messageCount = async () => (await t.db.select({ n: count() }).from(messages))[0]?.n;
/** Who got a message notification, by user id. */
async function notified(): Promise<string[]> {
  const rows = await t.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.kind, "message"));
  return rows.map((row) => row.userId).sort();
}
const sorted = (...ids: string[]) => [...ids].sort();

describe("sending (per role)", () => {
  it("an admin writes to the therapists: each active therapist gets one notification, the sent list counts them, and it is audited", async () => {
    const response = await r.send("admin", "POST", "/api/messages/", message({ roles: ["therapist"] }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      subject: "Holiday hours",
      roles: ["therapist"],
      state: "sending",
      recipients: null,
      delivered: 0,
      sentBy: { id: t.ids.admin },
    });
    // The request only queued the work.
    expect(await notified()).toEqual([]);
    expect(await deliver()).toBe(1);
    expect(await notified()).toEqual(sorted(t.ids.therapist, r.other.therapist.id));
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, t.ids.therapist));
    expect(note).toMatchObject({ subject: "Holiday hours", message: "We are closed on Monday.", sentBy: t.ids.admin });
    const [listed] = (await r.send("admin", "GET", "/api/messages/")).json().data;
    expect(listed).toMatchObject({ id: created.id, state: "sent", recipients: 2, delivered: 2, emailsSent: 0, emailsFailed: 0 });
    expect(listed.sentAt).not.toBeNull();
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "message.create"));
    expect(audit).toHaveLength(1);
  });

  it("a clinic reaches only its own people: its patients by role, never another clinic's", async () => {
    const response = await r.send("clinic", "POST", "/api/messages/", message({ roles: ["patient"] }));
    expect(response.statusCode, response.body).toBe(201);
    await deliver();
    const own = await t.db.select({ id: users.id }).from(users).where(eq(users.clinicId, t.ids.clinic));
    const ownPatients = (await notified()).filter((id) => own.some((row) => row.id === id));
    expect(await notified()).toEqual(ownPatients);
    expect(await notified()).toEqual(expect.arrayContaining([t.ids.patient, t.ids.patient2]));
    expect(await notified()).not.toContain(r.other.patient.id);
  });

  it("a therapist reaches their own patients; the clinic's list and the admin's show what each sent", async () => {
    const notTheirs = await makePatient(t.db, t.ids.clinic);
    expect((await r.send("therapist", "POST", "/api/messages/", message({ roles: ["patient"] }))).statusCode).toBe(201);
    await deliver();
    expect(await notified()).toEqual(sorted(t.ids.patient, t.ids.patient2));
    expect(await notified()).not.toContain(notTheirs.id);
    expect((await r.send("therapist", "GET", "/api/messages/")).json().total).toBe(1);
    expect((await r.send("clinic", "GET", "/api/messages/")).json().total).toBe(0);
    expect((await r.send("admin", "GET", "/api/messages/")).json().total).toBe(1);
  });

  it("an admin writes to a clinic (the account and its people), to a group and to chosen people", async () => {
    const response = await r.send("admin", "POST", "/api/messages/", message({ clinics: [r.other.clinic.id], users: [t.ids.patient] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().clinics).toEqual([{ id: r.other.clinic.id, name: expect.any(String) }]);
    await deliver();
    expect(await notified()).toEqual(sorted(r.other.clinic.id, r.other.therapist.id, r.other.patient.id, t.ids.patient));
    await t.db.delete(notifications);
    expect((await r.send("admin", "POST", "/api/messages/", message({ groups: [2] }))).statusCode).toBe(201);
    await deliver();
    expect(await notified()).toEqual(sorted(t.ids.clinic, r.other.clinic.id));
  });

  it("inactive people are passed over; the reach preview counts as sending would", async () => {
    const away = await makePatient(t.db, t.ids.clinic, [], { isActive: false });
    const reach = await r.send("clinic", "POST", "/api/messages/reach", { roles: ["patient"] });
    expect(reach.statusCode, reach.body).toBe(200);
    const patients = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users u join user_groups g on g.user_id = u.id and g.group_id = 1 where u.clinic_id = ${t.ids.clinic} and u.is_active`,
    );
    expect(reach.json()).toEqual({ recipients: patients.rows[0]?.n });
    await r.send("clinic", "POST", "/api/messages/", message({ users: [away.id, t.ids.patient] }));
    await deliver();
    expect(await notified()).toEqual([t.ids.patient]);
  });

  it("keeps the body's allowed markup and drops images, which most recipients could not open", async () => {
    const body = '<p>See <a href="https://example.com/plan">the plan</a><img src="/api/uploads/1/file"></p>';
    const created = (await r.send("admin", "POST", "/api/messages/", message({ roles: ["therapist"], body }))).json();
    expect(created.body).toContain('href="https://example.com/plan"');
    expect(created.body).not.toContain("<img");
    expect(
      (await r.send("admin", "POST", "/api/messages/", message({ roles: ["therapist"], body: '<p><img src="/api/uploads/1/file"></p>' }))).statusCode,
    ).toBe(400);
  });

  it("the recipient picker lists the sender's own people only", async () => {
    const mine = (await r.send("therapist", "GET", "/api/messages/recipients?rowsPerPage=100")).json();
    expect(mine.data.map((row: { id: string }) => row.id).sort()).toEqual(sorted(t.ids.patient, t.ids.patient2));
    expect(mine.data[0]).toMatchObject({ role: "patient", email: expect.any(String), name: expect.any(String) });
    const searched = (await r.send("clinic", "GET", "/api/messages/recipients?q=Paula")).json();
    expect(searched.data.map((row: { id: string }) => row.id)).toEqual([t.ids.patient2]);
  });
});

describe("round trips", () => {
  it("the sent list, its counts and names included, and the recipient picker are one statement each", async () => {
    await r.send("admin", "POST", "/api/messages/", message({ roles: ["therapist"], clinics: [t.ids.clinic], users: [t.ids.patient], email: true }));
    await deliver();
    for (const url of ["/api/messages/", "/api/messages/recipients?q=a"]) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("admin", "GET", url));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
    }
  });
});

describe("bad input: a clear error and nothing written", () => {
  const refused = async (who: Parameters<RoleCalls["send"]>[0], body: unknown, status: number) => {
    const response = await r.send(who, "POST", "/api/messages/", body);
    expect(response.statusCode, response.body).toBe(status);
    expect(await messageCount()).toBe(0);
    return response.json();
  };

  it("a message to nobody, or to no one the sender manages", async () => {
    expect(await refused("admin", message(), 400)).toHaveProperty("roles");
    // A clinic has no administrators among its people.
    expect((await refused("clinic", message({ roles: ["admin"] }), 400)).roles).toEqual(["No one you can write to matches these recipients."]);
  });

  it("a time in the past, HTML with a script, an empty body, an unknown field", async () => {
    expect(await refused("admin", message({ roles: ["patient"], sendAt: new Date(Date.now() - 60_000).toISOString() }), 400)).toHaveProperty("sendAt");
    expect(await refused("admin", message({ roles: ["patient"], body: "<p>Hi</p><script>alert(1)</script>" }), 400)).toHaveProperty("body");
    expect(await refused("admin", message({ roles: ["patient"], body: "<p> </p>" }), 400)).toHaveProperty("body");
    expect(await refused("admin", message({ roles: ["patient"], subject: "  " }), 400)).toHaveProperty("subject");
    expect(await refused("admin", message({ roles: ["patient"], priority: "high" }), 400)).toBeDefined();
  });

  it("unknown groups, users and clinics are named by field", async () => {
    expect(await refused("admin", message({ groups: [999] }), 400)).toHaveProperty("groups");
    expect(await refused("admin", message({ users: ["00000000-0000-4000-8000-000000000000"] }), 400)).toHaveProperty("users");
    expect(await refused("admin", message({ clinics: [t.ids.patient] }), 400)).toHaveProperty("clinics");
    expect(await refused("admin", message({ roles: ["patient", "patient"] }), 400)).toHaveProperty("roles");
  });

  it("a clinic messaging another clinic's people, or whole clinics or groups; a therapist writing to patients not theirs; a patient", async () => {
    expect((await refused("clinic", message({ users: [r.other.patient.id] }), 403)).detail).toMatch(/people you manage/);
    expect(await refused("clinic", message({ clinics: [t.ids.clinic] }), 403)).toHaveProperty("detail");
    expect(await refused("clinic", message({ groups: [1] }), 403)).toHaveProperty("detail");
    const notTheirs = await makePatient(t.db, t.ids.clinic);
    await refused("therapist", message({ users: [notTheirs.id] }), 403);
    await refused("patient", message({ users: [t.ids.therapist] }), 403);
    await refused(null, message({ roles: ["patient"] }), 401);
  });
});

describe("scheduled messages", () => {
  it("waits for its time, reads its audience then, and can be cancelled only before it starts", async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = (await r.send("clinic", "POST", "/api/messages/", message({ roles: ["patient"], sendAt }))).json();
    expect(created).toMatchObject({ state: "scheduled", sendAt });
    // Not due: the queue has nothing to run yet.
    expect(await deliver()).toBe(0);
    const other = (await r.send("admin", "POST", "/api/messages/", message({ roles: ["patient"], sendAt }))).json();
    const cancelled = await r.send("clinic", "POST", `/api/messages/${created.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toBe("cancelled");
    // Someone else's message is not the clinic's to see or cancel.
    expect((await r.send("clinic", "POST", `/api/messages/${other.id}/cancel`)).statusCode).toBe(404);
    // Run at its time, the cancelled one reaches no one.
    await deliverMessage(depsOf(), created.id);
    expect(await notified()).toEqual([]);
    await deliverMessage(depsOf(), other.id);
    expect((await r.send("admin", "POST", `/api/messages/${other.id}/cancel`)).statusCode).toBe(409);
  });
});

describe("failed recipients", () => {
  /** A clinic's message emailed to three of its people, two of whose emails then failed for good. */
  async function partlyFailed() {
    const sent = (await r.send("clinic", "POST", "/api/messages/", message({ users: [t.ids.patient, t.ids.patient2, t.ids.therapist], email: true }))).json();
    await deliverMessage(depsOf({ mailer: smtpMailer() }), sent.id);
    const mails = await t.db
      .select({ id: mailMessages.id, userId: mailMessages.userId })
      .from(mailMessages)
      .where(inArray(mailMessages.userId, [t.ids.patient, t.ids.patient2]));
    expect(mails).toHaveLength(2);
    await t.db
      .update(mailMessages)
      .set({ status: "failed", attempts: 5, error: sql`'550 mailbox unavailable: ' || ${mailMessages.to}` })
      .where(
        inArray(
          mailMessages.id,
          mails.map((mail) => mail.id),
        ),
      );
    return sent.id as number;
  }

  it("lists who failed, by name and address with the server's reason, in pages; the counts agree", async () => {
    const id = await partlyFailed();
    expect((await r.send("clinic", "GET", `/api/messages/${id}`)).json()).toMatchObject({ emailsFailed: 2, emailsQueued: 1 });
    const listed = await r.send("clinic", "GET", `/api/messages/${id}/failed`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [patient] = await t.db.select().from(users).where(eq(users.id, t.ids.patient));
    expect(listed.json().total).toBe(2);
    expect(
      listed
        .json()
        .data.map((row: { id: string }) => row.id)
        .sort(),
    ).toEqual(sorted(t.ids.patient, t.ids.patient2));
    expect(listed.json().data.find((row: { id: string }) => row.id === t.ids.patient)).toEqual({
      id: t.ids.patient,
      name: `${patient?.nombres} ${patient?.apellidos}`.trim(),
      email: patient?.email,
      error: `550 mailbox unavailable: ${patient?.email}`,
      attempts: 5,
    });
    const first = (await r.send("clinic", "GET", `/api/messages/${id}/failed?rowsPerPage=1`)).json();
    const second = (await r.send("clinic", "GET", `/api/messages/${id}/failed?rowsPerPage=1&page=2`)).json();
    expect([first.total, first.data.length, second.data.length]).toEqual([2, 1, 1]);
    expect(first.data[0].id).not.toBe(second.data[0].id);
    // Admins see every message's.
    expect((await r.send("admin", "GET", `/api/messages/${id}/failed`)).json().total).toBe(2);
    // The scope, then the page with its total, then the audit record.
    const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("clinic", "GET", `/api/messages/${id}/failed`));
    expect(seen.own.length, describeStatements(seen.statements)).toBe(3);
  });

  it("is refused for a message the caller did not send (404, nothing listed), and the refusal is audited", async () => {
    const id = await partlyFailed();
    for (const who of ["therapist", "otherClinic", "otherTherapist"] as const) {
      const response = await r.send(who, "GET", `/api/messages/${id}/failed`);
      expect(response.statusCode, who).toBe(404);
      expect(response.body).not.toContain("mailbox");
    }
    expect((await r.send("patient", "GET", `/api/messages/${id}/failed`)).statusCode).toBe(403);
    expect((await r.send("clinic", "GET", `/api/messages/${id + 1000}/failed`)).statusCode).toBe(404);
    const records = await t.db
      .select({ actorId: auditEvents.actorId, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "message.failed.list"), sql`${auditEvents.detail}->>'id' = ${String(id)}`));
    expect(records.filter((row) => row.outcome === "refused").map((row) => row.actorId)).toContain(t.ids.therapist);
  });

  it("answers an empty page for a message with no failed email", async () => {
    const { id } = (await r.send("clinic", "POST", "/api/messages/", message({ users: [t.ids.patient], email: true }))).json();
    await deliver();
    expect((await r.send("clinic", "GET", `/api/messages/${id}/failed`)).json()).toMatchObject({ data: [], total: 0 });
  });
});

/** The app's own delivery settings, with changes. */
function depsOf(change: Partial<MessageDeps> = {}): MessageDeps {
  return { db: t.db, mailer: t.app.mailer, jobs: t.app.jobs, emailsPerSecond: 10, ...change };
}

/** A mailer whose SMTP server accepts everything: emails then go through `mail.deliver` jobs. */
function smtpMailer(): MessageDeps["mailer"] {
  return { ...t.app.mailer, transport: { from: "clinic@example.com", send: async () => ({}), close: () => {} } };
}

/** `n` active patients of the demo clinic, written in one statement. */
async function manyPatients(n: number, label: string): Promise<void> {
  await t.db.execute(sql`with made as (
      insert into users (id, name, email, nombres, clinic_id)
      select gen_random_uuid()::text, 'P' || i, ${label} || i || '@example.com', 'Patient ' || i, ${t.ids.clinic} from generate_series(1, ${n}) as i
      returning id)
    insert into user_groups (user_id, group_id, position) select id, 1, 0 from made`);
}

describe("delivery", () => {
  it("each recipient once, even when delivery stops half way (a restart) and runs again, or runs twice at once", async () => {
    await manyPatients(7, "restart");
    const { id } = (await r.send("clinic", "POST", "/api/messages/", message({ roles: ["patient"], email: true }))).json();
    // The node dies while queueing the second batch's emails: that batch rolls back, the first stays.
    let calls = 0;
    const dying: JobQueue = {
      ...t.app.jobs,
      sendMany: async (...args) => {
        calls += 1;
        if (calls === 2) throw new Error("the node died");
        return t.app.jobs.sendMany(...args);
      },
    };
    await expect(deliverMessage(depsOf({ mailer: smtpMailer(), jobs: dying }), id, 3)).rejects.toThrow("the node died");
    expect((await t.db.select({ n: count() }).from(messageRecipients).where(sql`${messageRecipients.notifiedAt} is not null`))[0]?.n).toBe(3);
    // Restarted, two nodes run it at once.
    await Promise.all([deliverMessage(depsOf({ mailer: smtpMailer() }), id, 3), deliverMessage(depsOf({ mailer: smtpMailer() }), id, 3)]);
    const perUser = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where kind = 'message' group by user_id`);
    const recipients = (await t.db.select().from(messages).where(eq(messages.id, id)))[0]?.recipients ?? 0;
    expect(recipients).toBeGreaterThanOrEqual(9);
    expect(perUser.rows).toHaveLength(recipients);
    expect(perUser.rows.every((row) => row.n === 1)).toBe(true);
    expect((await t.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.kind, "message")))[0]?.n).toBe(recipients);
    const [listed] = (await r.send("clinic", "GET", "/api/messages/")).json().data;
    expect(listed).toMatchObject({ state: "sent", delivered: recipients, emailsQueued: recipients, emailsFailed: 0 });
  });

  it("emails go at the set pace across messages, and only to those who keep message emails", async () => {
    await t.db.insert(notificationSettings).values({ userId: t.ids.patient2, email: { message: false } });
    const first = (await r.send("clinic", "POST", "/api/messages/", message({ users: [t.ids.patient, t.ids.patient2, t.ids.therapist], email: true }))).json();
    const second = (await r.send("admin", "POST", "/api/messages/", message({ users: [t.ids.clinic, t.ids.therapist], email: true }))).json();
    await deliverMessage(depsOf({ mailer: smtpMailer(), emailsPerSecond: 2 }), first.id);
    await deliverMessage(depsOf({ mailer: smtpMailer(), emailsPerSecond: 2 }), second.id);
    const mails = await t.db.select({ id: mailMessages.id, to: mailMessages.to }).from(mailMessages).orderBy(mailMessages.id);
    expect(mails).toHaveLength(4);
    expect(mails.map((mail) => mail.to)).not.toContain("patient2@example.com");
    const jobs = await t.db.execute<{ start: string }>(
      sql`select (extract(epoch from start_after) * 1000)::bigint::text as start from pgboss.job
          where name = 'mail.deliver' and (data->>'id')::bigint = any(${sql.param(mails.map((mail) => mail.id))}::bigint[]) order by start_after`,
    );
    const starts = jobs.rows.map((row) => Number(row.start));
    expect(starts).toHaveLength(4);
    // Half a second apart at 2 a second, the second message's after the first's.
    expect(starts.slice(1).map((start, index) => start - (starts[index] as number))).toEqual([500, 500, 500]);
  });

  it("10 000 recipients: the request only queues the work; the list shows its progress as batches land", async () => {
    await manyPatients(10_000, "crowd");
    const response = await r.send("admin", "POST", "/api/messages/", message({ roles: ["patient"] }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ state: "sending", recipients: null, delivered: 0 });
    const { id } = response.json();
    // The recipients are read and one batch lands, then the node stops (its third transaction never commits).
    let transactions = 0;
    const stopping = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return (work: Parameters<Db["transaction"]>[0]) => {
          transactions += 1;
          return transactions === 3 ? Promise.reject(new Error("stopped")) : target.transaction(work);
        };
      },
    });
    await expect(deliverMessage(depsOf({ db: stopping }), id)).rejects.toThrow("stopped");
    const part = (await r.send("admin", "GET", `/api/messages/${id}`)).json();
    expect(part).toMatchObject({ state: "sending", delivered: 500 });
    expect(part.recipients).toBeGreaterThanOrEqual(10_000);
    await deliver();
    const done = (await r.send("admin", "GET", `/api/messages/${id}`)).json();
    expect(done).toMatchObject({ state: "sent", delivered: done.recipients });
    const reached = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.kind, "message"), inArray(notifications.userId, [t.ids.patient])));
    expect(reached[0]?.n).toBe(1);
  });
});

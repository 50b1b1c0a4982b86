import { and, count, eq, gt, like, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { uniqueSuffix } from "../../test/databases.ts";
import { makeOrder } from "../../test/billing.ts";
import {
  holdMembership,
  type MadeUser,
  makeActivity,
  makeClinic,
  makeClinicAccount,
  makePatient,
  makeRecommendation,
  makeTherapist,
  makeUser,
} from "../../test/factories.ts";
import { addDays } from "../modules/clinic/billing/gating.ts";
import { RENEWALS_QUEUE } from "../modules/clinic/billing/renewals.ts";
import { today as billingToday } from "../modules/clinic/memberships/seats.ts";
import { makeForm, sampleFormInput } from "../../test/forms.ts";
import type { Db } from "../db/client.ts";
import { auditEvents } from "../db/schema.ts";
import { mailMessages } from "./mail.table.ts";
import { notifications, notificationSettings } from "./notifications.table.ts";

/**
 * Notifications (issue 19): each event writes its recipients' notifications in its own
 * transaction; each user reads and marks only their own; email follows the user's choices.
 */

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["admin", "clinic", "therapist", "patient", "patient2"] as const) cookies[role] = await t.loginAs(role);
});
afterAll(async () => t?.close());

function send(cookie: string | null, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const ownRows = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const unreadOf = async (cookie: string) => (await send(cookie, "GET", "/api/notifications/unread-count")).json().unread as number;
const today = () => new Date().toLocaleDateString("en-CA");

/** A patient of the demo clinic treated by the demo therapist, signed in, with an empty centre. */
async function freshPatient(input: { language?: "en" | "es" } = {}): Promise<MadeUser & { cookie: string }> {
  const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], input);
  return { ...patient, cookie: await t.login(patient.email, patient.password) };
}

async function assignActivityTo(patientId: string, activityId: number, by = cookies.therapist) {
  const response = await send(by, "POST", `/api/patients-activities/${patientId}`, { activities: [activityId], date: today(), duration: 10 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data[0].id as number;
}

describe("events write notifications in their own transaction", () => {
  it("an activity assigned: the patient hears of it, in their language, from the therapist", async () => {
    const activity = await makeActivity(t.db, { name: `Balance walk ${uniqueSuffix()}`, clinicId: t.ids.clinic });
    const english = await freshPatient();
    const spanish = await freshPatient({ language: "es" });
    await assignActivityTo(english.id, activity.id);
    await assignActivityTo(spanish.id, activity.id);

    const list = await send(english.cookie, "GET", "/api/notifications/");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, total: 1 });
    const [item] = list.json().data;
    expect(item).toMatchObject({ kind: "activityAssigned", subject: "New activities assigned", link: "/manager/patient", readAt: null });
    expect(item.message).toContain(activity.name);
    expect(item.sentBy).toEqual({ id: t.ids.therapist, name: expect.stringMatching(/\S/) });
    const [es] = (await send(spanish.cookie, "GET", "/api/notifications/")).json().data;
    expect(es.subject).toBe("Nuevas actividades asignadas");
    expect(es.message).toContain("le ha asignado");
    // The therapist who assigned is not notified of their own act.
    expect(await ownRows(t.ids.therapist)).toEqual([]);
  });

  it("an assignment kept back (activate: false) is not announced; a refused one writes nothing", async () => {
    const activity = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const patient = await freshPatient();
    const kept = await send(cookies.therapist, "POST", `/api/patients-activities/${patient.id}`, {
      activities: [activity.id],
      date: today(),
      duration: 10,
      activate: false,
    });
    expect(kept.statusCode).toBe(201);
    const other = await makeClinic(t.db);
    const foreign = await makeActivity(t.db, { clinicId: other.clinic.id });
    const refused = await send(cookies.therapist, "POST", `/api/patients-activities/${patient.id}`, {
      activities: [activity.id, foreign.id],
      date: today(),
      duration: 10,
    });
    expect(refused.statusCode).toBe(404);
    expect(await ownRows(patient.id)).toEqual([]);
  });

  it("a rolled-back event leaves no notification and no email", async () => {
    const patient = await freshPatient();
    await send(patient.cookie, "PUT", "/api/notifications/preferences", { email: { activityAssigned: true } });
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.notifier.notify(tx as unknown as Db, [patient.id], { kind: "activityAssigned", params: { items: "X" }, sentBy: t.ids.therapist });
        expect(await tx.select({ n: count() }).from(notifications).where(eq(notifications.userId, patient.id))).toEqual([{ n: 1 }]);
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await ownRows(patient.id)).toEqual([]);
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.to, patient.email))).toEqual([]);
  });

  it("recommendations given: the patient hears of the new ones only", async () => {
    const patient = await freshPatient();
    const first = await makeRecommendation(t.db, { name: `Hydrate ${uniqueSuffix()}`, clinicId: t.ids.clinic });
    const second = await makeRecommendation(t.db, { name: `Sleep ${uniqueSuffix()}`, clinicId: t.ids.clinic });
    expect((await send(cookies.therapist, "POST", `/api/patients-recommendations/${patient.id}`, { recommendations: [first.id] })).statusCode).toBe(200);
    expect((await send(cookies.therapist, "POST", `/api/patients-recommendations/${patient.id}`, { recommendations: [first.id, second.id] })).statusCode).toBe(
      200,
    );
    const rows = await ownRows(patient.id);
    expect(rows.map((row) => row.kind)).toEqual(["recommendationAssigned", "recommendationAssigned"]);
    expect(rows[0]?.message).toContain(first.name);
    expect(rows[1]?.message).toContain(second.name);
    expect(rows[1]?.message).not.toContain(first.name);
  });

  it("a form assigned, then submitted: the patient hears of it, then the patient's therapists", async () => {
    const patient = await freshPatient();
    const form = await makeForm(t.db, { clinicId: t.ids.clinic }, { ...sampleFormInput(`Dizziness ${uniqueSuffix()}`) });
    const assigned = await send(cookies.therapist, "POST", "/api/assignDynamicForm/", { form: form.id, patients: [patient.id] });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const assignmentId = assigned.json().data[0].id as number;
    const [notice] = await ownRows(patient.id);
    expect(notice).toMatchObject({ kind: "formAssigned", link: `/manager/admin/forms/answer/${assignmentId}`, sentBy: t.ids.therapist });

    const before = (await ownRows(t.ids.therapist)).length;
    const answers = { mood: "fair", pain: 3, fell: true, minutes: 15, note: "Better" };
    const submitted = await send(patient.cookie, "POST", "/api/resolved-form/", { assignment: assignmentId, answers, submit: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const forTherapist = (await ownRows(t.ids.therapist)).slice(before);
    expect(forTherapist).toHaveLength(1);
    expect(forTherapist[0]).toMatchObject({ kind: "formSubmitted", link: `/manager/admin/forms/results/${assignmentId}`, sentBy: patient.id });
  });

  it("an activity reported done: the patient's therapists hear of the result", async () => {
    const patient = await freshPatient();
    const activity = await makeActivity(t.db, { name: `Reading ${uniqueSuffix()}`, clinicId: t.ids.clinic });
    const id = await assignActivityTo(patient.id, activity.id);
    const before = (await ownRows(t.ids.therapist)).length;
    const reply = await send(patient.cookie, "POST", "/api/replyActivity/", { id, result: { note: "Fine" } });
    expect(reply.statusCode, reply.body).toBe(200);
    const added = (await ownRows(t.ids.therapist)).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: "activityResult", sentBy: patient.id, link: `/manager/admin/statistics/${activity.id}?patient=${patient.id}` });
    expect(added[0]?.message).toContain(activity.name);
  });

  it("an appointment booked by the therapist: the patient is notified, and emailed only while they keep that kind by email", async () => {
    const patient = await freshPatient();
    const book = (day: number) => {
      const start = new Date(Date.now() + day * 86_400_000);
      start.setUTCHours(9, 0, 0, 0);
      return send(cookies.therapist, "POST", "/api/appointment/", {
        name: "Session",
        description: "Therapy",
        start: start.toISOString(),
        duration: 45,
        appointmentType: 6,
        patientId: patient.id,
      });
    };
    expect((await book(3)).statusCode).toBe(201);
    const mails = () =>
      t.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.to, patient.email), eq(mailMessages.kind, "appointment.booked")));
    expect(await mails()).toHaveLength(1);
    expect((await ownRows(patient.id)).map((row) => [row.kind, row.link])).toEqual([["appointmentBooked", "/manager/admin/appointments"]]);

    expect((await send(patient.cookie, "PUT", "/api/notifications/preferences", { email: { appointmentBooked: false } })).statusCode).toBe(200);
    expect((await book(4)).statusCode).toBe(201);
    expect(await mails()).toHaveLength(1);
    expect(await ownRows(patient.id)).toHaveLength(2);
  });
});

describe("billing events notify the holder", () => {
  it("a payment confirmed: the buyer hears of it from the system, its email (the invoice) goes whatever the choice", async () => {
    const clinic = await makeClinicAccount(t.db);
    await t.db.insert(notificationSettings).values({ userId: clinic.id, email: { paymentReceived: false } });
    const order = await makeOrder(t.db, { buyerId: clinic.id, clinicId: clinic.id });
    const paid = await send(cookies.admin as string, "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "T-19" });
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await ownRows(clinic.id);
    expect(rows.map((row) => [row.kind, row.link, row.sentBy])).toEqual([["paymentReceived", `/manager/admin/getMembership/invoice/${order.id}`, null]]);
    expect(
      await t.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.to, clinic.email), eq(mailMessages.kind, "billing.paid"))),
    ).toHaveLength(1);
  });

  it("a membership about to end: its holder hears of it, and is emailed unless they chose not to be", async () => {
    const emailed = await makeClinicAccount(t.db);
    const quiet = await makeClinicAccount(t.db);
    await t.db.insert(notificationSettings).values({ userId: quiet.id, email: { membershipExpiring: false } });
    for (const holder of [emailed, quiet])
      await holdMembership(t.db, holder.id, { fromDate: addDays(billingToday(), -20), toDate: addDays(billingToday(), 14) });
    await t.app.jobs.send(RENEWALS_QUEUE, {});
    await t.app.jobs.drain(RENEWALS_QUEUE);
    for (const holder of [emailed, quiet]) {
      const rows = await ownRows(holder.id);
      expect(rows.map((row) => row.kind)).toEqual(["membershipExpiring"]);
      expect(rows[0]?.subject).toBe(`Your membership ends on ${addDays(billingToday(), 14)}`);
    }
    const renewalMails = (email: string) =>
      t.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.to, email), eq(mailMessages.kind, "billing.expiring")));
    expect(await renewalMails(emailed.email)).toHaveLength(1);
    expect(await renewalMails(quiet.email)).toHaveLength(0);
  });
});

describe("the notification centre", () => {
  it("lists newest first, filters unread, marks one and all read; the count follows", async () => {
    const patient = await freshPatient();
    const activity = await makeActivity(t.db, { clinicId: t.ids.clinic });
    for (let i = 0; i < 3; i++) await assignActivityTo(patient.id, activity.id);
    expect(await unreadOf(patient.cookie)).toBe(3);
    const page = (await send(patient.cookie, "GET", "/api/notifications/?page=1&rowsPerPage=2")).json();
    expect(page.total).toBe(3);
    expect(page.data).toHaveLength(2);
    const ids = (await ownRows(patient.id)).map((row) => row.id);
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([ids[2], ids[1]]);

    const read = await send(patient.cookie, "POST", `/api/notifications/${ids[2]}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect(await unreadOf(patient.cookie)).toBe(2);
    const unread = (await send(patient.cookie, "GET", "/api/notifications/?unread=true")).json();
    expect(unread.data.map((row: { id: number }) => row.id)).toEqual([ids[1], ids[0]]);

    const all = await send(patient.cookie, "POST", "/api/notifications/read-all");
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unreadOf(patient.cookie)).toBe(0);
    expect((await send(patient.cookie, "GET", "/api/notifications/?unread=true")).json().total).toBe(0);
  });

  it("a page past the end still says the total; a second user's list, of the same shape, is theirs alone", async () => {
    const patient = await freshPatient();
    const other = await freshPatient();
    const activity = await makeActivity(t.db, { clinicId: t.ids.clinic });
    for (let i = 0; i < 3; i++) await assignActivityTo(patient.id, activity.id);
    await assignActivityTo(other.id, activity.id);
    const past = (await send(patient.cookie, "GET", "/api/notifications/?page=5&rowsPerPage=2")).json();
    expect(past).toMatchObject({ data: [], page: 5, total: 3 });
    const theirs = (await send(other.cookie, "GET", "/api/notifications/?page=1&rowsPerPage=2")).json();
    expect(theirs.total).toBe(1);
    expect(theirs.data.map((row: { userId?: string; id: number }) => row.id)).toEqual((await ownRows(other.id)).map((row) => row.id));
    const nothing = (await send(other.cookie, "GET", "/api/notifications/?page=2&rowsPerPage=2&unread=true")).json();
    expect(nothing).toMatchObject({ data: [], total: 1 });
  });

  it("another user's notification is not found, whatever the caller's role, and stays unread", async () => {
    const patient = await freshPatient();
    const activity = await makeActivity(t.db, { clinicId: t.ids.clinic });
    await assignActivityTo(patient.id, activity.id);
    const [row] = await ownRows(patient.id);
    for (const role of ["admin", "clinic", "therapist", "patient", "patient2"]) {
      const response = await send(cookies[role] as string, "POST", `/api/notifications/${row?.id}/read`);
      expect(response.statusCode, role).toBe(404);
      const list = (await send(cookies[role] as string, "GET", "/api/notifications/?rowsPerPage=100")).json();
      expect(list.data.some((item: { id: number }) => item.id === row?.id)).toBe(false);
    }
    expect((await ownRows(patient.id))[0]?.readAt).toBeNull();
    expect((await send(cookies.patient as string, "POST", "/api/notifications/read-all")).statusCode).toBe(200);
    expect((await ownRows(patient.id))[0]?.readAt).toBeNull();
  });

  it("audits reading the centre: a therapist's list names its patients, a refused read is recorded as refused", async () => {
    const patient = await freshPatient();
    const activity = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const id = await assignActivityTo(patient.id, activity.id);
    expect((await send(patient.cookie, "POST", "/api/replyActivity/", { id, result: { note: "Fine" } })).statusCode).toBe(200);
    const [last] = await t.db.select({ id: max(auditEvents.id) }).from(auditEvents);
    const recordsOf = (actorId: string) =>
      t.db
        .select()
        .from(auditEvents)
        .where(and(like(auditEvents.action, "notification.%"), eq(auditEvents.actorId, actorId), gt(auditEvents.id, last?.id ?? 0)));

    // The demo therapist's newest notification is this patient's result: the one patient named is the subject.
    expect((await send(cookies.therapist as string, "GET", "/api/notifications/?rowsPerPage=1")).statusCode).toBe(200);
    expect(await recordsOf(t.ids.therapist)).toMatchObject([
      { action: "notification.list", outcome: "ok", subjectUserId: patient.id, detail: { people: [patient.id], unread: false, page: 1 } },
    ]);
    // A patient's own centre is about the patient.
    expect((await send(patient.cookie, "GET", "/api/notifications/")).statusCode).toBe(200);
    expect(await recordsOf(patient.id)).toMatchObject([{ action: "notification.list", outcome: "ok", subjectUserId: patient.id }]);

    // Another user's notification: 404, recorded as refused, naming nobody.
    const [own] = await ownRows(patient.id);
    const stranger = await makeTherapist(t.db, t.ids.clinic);
    const cookie = await t.login(stranger.email, stranger.password);
    expect((await send(cookie, "POST", `/api/notifications/${own?.id}/read`)).statusCode).toBe(404);
    expect(await recordsOf(stranger.id)).toMatchObject([{ action: "notification.read", outcome: "refused", subjectUserId: null, detail: { id: own?.id } }]);
  });

  it("refuses the signed-out (401) and bad input (400)", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications/"],
      ["GET", "/api/notifications/unread-count"],
      ["POST", "/api/notifications/1/read"],
      ["POST", "/api/notifications/read-all"],
      ["GET", "/api/notifications/preferences"],
    ] as const) {
      expect((await send(null, method, url)).statusCode, url).toBe(401);
    }
    expect((await send(cookies.patient as string, "GET", "/api/notifications/?unread=yes")).statusCode).toBe(400);
    expect((await send(cookies.patient as string, "POST", "/api/notifications/abc/read")).statusCode).toBe(400);
    const bad = await send(cookies.patient as string, "PUT", "/api/notifications/preferences", { email: { nonsense: true } });
    expect(bad.statusCode).toBe(400);
  });
});

describe("email preferences", () => {
  it("answer every kind with its default; a change keeps the kinds not named", async () => {
    const user = await makeUser(t.db, { clinicId: t.ids.clinic });
    const cookie = await t.login(user.email, user.password);
    const initial = (await send(cookie, "GET", "/api/notifications/preferences")).json();
    expect(initial.email).toMatchObject({ activityAssigned: false, appointmentRequested: true });
    await send(cookie, "PUT", "/api/notifications/preferences", { email: { activityAssigned: true } });
    const changed = await send(cookie, "PUT", "/api/notifications/preferences", { email: { appointmentRequested: false } });
    expect(changed.json().email).toMatchObject({ activityAssigned: true, appointmentRequested: false, formAssigned: false });
  });

  it("a kind chosen by email is also mailed, in the recipient's language, with the link", async () => {
    const patient = await freshPatient({ language: "es" });
    await send(patient.cookie, "PUT", "/api/notifications/preferences", { email: { activityAssigned: true } });
    const activity = await makeActivity(t.db, { name: `Caminar ${uniqueSuffix()}`, clinicId: t.ids.clinic });
    await assignActivityTo(patient.id, activity.id);
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, patient.email), like(mailMessages.kind, "notice.%")));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Nuevas actividades asignadas", kind: "notice.activityAssigned", userId: patient.id });
    expect(mails[0]?.text).toContain(activity.name);
    expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/manager/patient`);
  });
});

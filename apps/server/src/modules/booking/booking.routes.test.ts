import { BOOKING_REFUSALS, BOOKING_SETUP_REFUSALS } from "@clinic/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeClinic } from "../../../test/factories.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { seedDemoBooking } from "./booking-demo.ts";
import { linkTokens } from "./booking-mails.ts";
import { bookingRatings, bookings, bookingUnitHolds } from "./booking.table.ts";

/**
 * The booking app through its API (issue 35): a clinic sets up a centre in Madrid, the demo
 * therapist's hours, a rotary chair and a service with two variations; guests book from the
 * public page and confirm by the emailed link; clients move, cancel and rate by their private
 * link; staff book, mark outcomes and read the report back. Every refusal answers clearly and
 * writes nothing.
 */

let t: TestApp;
let clinic: string;
let service: { id: number; slug: string; variations: { id: number; name: string }[] };
let locationId: number;
const extraApps: FastifyInstance[] = [];

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The day `days` ahead, as a date in Madrid. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });

async function slotsOn(day: string, variationId = service.variations[0]?.id as number): Promise<{ start: string; providerIds: string[] }[]> {
  const answer = await call(null, "GET", `/api/schedule/public/slots?variationId=${variationId}&from=${day}&to=${day}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().slots;
}

const guest = (email: string) => ({ name: "Lucía Gómez", email, phone: "+34 600 000 000" });
const request = (start: string, client?: object, variationId = service.variations[0]?.id) => ({
  variationId,
  providerId: null,
  start,
  timeZone: "America/Mexico_City",
  language: "es",
  ...(client ? { client } : {}),
});

/** The last email of `kind` to `to`, with the private link's secrets it carries. */
async function lastMail(to: string, kind: string) {
  const [mail] = await t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.kind, kind)))
    .orderBy(desc(mailMessages.id))
    .limit(1);
  const link = /my-booking\/([A-Za-z0-9_-]{32})(?:\?confirm=([A-Za-z0-9_-]{32}))?/.exec(mail?.text ?? "");
  return { mail, manage: link?.[1] ?? "", confirm: link?.[2] ?? "" };
}

/** Moves a booking's time into the past or near future directly (the API books only ahead). */
async function setTime(id: number, startMs: number, minutes = 60) {
  const start = new Date(startMs);
  const end = new Date(startMs + minutes * 60_000);
  await t.db.update(bookings).set({ startsAt: start, endsAt: end, holdsFrom: start, holdsTo: end }).where(eq(bookings.id, id));
  await t.db.update(bookingUnitHolds).set({ holdsFrom: start, holdsTo: end }).where(eq(bookingUnitHolds.bookingId, id));
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,schedule" } });
  clinic = await t.loginAs("clinic");
  const put = async (url: string, body: unknown) => {
    const answer = await call(clinic, "PUT", url, body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const post = async (url: string, body: unknown) => {
    const answer = await call(clinic, "POST", url, body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };
  await put("/api/schedule/settings", {
    windowDays: 730,
    minNoticeMinutes: 120,
    cancelWindowHours: 24,
    stepMinutes: 15,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    pageTexts: { en: { title: "Book a visit", intro: "" }, es: { title: "Reserve su visita", intro: "" } },
  });
  locationId = (await post("/api/schedule/locations", { name: "Centro", address: "Calle Mayor 1, Madrid", timeZone: "Europe/Madrid" })).id;
  await put("/api/schedule/hours", { providerId: t.ids.therapist, locationId, rules: [{ day: "all", start: "09:00", end: "13:00" }] });
  const chair = await post("/api/schedule/resources", { locationId, name: "Rotary chair", kind: "equipment", quantity: 1 });
  service = await post("/api/schedule/services", {
    locationId,
    name: "Vestibular assessment",
    description: "A full assessment.",
    slug: "assessment",
    providerIds: [t.ids.therapist],
    variations: [
      { name: "First visit", durationMinutes: 60, bufferAfterMinutes: 15, priceCents: 9000, resourceIds: [chair.id] },
      { name: "Follow-up", durationMinutes: 30, priceCents: 5000 },
    ],
  });
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

describe("the public page and a guest's booking", () => {
  it("shows the service and its free starts, books a guest pending, and confirms it by the emailed link", async () => {
    const page = await call(null, "GET", "/api/schedule/public/services/assessment");
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      name: "Vestibular assessment",
      location: { timeZone: "Europe/Madrid" },
      variations: [{ name: "First visit", priceCents: 9000 }, { name: "Follow-up" }],
    });
    expect(page.json().variations[0]).not.toHaveProperty("resourceIds");

    const day = dayAhead(8);
    const [first] = await slotsOn(day);
    const booked = await call(null, "POST", "/api/schedule/public/bookings", request(first?.start as string, guest("lucia@example.com")));
    expect(booked.statusCode, booked.body).toBe(201);
    // A guest's link proves their address: it is in their email only.
    expect(booked.json()).toMatchObject({ status: "pending", manageUrl: null, provider: { id: t.ids.therapist } });
    // Held while pending: the time is no longer offered.
    expect((await slotsOn(day)).map((slot) => slot.start)).not.toContain(first?.start);

    const { mail, manage, confirm } = await lastMail("lucia@example.com", "booking.confirm");
    expect(mail?.subject).toBe("Confirme su reserva: Vestibular assessment");
    expect(mail?.text).toContain("America/Mexico_City");
    const pending = await call(null, "GET", `/api/schedule/public/my-booking/${manage}`);
    expect(pending.json()).toMatchObject({ status: "pending", clientName: "Lucía Gómez", ratable: false });

    const confirmed = await call(null, "POST", `/api/schedule/public/my-booking/${manage}/confirm`, { token: confirm });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe("confirmed");
    const { mail: done } = await lastMail("lucia@example.com", "booking.confirmed");
    expect(done?.attachments?.[0]?.content).toContain("METHOD:REQUEST");
    expect(done?.attachments?.[0]?.content).toContain("SEQUENCE:0");
    // The provider hears of it too.
    const [provider] = await t.db.execute<{ email: string }>(sql`select email from users where id = ${t.ids.therapist}`).then((r) => r.rows);
    expect((await lastMail(provider?.email as string, "booking.confirmed")).mail?.subject).toMatch(/^New booking: Vestibular assessment/);
    // A second click changes nothing.
    expect((await call(null, "POST", `/api/schedule/public/my-booking/${manage}/confirm`, { token: confirm })).json().status).toBe("confirmed");
  });

  it("refuses a forged link, a wrong confirmation secret and a guest without contact, writing nothing", async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]?.n;
    const forged = await call(null, "GET", `/api/schedule/public/my-booking/${"A".repeat(32)}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().detail).toBe(BOOKING_REFUSALS.linkUnknown);
    const malformed = await call(null, "GET", "/api/schedule/public/my-booking/short");
    expect(malformed.statusCode).toBe(400);
    const [slot] = await slotsOn(dayAhead(9));
    const noContact = await call(null, "POST", "/api/schedule/public/bookings", request(slot?.start as string));
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().client).toEqual([BOOKING_REFUSALS.guestContact]);
    await call(null, "POST", "/api/schedule/public/bookings", request(slot?.start as string, guest("wrong-secret@example.com")));
    const { manage } = await lastMail("wrong-secret@example.com", "booking.confirm");
    const wrong = await call(null, "POST", `/api/schedule/public/my-booking/${manage}/confirm`, { token: "B".repeat(32) });
    expect(wrong.statusCode).toBe(404);
    expect((await call(null, "GET", `/api/schedule/public/my-booking/${manage}`)).json().status).toBe("pending");
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]?.n).toBe((before ?? 0) + 1);
  });

  it("offers the clinic's kinds of visit, the first by default, and refuses another", async () => {
    const settings = (await call(clinic, "GET", "/api/schedule/settings")).json();
    expect(settings.appointmentTypes).toEqual([1]);
    const [slot] = await slotsOn(dayAhead(11));
    const refused = await call(null, "POST", "/api/schedule/public/bookings", {
      ...request(slot?.start as string, guest("zoom@example.com")),
      appointmentType: 6,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().appointmentType).toEqual([BOOKING_REFUSALS.typeNotOffered]);
    const { clinicId: _clinic, currency: _currency, ...values } = settings;
    expect((await call(clinic, "PUT", "/api/schedule/settings", { ...values, appointmentTypes: [1, 6] })).json().appointmentTypes).toEqual([1, 6]);
    expect((await call(null, "GET", "/api/schedule/public/services/assessment")).json().appointmentTypes).toEqual([1, 6]);
    const made = await call(null, "POST", "/api/schedule/public/bookings", {
      ...request(slot?.start as string, guest("zoom@example.com")),
      appointmentType: 6,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { manage, mail } = await lastMail("zoom@example.com", "booking.confirm");
    expect(mail?.text).toContain("First visit, por Zoom");
    expect((await call(null, "GET", `/api/schedule/public/my-booking/${manage}`)).json().appointmentType).toBe(6);
    await call(clinic, "PUT", "/api/schedule/settings", { ...values, appointmentTypes: [1] });
  });

  it("lets an unconfirmed time go when its hour is up, exactly once across a restart", async () => {
    const day = dayAhead(10);
    const [slot] = await slotsOn(day);
    await call(null, "POST", "/api/schedule/public/bookings", request(slot?.start as string, guest("late@example.com")));
    const { manage, confirm } = await lastMail("late@example.com", "booking.confirm");
    const [row] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientEmail, "late@example.com"));
    await t.db
      .update(bookings)
      .set({ confirmBy: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, row?.id as number));
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = 'booking.expiry' and (data->>'id')::int = ${row?.id}`);
    const node = await appNode(t, true);
    extraApps.push(node);
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await call(null, "GET", `/api/schedule/public/my-booking/${manage}`)).json().status !== "cancelled")
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await call(null, "GET", `/api/schedule/public/my-booking/${manage}`)).json().status).toBe("cancelled");
    // Free again, and the late click says why.
    expect((await slotsOn(day)).map((free) => free.start)).toContain(slot?.start);
    const late = await call(null, "POST", `/api/schedule/public/my-booking/${manage}/confirm`, { token: confirm });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(BOOKING_REFUSALS.notPending);
    // Run again (a retry, another node): nothing changes.
    await node.jobs.send("booking.expiry", { id: row?.id });
    await node.jobs.drain("booking.expiry");
    expect(
      await t.db
        .select()
        .from(bookingUnitHolds)
        .where(eq(bookingUnitHolds.bookingId, row?.id as number)),
    ).toEqual([]);
  });
});

describe("the client's private link", () => {
  it("moves the booking to another free time and cancels it, telling the client with an updated invite", async () => {
    const patient = await t.loginAs("patient");
    const day = dayAhead(12);
    const offered = await slotsOn(day);
    const first = offered[0];
    const third = offered.at(-1);
    const made = await call(patient, "POST", "/api/schedule/public/bookings", request(first?.start as string));
    expect(made.statusCode, made.body).toBe(201);
    // Signed in: confirmed at once, with the link to manage it.
    expect(made.json().status).toBe("confirmed");
    const token = (made.json().manageUrl as string).split("/").at(-1);

    const moved = await call(null, "POST", `/api/schedule/public/my-booking/${token}/move`, { start: third?.start });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().start).toBe(third?.start);
    const free = (await slotsOn(day)).map((slot) => slot.start);
    expect(free).toContain(first?.start);
    expect(free).not.toContain(third?.start);
    const changed = await lastMail("patient1@example.com", "booking.changed");
    expect(changed.mail?.attachments?.[0]?.content).toContain("SEQUENCE:1");

    const cancelled = await call(null, "POST", `/api/schedule/public/my-booking/${token}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", changeableUntil: null });
    expect((await lastMail("patient1@example.com", "booking.cancelled")).mail?.attachments?.[0]?.content).toContain("METHOD:CANCEL");
    expect((await slotsOn(day)).map((slot) => slot.start)).toContain(third?.start);
    // The link used again on a cancelled booking.
    const again = await call(null, "POST", `/api/schedule/public/my-booking/${token}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BOOKING_REFUSALS.notActive);
  });

  it("refuses a change inside the cancellation window, but staff may still make it", async () => {
    const patient = await t.loginAs("patient");
    const [slot] = await slotsOn(dayAhead(13));
    const made = (await call(patient, "POST", "/api/schedule/public/bookings", request(slot?.start as string))).json();
    const token = (made.manageUrl as string).split("/").at(-1);
    await setTime(made.id, Date.now() + 5 * 3_600_000);
    const view = await call(null, "GET", `/api/schedule/public/my-booking/${token}`);
    expect(view.json().changeableUntil).toBeNull();
    const refused = await call(null, "POST", `/api/schedule/public/my-booking/${token}/cancel`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(BOOKING_REFUSALS.cancelWindow.replace("{hours}", "24"));
    expect((await call(clinic, "POST", `/api/schedule/bookings/${made.id}/cancel`)).json().status).toBe("cancelled");
  });

  it("takes a rating once, only after the visit took place; a no-show is not rated", async () => {
    const patient = await t.loginAs("patient");
    const [a, , , b] = await slotsOn(dayAhead(14));
    const made = (await call(patient, "POST", "/api/schedule/public/bookings", request(a?.start as string))).json();
    const token = (made.manageUrl as string).split("/").at(-1);
    const early = await call(null, "POST", `/api/schedule/public/my-booking/${token}/rating`, { score: 5, comment: "" });
    expect(early.statusCode).toBe(400);
    expect(early.json().score).toEqual([BOOKING_REFUSALS.rateTooSoon]);

    await setTime(made.id, Date.now() - 3 * 86_400_000);
    expect((await call(null, "GET", `/api/schedule/public/my-booking/${token}`)).json().ratable).toBe(true);
    const rated = await call(null, "POST", `/api/schedule/public/my-booking/${token}/rating`, { score: 4, comment: "Clear and kind." });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json()).toMatchObject({ rating: { score: 4, comment: "Clear and kind." }, ratable: false });
    const twice = await call(null, "POST", `/api/schedule/public/my-booking/${token}/rating`, { score: 1, comment: "" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(BOOKING_REFUSALS.ratedAlready);
    const bad = await call(null, "POST", `/api/schedule/public/my-booking/${token}/rating`, { score: 6 });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select({ score: bookingRatings.score }).from(bookingRatings).where(eq(bookingRatings.bookingId, made.id))).toEqual([{ score: 4 }]);

    const missed = (await call(patient, "POST", "/api/schedule/public/bookings", request(b?.start as string))).json();
    await setTime(missed.id, Date.now() - 4 * 86_400_000);
    expect((await call(clinic, "POST", `/api/schedule/bookings/${missed.id}/outcome`, { status: "no_show" })).statusCode).toBe(200);
    const missedToken = (missed.manageUrl as string).split("/").at(-1);
    const notRatable = await call(null, "POST", `/api/schedule/public/my-booking/${missedToken}/rating`, { score: 3 });
    expect(notRatable.json().score).toEqual([BOOKING_REFUSALS.notRatable]);

    const summary = (await call(clinic, "GET", "/api/schedule/ratings/summary")).json();
    expect(summary.services).toEqual([{ id: String(service.id), name: "Vestibular assessment", ratings: 1, average: 4 }]);
  });
});

describe("the reminder and the request to rate", () => {
  it("each go out once, however often their job runs", async () => {
    const patient = await t.loginAs("patient");
    const [slot] = await slotsOn(dayAhead(18));
    const made = (await call(patient, "POST", "/api/schedule/public/bookings", request(slot?.start as string))).json();
    const mails = async (kind: string) =>
      (
        await t.db
          .select()
          .from(mailMessages)
          .where(and(eq(mailMessages.to, "patient1@example.com"), eq(mailMessages.kind, kind)))
      ).length;
    const due = (queue: string) => t.db.execute(sql`update pgboss.job set start_after = now() where name = ${queue} and (data->>'id')::int = ${made.id}`);
    const before = { reminder: await mails("booking.reminder"), rate: await mails("booking.rate") };

    await due("booking.reminder");
    await t.app.jobs.drain("booking.reminder");
    await t.app.jobs.send("booking.reminder", { id: made.id, start: slot?.start });
    await t.app.jobs.drain("booking.reminder");
    expect(await mails("booking.reminder")).toBe(before.reminder + 1);

    // An hour after the visit the client is asked to rate it, once, with the link to the form.
    const pastStart = new Date(Date.now() - 3 * 3_600_000);
    await setTime(made.id, pastStart.getTime());
    // The job was made for the booking's start, which the visit (moved into the past here) keeps.
    await t.db.execute(
      sql`update pgboss.job set data = jsonb_set(data, '{start}', to_jsonb(${pastStart.toISOString()}::text)) where name = 'booking.rate' and (data->>'id')::int = ${made.id}`,
    );
    await due("booking.rate");
    await t.app.jobs.drain("booking.rate");
    const [asked] = await t.db.select({ id: bookings.id, at: bookings.ratingAskedAt }).from(bookings).where(eq(bookings.id, made.id));
    await t.app.jobs.send("booking.rate", { id: made.id, start: pastStart.toISOString() });
    await t.app.jobs.drain("booking.rate");
    expect(asked?.at).not.toBeNull();
    expect(await mails("booking.rate")).toBe(before.rate + 1);
    expect((await lastMail("patient1@example.com", "booking.rate")).mail?.text).toMatch(/my-booking\/[A-Za-z0-9_-]{32}#rate/);
  });
});

describe("staff", () => {
  it("book for one of the clinic's people, and only within their own clinic", async () => {
    const [slot] = await slotsOn(dayAhead(15));
    const made = await call(clinic, "POST", "/api/schedule/bookings", { ...request(slot?.start as string), clientUserId: t.ids.patient2 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().status).toBe("confirmed");
    const booking = (await call(clinic, "GET", `/api/schedule/bookings/${made.json().id}`)).json();
    expect(booking).toMatchObject({ client: { userId: t.ids.patient2, email: "patient2@example.com" }, resources: ["Rotary chair 1"], priceCents: 9000 });

    const other = await makeClinic(t.db);
    const otherCookie = await t.login(other.clinic.email, "Test-password-2026");
    expect((await call(otherCookie, "GET", `/api/schedule/bookings/${made.json().id}`)).statusCode).toBe(404);
    expect((await call(otherCookie, "GET", `/api/schedule/services/${service.id}`)).statusCode).toBe(404);
    expect((await call(otherCookie, "POST", `/api/schedule/bookings/${made.json().id}/cancel`)).statusCode).toBe(404);
    const theirs = await call(otherCookie, "POST", "/api/schedule/bookings", { ...request(slot?.start as string, guest("x@example.com")), clientUserId: null });
    expect(theirs.statusCode).toBe(404);
    // Nor book another clinic's person.
    const foreign = await call(clinic, "POST", "/api/schedule/bookings", { ...request(slot?.start as string), clientUserId: other.patient.id });
    expect(foreign.statusCode).toBe(400);
    expect((await call(otherCookie, "GET", "/api/schedule/bookings")).json().total).toBe(0);
    // The list's filters: a client's name in any case, a status, a provider, from a day on.
    const found = (await call(clinic, "GET", `/api/schedule/bookings?q=LUCÍA&status=confirmed&providerId=${t.ids.therapist}&from=${dayAhead(1)}`)).json();
    expect(found.total).toBe(1);
    expect(found.data[0].client.email).toBe("lucia@example.com");
    expect((await call(clinic, "GET", `/api/schedule/bookings?serviceId=${service.id}&from=${dayAhead(400)}`)).json().total).toBe(0);
  });

  it("keep a location that services use, and delete one nothing uses", async () => {
    const used = await call(clinic, "DELETE", `/api/schedule/locations/${locationId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().detail).toBe(BOOKING_SETUP_REFUSALS.locationInUse);
    const spare = (await call(clinic, "POST", "/api/schedule/locations", { name: "Annex", timeZone: "Europe/Madrid" })).json();
    expect((await call(clinic, "DELETE", `/api/schedule/locations/${spare.id}`)).statusCode).toBe(204);
  });

  it("never let a clinic appointment and a booking hold the same provider at once, even racing", async () => {
    const therapist = await t.loginAs("therapist");
    const [slot] = await slotsOn(dayAhead(16), service.variations[1]?.id);
    const appointment = (start: string) => ({
      name: "Review",
      description: "Progress review.",
      start,
      duration: 30,
      appointmentType: 1,
      patientId: t.ids.patient,
    });
    const patient = await t.loginAs("patient");
    const outcomes = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        call(patient, "POST", "/api/schedule/public/bookings", request(slot?.start as string, undefined, service.variations[1]?.id)),
      ),
      ...Array.from({ length: 5 }, () => call(therapist, "POST", "/api/appointment/", appointment(slot?.start as string))),
    ]);
    const codes = outcomes.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201 || code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    // Whichever won, the other app no longer offers that time.
    expect((await slotsOn(dayAhead(16), service.variations[1]?.id)).map((free) => free.start)).not.toContain(slot?.start);
  });

  it("refuse a time the clocks skip as outside the hours, and offer none in it", async () => {
    // Spring forward in Madrid: 2027-03-28, 02:00 becomes 03:00. Open 01:00–04:00 that day.
    await call(clinic, "POST", "/api/schedule/special-days", { locationId, date: "2027-03-28", closed: false, start: "01:00", end: "04:00" });
    const follow = service.variations[1]?.id as number;
    const offered = (await slotsOn("2027-03-28", follow)).map((slot) => new Date(slot.start).toLocaleTimeString("en-GB", { timeZone: "Europe/Madrid" }));
    expect(offered[0]).toBe("01:00:00");
    expect(offered.some((time) => time.startsWith("02:"))).toBe(false);
    // 02:05 does not exist that night: written with winter's offset it is 03:05 summer time, not a start on offer.
    const skipped = await call(null, "POST", "/api/schedule/public/bookings", request("2027-03-28T02:05:00+01:00", guest("dst@example.com"), follow));
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().start).toEqual([BOOKING_REFUSALS.outsideHours]);
  });

  it("read the report back: bookings, cancellations, no-shows, ratings, revenue and utilisation, and export it", async () => {
    const since = dayAhead(-10);
    const to = dayAhead(40);
    const report = await call(clinic, "GET", `/api/schedule/report?since=${since}&to=${to}`);
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    const rows = await t.db.execute<{ status: string; n: number; cents: number }>(
      sql`select status, count(*)::int as n, coalesce(sum(price_cents), 0)::int as cents from bookings group by status`,
    );
    const count = (status: string) => rows.rows.find((row) => row.status === status)?.n ?? 0;
    expect(body.totals).toMatchObject({
      cancelled: count("cancelled"),
      noShows: count("no_show"),
      pending: count("pending"),
      ratings: 1,
      averageScore: 4,
      revenueCents: rows.rows.filter((row) => row.status === "confirmed" || row.status === "completed").reduce((sum, row) => sum + row.cents, 0),
    });
    const therapist = body.providers.find((row: { id: string }) => row.id === t.ids.therapist);
    // Open 09:00–13:00 every day of the 51 (the special day is outside the range).
    expect(therapist.openMinutes).toBe(51 * 240);
    expect(therapist.utilisation).toBeCloseTo(therapist.bookedMinutes / therapist.openMinutes, 3);
    expect(body.resources).toMatchObject([{ name: "Rotary chair", units: 1 }]);
    expect(body.perDay.reduce((sum: number, day: { bookings: number; cancelled: number }) => sum + day.bookings + day.cancelled, 0)).toBe(
      count("confirmed") + count("completed") + count("no_show") + count("pending") + count("cancelled"),
    );

    const csv = await call(clinic, "GET", `/api/schedule/report/export?since=${since}&to=${to}&format=csv&language=es`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toContain("Fecha,Hora,Servicio");
    expect(csv.body).toContain("Lucía Gómez");
    const xlsx = await call(clinic, "GET", `/api/schedule/report/export?since=${since}&to=${to}&format=xlsx`);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    const pdf = await call(clinic, "GET", `/api/schedule/report/export?since=${since}&to=${to}&format=pdf`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // §5: both ends of the range are required.
    expect((await call(clinic, "GET", `/api/schedule/report?since=${since}`)).statusCode).toBe(400);
  });
});

describe("the module switch and the demo", () => {
  it("answers 404 on every call while the module is off", async () => {
    const admin = await t.loginAs("admin");
    await call(admin, "PUT", "/api/flags/schedule", { enabled: false });
    try {
      expect((await call(null, "GET", "/api/schedule/public/services/assessment")).statusCode).toBe(404);
      expect((await call(clinic, "GET", "/api/schedule/bookings")).statusCode).toBe(404);
    } finally {
      await call(admin, "PUT", "/api/flags/schedule", { enabled: true });
    }
    expect((await call(null, "GET", "/api/schedule/public/services/assessment")).statusCode).toBe(200);
  });

  it("seeds a lived-in demo once: held visits never overlap, ratings only on visits that took place", async () => {
    const anchor = dayAhead(0);
    expect(await seedDemoBooking(t.db, { anchor, linkKey: t.app.deriveKey("booking-links") })).toBe(true);
    expect(await seedDemoBooking(t.db, { anchor, linkKey: t.app.deriveKey("booking-links") })).toBe(false);
    const statuses = await t.db.execute<{ status: string; n: number }>(sql`
      select b.status, count(*)::int as n from bookings b join booking_services s on s.id = b.service_id
      where s.slug in ('vestibular-assessment', 'posturography') group by b.status`);
    const n = (status: string) => statuses.rows.find((row) => row.status === status)?.n ?? 0;
    expect(n("completed")).toBeGreaterThan(10);
    expect(n("confirmed")).toBeGreaterThan(3);
    expect(n("no_show") + n("cancelled")).toBeGreaterThan(0);
    const wrongRatings =
      await t.db.execute(sql`select 1 from booking_ratings r join bookings b on b.id = r.booking_id join booking_services s on s.id = b.service_id
      where s.slug in ('vestibular-assessment', 'posturography') and b.status <> 'completed'`);
    expect(wrongRatings.rows).toEqual([]);
    const page = await call(null, "GET", "/api/schedule/public/services/vestibular-assessment");
    expect(page.json().variations.map((variation: { name: string }) => variation.name)).toEqual(["First visit", "Follow-up"]);
    // A demo client's link works: it was derived with the app's key.
    const [demo] = await t.db
      .execute<{ id: number }>(sql`select b.id from bookings b join booking_services s on s.id = b.service_id where s.slug = 'posturography' limit 1`)
      .then((r) => r.rows);
    const token = linkTokens(t.app.deriveKey("booking-links"), Number(demo?.id)).manage;
    expect((await call(null, "GET", `/api/schedule/public/my-booking/${token}`)).json().service.slug).toBe("posturography");
  });
});

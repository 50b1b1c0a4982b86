import { randomBytes } from "node:crypto";
import { EVENT_MESSAGES } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { deriveKey } from "../../platform/keys.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventEvents, eventRegistrations, eventTicketTypes } from "./events.table.ts";
import { makeRegistration } from "./registration.fixture.ts";
import { ticketCode } from "./tickets.ts";

/**
 * Registrations, the private link, check-in and the registrant's emails (issue 37.2–37.3),
 * through the API: who may call what, what a guest's registration becomes, what bad input and
 * refusals answer (and that they write nothing), and the door's rules.
 */
let t: TestApp;
let r: RoleCalls;
const linkKey = deriveKey(TEST_AUTH_SECRET, "event-links");

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

let emails = 0;
const guest = (extra: Record<string, unknown> = {}) => {
  emails += 1;
  return { name: "Lucía Gómez", email: `lucia.${emails}.${Date.now()}@example.com`, ...extra };
};

const registrationsOf = async (eventId: number) =>
  (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).sort((a, b) => a.id - b.id);
const takenOf = async (eventId: number) => {
  const [event] = await t.db.select({ taken: eventEvents.taken }).from(eventEvents).where(eq(eventEvents.id, eventId));
  const tickets = await t.db.select({ taken: eventTicketTypes.taken }).from(eventTicketTypes).where(eq(eventTicketTypes.eventId, eventId));
  return { event: event?.taken, tickets: tickets.map((row) => row.taken) };
};
const mailsTo = (email: string) => t.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(mailMessages.id);

async function registerPublic(slug: string, body: Record<string, unknown>) {
  return r.send(null, "POST", `/api/events/public/${slug}/registrations`, body);
}

describe("a guest registers on the public page", () => {
  it("a free ticket is confirmed at once, with its ticket page, QR code and the email with the QR code and the .ics", async () => {
    const startsAt = new Date("2031-03-05T17:30:00Z");
    const event = await makeEvent(t.db, t.ids.clinic, { startsAt, capacity: 5 });
    const body = guest({ ticketTypeId: event.ticketTypeIds[0], language: "es" });
    const answer = await registerPublic(event.slug, body);
    expect(answer.statusCode, answer.body).toBe(201);
    const made = answer.json();
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made.redirectUrl).toBeNull();
    expect(made.registration).toMatchObject({ state: "confirmed", name: "Lucía Gómez", email: body.email, waitingPosition: null, instructions: null });
    expect(made.registration.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(made.registration.cancelUntil).toBe(new Date(startsAt.getTime() - 24 * 3_600_000).toISOString());
    expect(await takenOf(event.id)).toEqual({ event: 1, tickets: [1] });
    const [row] = await registrationsOf(event.id);
    // Only the link's hash is kept.
    expect(row?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token).not.toContain(made.token);

    const page = await r.send(null, "GET", `/api/events/public/registrations/${made.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().number).toBe(made.registration.number);

    const [mail] = await mailsTo(body.email as string);
    expect(mail?.kind).toBe("event.confirmed");
    expect(mail?.subject).toContain("Su entrada");
    expect(mail?.text).toContain(`/events/ticket/${made.token}`);
    // The event's time in its zone (Madrid is UTC+1 in March).
    expect(mail?.text).toContain("2031-03-05, 06:30 PM (Europe/Madrid)");
    const attachments = mail?.attachments ?? [];
    const png = attachments.find((file) => file.contentType === "image/png");
    expect(
      Buffer.from(png?.content ?? "", "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    expect(mail?.html).toContain("cid:event-ticket-qr");
    const ics = attachments.find((file) => file.contentType.startsWith("text/calendar"));
    const vevent = new ICAL.Component(ICAL.parse(ics?.content ?? "")).getFirstSubcomponent("vevent");
    expect(new ICAL.Event(vevent as ICAL.Component).startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(String(vevent?.getFirstPropertyValue("summary"))).toBe(`Taller ${event.slug.split("-").at(-2)}`);

    const calendar = await r.send(null, "GET", `/api/events/public/registrations/${made.token}/calendar.ics`);
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers["content-type"]).toContain("text/calendar");
    const fileEvent = new ICAL.Component(ICAL.parse(calendar.body)).getFirstSubcomponent("vevent");
    expect(new ICAL.Event(fileEvent as ICAL.Component).startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  });

  it("a priced ticket paid by transfer holds its place until paid, with the bank details", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { tickets: [{ priceCents: 4500 }], holdHours: 48 });
    const body = guest({ ticketTypeId: event.ticketTypeIds[0], provider: "manual" });
    const answer = await registerPublic(event.slug, body);
    expect(answer.statusCode, answer.body).toBe(201);
    const made = answer.json().registration;
    expect(made).toMatchObject({ state: "pending_payment", amountCents: 4500, provider: "manual", qrDataUrl: null });
    expect(made.instructions).toBe(t.config.billing.bankDetails);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await takenOf(event.id)).toEqual({ event: 1, tickets: [1] });
    const [mail] = await mailsTo(body.email as string);
    expect(mail?.kind).toBe("event.payment_due");
    expect(mail?.text).toContain(made.number);
  });

  it("a full event puts the guest on the waiting list, with their place in it", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 1 });
    await registerPublic(event.slug, guest({ ticketTypeId: event.ticketTypeIds[0] }));
    const body = guest({ ticketTypeId: event.ticketTypeIds[0] });
    const answer = await registerPublic(event.slug, body);
    expect(answer.json().registration).toMatchObject({ state: "waiting", waitingPosition: 1, qrDataUrl: null });
    expect(await takenOf(event.id)).toEqual({ event: 1, tickets: [1] });
    expect((await mailsTo(body.email as string))[0]?.kind).toBe("event.waiting");
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { tickets: [{}, { priceCents: 2000 }] });
    await t.db
      .update(eventEvents)
      .set({
        questions: [
          { id: "diet", label: { en: "Diet", es: "Dieta" }, kind: "choice", options: ["none", "vegan"], required: true },
          { id: "terms", label: { en: "Terms", es: "Condiciones" }, kind: "checkbox", options: [], required: true },
        ],
      })
      .where(eq(eventEvents.id, event.id));
    const other = await makeEvent(t.db, t.ids.clinic);
    const [free, priced] = event.ticketTypeIds;
    const ok = { diet: "none", terms: true };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ticketTypeId: other.ticketTypeIds[0], answers: ok }, { ticketTypeId: [EVENT_MESSAGES.ticketTypeUnknown] }],
      [{ ticketTypeId: free, answers: { terms: true } }, { "answers.diet": [EVENT_MESSAGES.answerRequired] }],
      [{ ticketTypeId: free, answers: { diet: "fish", terms: true } }, { "answers.diet": [EVENT_MESSAGES.answerChoice] }],
      [{ ticketTypeId: free, answers: { diet: "vegan", terms: false } }, { "answers.terms": [EVENT_MESSAGES.answerRequired] }],
      [{ ticketTypeId: priced, answers: ok }, { provider: [EVENT_MESSAGES.providerNeeded] }],
      [{ ticketTypeId: priced, answers: ok, provider: "stripe" }, { provider: [EVENT_MESSAGES.providerOff] }],
    ];
    for (const [body, errors] of cases) {
      const answer = await registerPublic(event.slug, guest(body));
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject(errors);
    }
    for (const body of [
      guest({ ticketTypeId: free, email: "not-an-email" }),
      guest({ ticketTypeId: free, name: "" }),
      guest({ ticketTypeId: "x" }),
      guest({ ticketTypeId: free, extra: 1 }),
      guest({ ticketTypeId: free, provider: "cash" }),
    ]) {
      expect((await registerPublic(event.slug, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await registrationsOf(event.id)).toEqual([]);
    expect(await takenOf(event.id)).toEqual({ event: 0, tickets: [0, 0] });
    // Unknown questions are dropped, answers kept.
    const made = await registerPublic(event.slug, guest({ ticketTypeId: free, answers: { ...ok, unknown: "x" } }));
    expect(made.statusCode).toBe(201);
    expect((await registrationsOf(event.id))[0]?.answers).toEqual(ok);
  });

  it("refuses drafts and unknown slugs (404), started events, tickets off sale and the same email twice (409)", async () => {
    const draft = await makeEvent(t.db, t.ids.clinic, { state: "draft" });
    expect((await registerPublic(draft.slug, guest({ ticketTypeId: draft.ticketTypeIds[0] }))).statusCode).toBe(404);
    expect((await registerPublic("no-such-event", guest({ ticketTypeId: 1 }))).statusCode).toBe(404);
    const cancelled = await makeEvent(t.db, t.ids.clinic, { state: "cancelled" });
    expect((await registerPublic(cancelled.slug, guest({ ticketTypeId: cancelled.ticketTypeIds[0] }))).statusCode).toBe(404);

    const started = await makeEvent(t.db, t.ids.clinic, { startsAt: new Date(Date.now() - 3_600_000), hours: 3 });
    const late = await registerPublic(started.slug, guest({ ticketTypeId: started.ticketTypeIds[0] }));
    expect([late.statusCode, late.json().detail]).toEqual([409, EVENT_MESSAGES.eventOver]);

    const offSale = await makeEvent(t.db, t.ids.clinic, {
      tickets: [{ salesStart: new Date(Date.now() + 86_400_000) }, { salesEnd: new Date(Date.now() - 1000) }],
    });
    for (const ticketTypeId of offSale.ticketTypeIds) {
      const refused = await registerPublic(offSale.slug, guest({ ticketTypeId }));
      expect([refused.statusCode, refused.json().detail]).toEqual([409, EVENT_MESSAGES.notOnSale]);
    }

    const event = await makeEvent(t.db, t.ids.clinic);
    const body = guest({ ticketTypeId: event.ticketTypeIds[0] });
    expect((await registerPublic(event.slug, body)).statusCode).toBe(201);
    const again = await registerPublic(event.slug, { ...body, email: (body.email as string).toUpperCase() });
    expect([again.statusCode, again.json().detail]).toEqual([409, EVENT_MESSAGES.alreadyRegistered]);
    expect(await registrationsOf(event.id)).toHaveLength(1);
    for (const id of [draft.id, started.id, offSale.id]) expect(await registrationsOf(id)).toEqual([]);
  });
});

describe("the registrant's private link", () => {
  it("answers only its own token: another or a forged one is 404", async () => {
    const event = await makeEvent(t.db, t.ids.clinic);
    const made = (await registerPublic(event.slug, guest({ ticketTypeId: event.ticketTypeIds[0] }))).json();
    const forged = randomBytes(24).toString("base64url");
    for (const url of [`/api/events/public/registrations/${forged}`, `/api/events/public/registrations/${forged}/calendar.ics`])
      expect((await r.send(null, "GET", url)).statusCode).toBe(404);
    expect((await r.send(null, "POST", `/api/events/public/registrations/${forged}/cancel`)).statusCode).toBe(404);
    // The door's code is not the link.
    const code = ticketCode(linkKey, (await registrationsOf(event.id))[0]?.id as number).split("-")[2] as string;
    expect((await r.send(null, "GET", `/api/events/public/registrations/${code}`)).statusCode).toBe(404);
    expect((await r.send(null, "GET", "/api/events/public/registrations/short")).statusCode).toBe(400);
    expect((await r.send("patient", "GET", `/api/events/public/registrations/${made.token}`)).statusCode).toBe(200);
  });

  it("cancels inside the window (the place goes to the first waiting) and not after, nor twice", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 1, cancelHours: 24 });
    const first = (await registerPublic(event.slug, guest({ ticketTypeId: event.ticketTypeIds[0] }))).json();
    const waitingBody = guest({ ticketTypeId: event.ticketTypeIds[0] });
    await registerPublic(event.slug, waitingBody);
    const cancelled = await r.send(null, "POST", `/api/events/public/registrations/${first.token}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "cancelled", cancelUntil: null, qrDataUrl: null });
    const [, moved] = await registrationsOf(event.id);
    expect(moved?.state).toBe("confirmed");
    expect(moved?.promotedAt).not.toBeNull();
    expect((await mailsTo(waitingBody.email as string)).map((mail) => mail.kind)).toEqual(["event.waiting", "event.confirmed"]);
    expect((await mailsTo(first.registration.email)).map((mail) => mail.kind)).toEqual(["event.confirmed", "event.cancelled"]);
    expect(await takenOf(event.id)).toEqual({ event: 1, tickets: [1] });

    const twice = await r.send(null, "POST", `/api/events/public/registrations/${first.token}/cancel`);
    expect([twice.statusCode, twice.json().detail]).toEqual([409, EVENT_MESSAGES.notCancellable]);

    const soon = await makeEvent(t.db, t.ids.clinic, { startsAt: new Date(Date.now() + 10 * 3_600_000), cancelHours: 24 });
    const late = (await registerPublic(soon.slug, guest({ ticketTypeId: soon.ticketTypeIds[0] }))).json();
    expect(late.registration.cancelUntil).toBeNull();
    const refused = await r.send(null, "POST", `/api/events/public/registrations/${late.token}/cancel`);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, EVENT_MESSAGES.cancelWindowClosed]);
    expect((await registrationsOf(soon.id))[0]?.state).toBe("confirmed");
  });
});

describe("priced places", () => {
  it("a waiting registrant of a priced ticket moves up to pay within a fresh hold, told how", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 1, holdHours: 12, tickets: [{ priceCents: 3000 }] });
    const ticketTypeId = event.ticketTypeIds[0];
    const first = (await registerPublic(event.slug, guest({ ticketTypeId, provider: "manual" }))).json();
    const second = guest({ ticketTypeId, provider: "manual" });
    expect((await registerPublic(event.slug, second)).json().registration.state).toBe("waiting");
    const cancelled = await r.send(null, "POST", `/api/events/public/registrations/${first.token}/cancel`);
    expect(cancelled.json().state).toBe("cancelled");
    const [, moved] = await registrationsOf(event.id);
    expect(moved?.state).toBe("pending_payment");
    expect((moved?.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(11 * 3_600_000);
    expect((moved?.expiresAt?.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    expect((await mailsTo(second.email as string)).map((mail) => mail.kind)).toEqual(["event.waiting", "event.payment_due"]);
    expect(await takenOf(event.id)).toEqual({ event: 1, tickets: [1] });
  });

  it("a paid registrant cancelling by their link is refunded in full", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { tickets: [{ priceCents: 3000 }] });
    const paid = await makeRegistration(
      t.db,
      linkKey,
      { id: event.id, ticketTypeId: event.ticketTypeIds[0] as number },
      { state: "confirmed", amountCents: 3000 },
    );
    const answer = await r.send(null, "POST", `/api/events/public/registrations/${paid.token}/cancel`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ state: "refunded", paidCents: 3000, refundedCents: 3000 });
    expect(await takenOf(event.id)).toEqual({ event: 0, tickets: [0] });
  });
});

describe("staff calls", () => {
  const staffCases: [Who | null, number][] = [
    [null, 401],
    ["patient", 403],
    ["therapist", 403],
    ["otherClinic", 404],
    ["clinic", 200],
    ["admin", 200],
  ];

  it.each(staffCases)("as %s, the list, a registration and its actions answer %i", async (who, status) => {
    const event = await makeEvent(t.db, t.ids.clinic);
    const ticketTypeId = event.ticketTypeIds[0] as number;
    const one = () => makeRegistration(t.db, linkKey, { id: event.id, ticketTypeId }, { state: "confirmed", amountCents: 0 });
    const a = await one();
    expect((await r.send(who, "GET", `/api/events/events/${event.id}/registrations`)).statusCode).toBe(status);
    expect((await r.send(who, "GET", `/api/events/registrations/${a.id}`)).statusCode).toBe(status);
    const added = await r.send(who, "POST", `/api/events/events/${event.id}/registrations`, guest({ ticketTypeId }));
    expect(added.statusCode).toBe(status === 200 ? 201 : status);
    expect((await r.send(who, "POST", `/api/events/registrations/${a.id}/resend`)).statusCode).toBe(status === 200 ? 204 : status);
    expect((await r.send(who, "POST", `/api/events/registrations/${a.id}/check-in`)).statusCode).toBe(status);
    const b = await one();
    expect((await r.send(who, "POST", `/api/events/events/${event.id}/check-in`, { code: ticketCode(linkKey, b.id) })).statusCode).toBe(status);
    const c = await one();
    expect((await r.send(who, "POST", `/api/events/registrations/${c.id}/cancel`, { refund: false })).statusCode).toBe(status);
    const states = (await registrationsOf(event.id)).map((row) => row.state);
    expect(states).toEqual(status === 200 ? ["checked_in", "confirmed", "checked_in", "cancelled"] : ["confirmed", "confirmed", "confirmed"]);
  });

  it("staff add someone to a draft event; the list filters by name, email, number and state, with waiting positions", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { state: "draft", capacity: 2 });
    const ticketTypeId = event.ticketTypeIds[0];
    const ids: number[] = [];
    for (const name of ["Ana Ruiz", "Berta Sanz", "Carla Vidal", "Dora Prat"]) {
      const added = await r.send("clinic", "POST", `/api/events/events/${event.id}/registrations`, guest({ ticketTypeId, name }));
      expect(added.statusCode, added.body).toBe(201);
      ids.push(added.json().id);
    }
    const list = (query: string) => r.send("clinic", "GET", `/api/events/events/${event.id}/registrations${query}`).then((answer) => answer.json());
    const all = await list("");
    expect(all.total).toBe(4);
    expect(all.data.map((row: { state: string; waitingPosition: number | null }) => [row.state, row.waitingPosition])).toEqual([
      ["confirmed", null],
      ["confirmed", null],
      ["waiting", 1],
      ["waiting", 2],
    ]);
    expect((await list("?q=berta")).data.map((row: { id: number }) => row.id)).toEqual([ids[1]]);
    expect((await list(`?q=ER-${String(ids[2]).padStart(6, "0")}`)).data.map((row: { id: number }) => row.id)).toEqual([ids[2]]);
    expect((await list("?state=waiting")).total).toBe(2);
    expect((await list("?q=nobody")).total).toBe(0);
    const other = await r.send("otherClinic", "GET", `/api/events/events/${event.id}/registrations?q=nobody`);
    expect(other.statusCode).toBe(404);
    const detail = await r.send("clinic", "GET", `/api/events/registrations/${ids[3]}`);
    expect(detail.json()).toMatchObject({ state: "waiting", waitingPosition: 2, event: { id: event.id, timeZone: "Europe/Madrid" }, payments: [] });
  });

  it("a staff cancel of a waiting or confirmed registration moves the list up; an ended one is 409", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 1 });
    const ticketTypeId = event.ticketTypeIds[0];
    const added: number[] = [];
    for (let index = 0; index < 3; index++)
      added.push((await r.send("clinic", "POST", `/api/events/events/${event.id}/registrations`, guest({ ticketTypeId }))).json().id);
    const waitingCancel = await r.send("clinic", "POST", `/api/events/registrations/${added[1]}/cancel`, {});
    expect(waitingCancel.json()).toMatchObject({ state: "cancelled", waitingPosition: null });
    expect((await registrationsOf(event.id)).map((row) => row.state)).toEqual(["confirmed", "cancelled", "waiting"]);
    await r.send("clinic", "POST", `/api/events/registrations/${added[0]}/cancel`, { note: "Ill" });
    expect((await registrationsOf(event.id)).map((row) => row.state)).toEqual(["cancelled", "cancelled", "confirmed"]);
    const again = await r.send("clinic", "POST", `/api/events/registrations/${added[0]}/cancel`, {});
    expect([again.statusCode, again.json().detail]).toEqual([409, EVENT_MESSAGES.notCancellable]);
    expect(await takenOf(event.id)).toEqual({ event: 1, tickets: [1] });
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'event.registration.cancel' and detail->>'id' = ${String(added[0])}`,
    );
    expect(audit.rows[0]?.n).toBe(1);
  });

  it("resend queues the email of the registration's state again", async () => {
    const event = await makeEvent(t.db, t.ids.clinic);
    const a = await makeRegistration(
      t.db,
      linkKey,
      { id: event.id, ticketTypeId: event.ticketTypeIds[0] as number },
      { state: "confirmed", amountCents: 0, email: "resend@example.com" },
    );
    const before = (await mailsTo("resend@example.com")).length;
    expect((await r.send("clinic", "POST", `/api/events/registrations/${a.id}/resend`)).statusCode).toBe(204);
    const mails = await mailsTo("resend@example.com");
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.kind).toBe("event.confirmed");
  });
});

describe("check-in at the door", () => {
  it("lets a confirmed ticket in once, and refuses other events', cancelled, unpaid, waiting and forged ones, writing nothing", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { tickets: [{}, { priceCents: 1000 }] });
    const other = await makeEvent(t.db, t.ids.clinic);
    const [free, priced] = event.ticketTypeIds as [number, number];
    const make = (state: "confirmed" | "cancelled" | "pending_payment" | "waiting", ticketTypeId = free) =>
      makeRegistration(t.db, linkKey, { id: event.id, ticketTypeId }, { state, amountCents: ticketTypeId === free ? 0 : 1000 });
    const scan = (eventId: number, code: string) => r.send("clinic", "POST", `/api/events/events/${eventId}/check-in`, { code });

    const ticket = await make("confirmed");
    const refuse = async (eventId: number, code: string, status: number, detail: string) => {
      const answer = await scan(eventId, code);
      expect([answer.statusCode, answer.json().detail ?? answer.json().code?.[0]]).toEqual([status, detail]);
    };
    await refuse(other.id, ticketCode(linkKey, ticket.id), 409, EVENT_MESSAGES.otherEvent);
    await refuse(event.id, ticketCode(linkKey, (await make("cancelled")).id), 409, EVENT_MESSAGES.ticketCancelled);
    await refuse(event.id, ticketCode(linkKey, (await make("pending_payment", priced)).id), 409, EVENT_MESSAGES.ticketUnpaid);
    await refuse(event.id, ticketCode(linkKey, (await make("waiting")).id), 409, EVENT_MESSAGES.ticketWaiting);
    const forged = ticketCode(randomBytes(32), ticket.id);
    await refuse(event.id, forged, 400, EVENT_MESSAGES.ticketUnknown);
    await refuse(event.id, "hello", 400, EVENT_MESSAGES.ticketUnknown);
    const untouched = await registrationsOf(event.id);
    expect(untouched.map((row) => [row.state, row.checkedInAt])).toEqual([
      ["confirmed", null],
      ["cancelled", null],
      ["pending_payment", null],
      ["waiting", null],
    ]);

    // Two scanners at once: one lets them in, the other is told when.
    const both = await Promise.all([scan(event.id, ticketCode(linkKey, ticket.id)), scan(event.id, ticketCode(linkKey, ticket.id))]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const admitted = both.find((answer) => answer.statusCode === 200)?.json();
    expect(admitted.registration).toMatchObject({ id: ticket.id, state: "checked_in" });
    const refused = both.find((answer) => answer.statusCode === 409)?.json();
    expect(refused.detail).toMatch(/^Already checked in at \d{4}-\d{2}-\d{2}, \d{2}:\d{2} [AP]M/);
    const [row] = await t.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.id, ticket.id)));
    expect(row?.checkedInBy).toBe(t.ids.clinic);
    expect(refused.at).toBe(row?.checkedInAt?.toISOString());
    const byId = await r.send("clinic", "POST", `/api/events/registrations/${ticket.id}/check-in`);
    expect(byId.statusCode).toBe(409);
  });
});

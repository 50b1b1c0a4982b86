import { randomBytes } from "node:crypto";
import { EVENT_MESSAGES, type EventDetail, type EventRow, type Paged, type PublicEvent, type RegistrationState } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeClinicAccount } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { makeEvent } from "./events.fixture.ts";

/**
 * Events through the API (issue 37.1): staff of the clinic (and admins, naming the clinic) add,
 * list, change and delete events with their ticket types and questions; the public page shows
 * a published event to anyone. Every refusal writes nothing.
 */

let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const at = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

/** A valid event: a priced ticket type with its own places and sales window, a free one, and a question. */
function eventBody(change: Record<string, unknown> = {}) {
  return {
    title: { en: "Balance workshop", es: "Taller de equilibrio" },
    description: { en: "<p>Exercises for <strong>dizziness</strong>.</p>", es: "<p>Ejercicios.</p>" },
    startsAt: at(20),
    endsAt: at(20, 3),
    timeZone: "Europe/Madrid",
    venue: "Room 2, Calle Mayor 1",
    onlineUrl: "",
    capacity: 20,
    state: "published",
    currency: "EUR",
    cancelHours: 24,
    holdHours: 48,
    ticketTypes: [
      { name: { en: "Standard", es: "General" }, priceCents: 2500, capacity: 15, salesStart: null, salesEnd: at(19) },
      { name: { en: "Free", es: "Gratis" }, priceCents: 0 },
    ],
    questions: [{ id: "diet", label: { en: "Any diet?", es: "¿Alguna dieta?" }, kind: "choice", options: ["None", "Vegetarian"], required: true }],
    ...change,
  };
}

async function create(change: Record<string, unknown> = {}, who: Who = "clinic", clinicId?: string): Promise<EventDetail> {
  const answer = await r.send(who, "POST", `/api/events/events${clinicId ? `?clinicId=${clinicId}` : ""}`, eventBody(change));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

/** The body of a PUT that keeps `event` as it is, with changes. */
function asInput(event: EventDetail, change: Record<string, unknown> = {}) {
  return {
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    venue: event.venue,
    onlineUrl: event.onlineUrl,
    capacity: event.capacity,
    state: event.state,
    currency: event.currency,
    cancelHours: event.cancelHours,
    holdHours: event.holdHours,
    ticketTypes: event.ticketTypes.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      priceCents: ticket.priceCents,
      capacity: ticket.capacity,
      salesStart: ticket.salesStart,
      salesEnd: ticket.salesEnd,
    })),
    questions: event.questions,
    ...change,
  };
}

const PLACE_HOLDING: RegistrationState[] = ["pending_payment", "confirmed", "checked_in"];

/** A registration written straight to the table, holding its place as the registrations' service would. */
async function register(eventId: number, ticketTypeId: number, state: RegistrationState, clinicId = t.ids.clinic): Promise<number> {
  return t.db.transaction(async (tx) => {
    const made = await tx.execute<{ id: number }>(sql`
      insert into event_registrations (event_id, ticket_type_id, clinic_id, name, email, state, currency, token)
      values (${eventId}, ${ticketTypeId}, ${clinicId}, 'Guest', ${`guest-${randomBytes(4).toString("hex")}@example.com`}, ${state}, 'EUR',
        ${randomBytes(32).toString("hex")})
      returning id`);
    if (PLACE_HOLDING.includes(state)) {
      await tx.execute(sql`update event_events set taken = taken + 1 where id = ${eventId}`);
      await tx.execute(sql`update event_ticket_types set taken = taken + 1 where id = ${ticketTypeId}`);
    }
    return Number(made.rows[0]?.id);
  });
}

/** Everything stored of an event, to show a refused call changed nothing. */
async function storedEvent(eventId: number) {
  const event = await t.db.execute(sql`select row_to_json(e) as row from event_events e where e.id = ${eventId}`);
  const tickets = await t.db.execute(sql`select row_to_json(t) as row from event_ticket_types t where t.event_id = ${eventId} order by t.id`);
  return { event: event.rows[0]?.row ?? null, tickets: tickets.rows.map((row) => row.row) };
}

const countEvents = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from event_events`)).rows[0]?.n);

describe("adding an event", () => {
  it("the clinic adds one: slug from the English title, descriptions sanitised, ticket types in order, questions kept", async () => {
    const made = await create({
      title: { en: "  Vértigo & Balance: ¡Spring Workshop!  ", es: "Taller de primavera" },
      description: {
        en: '<h1>Welcome</h1><p>Bring <u>comfortable</u> shoes</p><img src="https://tracker.example/p.png"><p><a href="https://example.com/map">Map</a></p>',
        es: "",
      },
    });
    expect(made).toMatchObject({
      slug: "vertigo-balance-spring-workshop",
      publicPath: "/events/vertigo-balance-spring-workshop",
      title: { en: "Vértigo & Balance: ¡Spring Workshop!", es: "Taller de primavera" },
      state: "published",
      capacity: 20,
      taken: 0,
      currency: "EUR",
      clinic: { id: t.ids.clinic },
      counts: { pending: 0, confirmed: 0, checkedIn: 0, waiting: 0, cancelled: 0 },
      questions: [{ id: "diet", kind: "choice", options: ["None", "Vegetarian"], required: true }],
    });
    expect(made.clinic.name.length).toBeGreaterThan(0);
    expect(made.description.en).toContain("<h2>Welcome</h2>");
    expect(made.description.en).not.toContain("tracker.example");
    expect(made.description.en).toContain('rel="noopener noreferrer nofollow"');
    expect(made.ticketTypes.map((ticket) => [ticket.name.en, ticket.priceCents, ticket.capacity, ticket.taken])).toEqual([
      ["Standard", 2500, 15, 0],
      ["Free", 0, null, 0],
    ]);
    const stored = await t.db.execute<{ created_by: string; position: number }>(
      sql`select e.created_by, t.position from event_events e join event_ticket_types t on t.event_id = e.id where e.id = ${made.id} order by t.id`,
    );
    expect(stored.rows.map((row) => row.position)).toEqual([0, 1]);
    expect(stored.rows[0]?.created_by).toBe(t.ids.clinic);
    const audit = await t.db.execute(sql`select 1 from audit_events where action = 'event.create' and actor_id = ${t.ids.clinic} and outcome = 'ok'`);
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it("keeps slugs unique on the platform (-2, -3), across clinics, and keeps the slug when the title changes", async () => {
    const first = await create({ title: { en: "Dizziness talk", es: "Charla" } });
    const second = await create({ title: { en: "Dizziness talk", es: "Charla 2" } });
    const third = await create({ title: { en: "Dizziness  TALK!", es: "Charla 3" } }, "otherClinic");
    expect([first.slug, second.slug, third.slug]).toEqual(["dizziness-talk", "dizziness-talk-2", "dizziness-talk-3"]);
    const renamed = await r.send("clinic", "PUT", `/api/events/events/${first.id}`, asInput(first, { title: { en: "Another name", es: "Otro" } }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: "dizziness-talk", title: { en: "Another name" } });
    const long = await create({ title: { en: `${"word ".repeat(30)}end`, es: "Largo" } });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).toMatch(/^word(-word)+$/);
    const symbols = await create({ title: { en: "¿¡!?", es: "Símbolos" } });
    expect(symbols.slug).toMatch(/^event(-\d+)?$/);
  });

  it("an admin names the clinic (400 without, 404 for no such clinic); others are refused", async () => {
    const before = await countEvents();
    const unnamed = await r.send("admin", "POST", "/api/events/events", eventBody());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ clinicId: [EVENT_MESSAGES.clinicNeeded] });
    expect((await r.send("admin", "POST", `/api/events/events?clinicId=${t.ids.therapist}`, eventBody())).statusCode).toBe(404);
    expect((await r.send("therapist", "POST", "/api/events/events", eventBody())).statusCode).toBe(403);
    expect((await r.send("patient", "POST", "/api/events/events", eventBody())).statusCode).toBe(403);
    expect((await r.send(null, "POST", "/api/events/events", eventBody())).statusCode).toBe(401);
    expect(await countEvents()).toBe(before);
    const made = await create({}, "admin", r.other.clinic.id);
    expect(made.clinic.id).toBe(r.other.clinic.id);
    // Staff cannot file an event under another clinic by naming it.
    const own = await create({}, "clinic", r.other.clinic.id);
    expect(own.clinic.id).toBe(t.ids.clinic);
  });

  it("refuses an end before the start, no venue nor link, a sales window after the event, and a bad question, writing nothing", async () => {
    const before = await countEvents();
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ endsAt: at(19) }, "endsAt", EVENT_MESSAGES.endsBeforeStart],
      [{ venue: "  ", onlineUrl: "" }, "venue", EVENT_MESSAGES.placeOrLink],
      [{ ticketTypes: [{ name: { en: "Late", es: "Tarde" }, priceCents: 0, salesEnd: at(21) }] }, "ticketTypes.0.salesEnd", EVENT_MESSAGES.salesEndAfterStart],
      [
        { ticketTypes: [{ name: { en: "Late", es: "Tarde" }, priceCents: 0, salesStart: at(20, 1) }] },
        "ticketTypes.0.salesStart",
        EVENT_MESSAGES.salesEndAfterStart,
      ],
      [{ ticketTypes: [{ name: { en: "Odd", es: "Raro" }, priceCents: 0, salesStart: at(5), salesEnd: at(4) }] }, "ticketTypes.0.salesEnd", undefined],
      [{ ticketTypes: [] }, "ticketTypes", undefined],
      [{ capacity: 0 }, "capacity", undefined],
      [{ ticketTypes: [{ name: { en: "Neg", es: "Neg" }, priceCents: -1 }] }, "ticketTypes.0.priceCents", undefined],
      [{ onlineUrl: "javascript:alert(1)" }, "onlineUrl", undefined],
      [{ questions: [{ id: "q", label: { en: "Pick", es: "Elige" }, kind: "choice", options: ["Only one"] }] }, "questions.0.options", undefined],
      [{ timeZone: "Mars/Olympus" }, "timeZone", undefined],
      [{ description: { en: "<script>alert(1)</script>", es: "" } }, "description.en", undefined],
    ];
    for (const [change, field, message] of cases) {
      const answer = await r.send("clinic", "POST", "/api/events/events", eventBody(change));
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(answer.json(), field).toHaveProperty([field]);
      if (message) expect(answer.json()[field]).toContain(message);
    }
    // Online only is fine.
    await create({ venue: "", onlineUrl: "https://meet.example.com/balance" });
    expect(await countEvents()).toBe(before + 1);
  });
});

describe("reading events", () => {
  it("an event in detail: ticket types with their places taken, registrations counted by state", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 10, tickets: [{ priceCents: 1000, capacity: 4 }, {}] });
    const [paid, free] = event.ticketTypeIds as [number, number];
    await register(event.id, paid, "pending_payment");
    await register(event.id, paid, "confirmed");
    await register(event.id, free, "confirmed");
    await register(event.id, free, "checked_in");
    await register(event.id, free, "waiting");
    for (const state of ["cancelled", "refunded", "expired"] as const) await register(event.id, paid, state);
    const answer = await r.send("clinic", "GET", `/api/events/events/${event.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail: EventDetail = answer.json();
    expect(detail).toMatchObject({
      id: event.id,
      slug: event.slug,
      publicPath: `/events/${event.slug}`,
      capacity: 10,
      taken: 4,
      counts: { pending: 1, confirmed: 2, checkedIn: 1, waiting: 1, cancelled: 3 },
    });
    expect(detail.ticketTypes.map((ticket) => [ticket.id, ticket.capacity, ticket.taken])).toEqual([
      [paid, 4, 2],
      [free, null, 2],
    ]);
    expect((await r.send("admin", "GET", `/api/events/events/${event.id}`)).statusCode).toBe(200);
  });

  it("each role: therapists and patients 403, signed out 401, another clinic's staff 404", async () => {
    const event = await makeEvent(t.db, t.ids.clinic);
    const url = `/api/events/events/${event.id}`;
    const before = await storedEvent(event.id);
    const refusals: [Who | null, number][] = [
      [null, 401],
      ["patient", 403],
      ["therapist", 403],
      ["otherPatient", 403],
      ["otherTherapist", 403],
      ["otherClinic", 404],
    ];
    for (const [who, status] of refusals) {
      expect((await r.send(who, "GET", url)).statusCode, `GET ${who}`).toBe(status);
      expect((await r.send(who, "PUT", url, eventBody())).statusCode, `PUT ${who}`).toBe(status);
      expect((await r.send(who, "DELETE", url)).statusCode, `DELETE ${who}`).toBe(status);
      if (who !== "otherClinic") expect((await r.send(who, "GET", "/api/events/events")).statusCode, `list ${who}`).toBe(status);
    }
    expect(await storedEvent(event.id)).toEqual(before);
    expect((await r.send("clinic", "GET", "/api/events/events/2000000000")).statusCode).toBe(404);
    const refused = await t.db.execute(
      sql`select 1 from audit_events where action = 'event.delete' and outcome = 'refused' and detail->>'id' = ${String(event.id)}`,
    );
    expect(refused.rows.length).toBeGreaterThan(0);
  });

  it("lists upcoming (soonest first), past (latest first) or all, by title in either language, state and (admins) clinic", async () => {
    // A clinic of its own, so the other tests' events do not show in its lists.
    const lister = await makeClinicAccount(t.db, { nombres: "Lister", apellidos: "Clinic" });
    const listerCookie = await t.login(lister.email, lister.password);
    const other = lister.id;
    const title = (label: string) => `Listing ${label} ${randomBytes(3).toString("hex")}`;
    const soon = await makeEvent(t.db, other, { title: title("soon"), startsAt: new Date(Date.now() + 2 * DAY) });
    const later = await makeEvent(t.db, other, { title: title("later"), startsAt: new Date(Date.now() + 9 * DAY), state: "draft" });
    const running = await makeEvent(t.db, other, { title: title("running"), startsAt: new Date(Date.now() - 3_600_000), hours: 3 });
    const ended = await makeEvent(t.db, other, { title: title("ended"), startsAt: new Date(Date.now() - 5 * DAY) });
    const older = await makeEvent(t.db, other, { title: title("older"), startsAt: new Date(Date.now() - 30 * DAY) });
    const percent = await makeEvent(t.db, other, { title: "Discount 100% off", startsAt: new Date(Date.now() + 3 * DAY) });
    await register(soon.id, soon.ticketTypeIds[0] as number, "waiting", other);
    await register(soon.id, soon.ticketTypeIds[0] as number, "waiting", other);
    await register(soon.id, soon.ticketTypeIds[0] as number, "checked_in", other);
    await register(soon.id, soon.ticketTypeIds[0] as number, "confirmed", other);

    const list = async (who: Who | "lister", query: string) => {
      const url = `/api/events/events?${query}`;
      const answer = who === "lister" ? await t.app.inject({ method: "GET", url, headers: { cookie: listerCookie } }) : await r.send(who, "GET", url);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Paged<EventRow>;
    };
    const ids = (page: Paged<EventRow>) => page.data.map((row) => row.id);
    expect(ids(await list("lister", "rowsPerPage=50"))).toEqual([running.id, soon.id, percent.id, later.id]);
    expect(ids(await list("lister", "when=past&rowsPerPage=50"))).toEqual([ended.id, older.id]);
    expect(ids(await list("lister", "when=all&rowsPerPage=50"))).toEqual([later.id, percent.id, soon.id, running.id, ended.id, older.id]);
    const paged = await list("lister", "when=all&rowsPerPage=2&page=2");
    expect(paged).toMatchObject({ page: 2, total: 6 });
    expect(ids(paged)).toEqual([soon.id, running.id]);
    expect(ids(await list("lister", "when=all&state=draft"))).toEqual([later.id]);
    // The fixture's Spanish titles are "Taller <n>": the search reads both languages.
    expect(ids(await list("lister", `when=all&q=${encodeURIComponent("taller")}&rowsPerPage=50`))).toHaveLength(6);
    expect(ids(await list("lister", `when=all&q=${encodeURIComponent("100%")}`))).toEqual([percent.id]);
    expect(ids(await list("lister", `when=all&q=${encodeURIComponent("%")}`))).toEqual([percent.id]);
    expect(ids(await list("lister", `when=all&q=${encodeURIComponent("_")}`))).toEqual([]);
    const row = (await list("lister", "rowsPerPage=50")).data.find((item) => item.id === soon.id);
    expect(row).toMatchObject({ slug: soon.slug, state: "published", capacity: 20, taken: 2, waiting: 2, checkedIn: 1, clinic: { id: other } });
    expect(row?.clinic.name).toBe("Lister Clinic");

    // The demo clinic sees none of them; an admin sees every clinic's, or one clinic's when named.
    expect(ids(await list("clinic", "when=all&rowsPerPage=100"))).not.toContain(soon.id);
    const named = await list("admin", `when=all&clinicId=${other}&rowsPerPage=100`);
    expect(ids(named)).toEqual([later.id, percent.id, soon.id, running.id, ended.id, older.id]);
    expect((await list("admin", "when=all&rowsPerPage=100")).total).toBeGreaterThan(named.total);
    // Staff naming another clinic still see their own only.
    expect(ids(await list("clinic", `when=all&clinicId=${other}&rowsPerPage=100`))).not.toContain(soon.id);
  });
});

describe("changing an event", () => {
  it("keeps ticket types matched by id, adds new ones, removes missing ones without registrations, in the order given", async () => {
    const made = await create();
    const [standard, free] = made.ticketTypes as [EventDetail["ticketTypes"][number], EventDetail["ticketTypes"][number]];
    const change = asInput(made, {
      title: { en: "Balance workshop (updated)", es: "Taller actualizado" },
      venue: "",
      onlineUrl: "https://meet.example.com/x",
      description: { en: '<p onclick="x()">Hi</p>', es: "<p>Hola</p>" },
      ticketTypes: [
        { name: { en: "Member", es: "Socio" }, priceCents: 1500, capacity: 5 },
        { id: standard.id, name: { en: "Standard+", es: "General+" }, priceCents: 3000, capacity: 16, salesStart: at(1), salesEnd: at(19) },
      ],
    });
    const answer = await r.send("clinic", "PUT", `/api/events/events/${made.id}`, { ...change, description: { en: "<p>Hi <em>there</em></p>", es: "" } });
    expect(answer.statusCode, answer.body).toBe(200);
    const updated: EventDetail = answer.json();
    expect(updated).toMatchObject({ slug: made.slug, title: { en: "Balance workshop (updated)" }, venue: "", onlineUrl: "https://meet.example.com/x" });
    expect(updated.ticketTypes.map((ticket) => [ticket.name.en, ticket.priceCents, ticket.capacity])).toEqual([
      ["Member", 1500, 5],
      ["Standard+", 3000, 16],
    ]);
    expect(updated.ticketTypes[1]?.id).toBe(standard.id);
    const gone = await t.db.execute(sql`select 1 from event_ticket_types where id = ${free.id}`);
    expect(gone.rows).toHaveLength(0);
    const audit = await t.db.execute(sql`select 1 from audit_events where action = 'event.update' and detail->>'id' = ${String(made.id)} and outcome = 'ok'`);
    expect(audit.rows).toHaveLength(1);
  });

  it("refuses a capacity below the places taken, a ticket's capacity below its own, another event's ticket, a used ticket removed, a new currency: nothing written", async () => {
    const made = await create({ capacity: 10 });
    const [standard, free] = made.ticketTypes as [EventDetail["ticketTypes"][number], EventDetail["ticketTypes"][number]];
    await register(made.id, standard.id, "confirmed");
    await register(made.id, standard.id, "pending_payment");
    await register(made.id, free.id, "checked_in");
    await register(made.id, free.id, "cancelled");
    const foreign = await makeEvent(t.db, t.ids.clinic);
    const current: EventDetail = (await r.send("clinic", "GET", `/api/events/events/${made.id}`)).json();
    const before = await storedEvent(made.id);
    const put = (change: Record<string, unknown>) => r.send("clinic", "PUT", `/api/events/events/${made.id}`, asInput(current, change));
    const tickets = asInput(current).ticketTypes;

    const belowTaken = await put({ capacity: 2, title: { en: "Changed", es: "Cambiado" } });
    expect(belowTaken.statusCode).toBe(400);
    expect(belowTaken.json()).toEqual({ capacity: [EVENT_MESSAGES.capacityBelowTaken.replace("{taken}", "3")] });

    const ticketBelow = await put({ ticketTypes: [{ ...tickets[0], capacity: 1 }, tickets[1]] });
    expect(ticketBelow.statusCode).toBe(400);
    expect(ticketBelow.json()).toEqual({ "ticketTypes.0.capacity": [EVENT_MESSAGES.ticketCapacityBelowTaken.replace("{taken}", "2")] });

    const otherTicket = await put({ ticketTypes: [...tickets, { ...tickets[1], id: foreign.ticketTypeIds[0] }] });
    expect(otherTicket.statusCode).toBe(400);
    expect(otherTicket.json()).toHaveProperty(["ticketTypes.2.id"]);
    const twice = await put({ ticketTypes: [...tickets, tickets[1]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toHaveProperty(["ticketTypes.2.id"]);

    // The free ticket has a cancelled and a checked-in registration: it stays.
    const removed = await put({ ticketTypes: [tickets[0]] });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().detail).toBe(EVENT_MESSAGES.ticketInUse);

    const currency = await put({ currency: "USD" });
    expect(currency.statusCode).toBe(409);

    const afterStart = await put({ startsAt: at(18), endsAt: at(18, 2) });
    expect(afterStart.statusCode).toBe(400);
    expect(afterStart.json()).toHaveProperty(["ticketTypes.0.salesEnd"]);

    expect(await storedEvent(made.id)).toEqual(before);
    // A capacity equal to the places taken is fine.
    const exact = await put({ capacity: 3, ticketTypes: [{ ...tickets[0], capacity: 2 }, tickets[1]] });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ capacity: 3, taken: 3 });
  });

  it("the currency may change while nobody has registered", async () => {
    const made = await create();
    const answer = await r.send("clinic", "PUT", `/api/events/events/${made.id}`, asInput(made, { currency: "USD" }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().currency).toBe("USD");
  });
});

describe("deleting an event", () => {
  it("refuses (409) an event with registrations, cancelled ones included; deletes one without, its costs and tasks with it", async () => {
    const withGuests = await makeEvent(t.db, t.ids.clinic);
    await register(withGuests.id, withGuests.ticketTypeIds[0] as number, "cancelled");
    const before = await storedEvent(withGuests.id);
    const refused = await r.send("clinic", "DELETE", `/api/events/events/${withGuests.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(EVENT_MESSAGES.eventHasRegistrations);
    expect(await storedEvent(withGuests.id)).toEqual(before);

    const empty = await makeEvent(t.db, t.ids.clinic);
    await t.db.execute(sql`insert into event_costs (event_id, category, planned_cents) values (${empty.id}, 'venue', 10000)`);
    await t.db.execute(sql`insert into event_tasks (event_id, title) values (${empty.id}, 'Book the room')`);
    expect((await r.send("admin", "DELETE", `/api/events/events/${empty.id}`)).statusCode).toBe(204);
    const left = await t.db.execute<{ n: number }>(sql`select
      (select count(*) from event_events where id = ${empty.id}) + (select count(*) from event_ticket_types where event_id = ${empty.id})
      + (select count(*) from event_costs where event_id = ${empty.id}) + (select count(*) from event_tasks where event_id = ${empty.id}) as n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
    expect((await r.send("clinic", "GET", `/api/events/events/${empty.id}`)).statusCode).toBe(404);
  });
});

describe("the public event page", () => {
  const show = (slug: string, who: Who | null = null) => r.send(who, "GET", `/api/events/public/${slug}`);

  it("shows a published event to anyone: places left overall and per ticket, what is on sale now, the ways to pay", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, {
      capacity: 5,
      tickets: [
        { priceCents: 2000, capacity: 2, name: "Limited" },
        { name: "Open" },
        { name: "Not yet", salesStart: new Date(Date.now() + DAY) },
        { name: "Closed", salesEnd: new Date(Date.now() - DAY) },
      ],
    });
    const [limited, open] = event.ticketTypeIds as [number, number];
    await register(event.id, limited, "confirmed");
    await register(event.id, open, "pending_payment");
    await register(event.id, open, "waiting");
    for (const who of [null, "patient", "therapist", "otherClinic", "admin"] as const) {
      const answer = await show(event.slug, who);
      expect(answer.statusCode, `${who}: ${answer.body}`).toBe(200);
    }
    const page: PublicEvent = (await show(event.slug)).json();
    expect(page).toMatchObject({ slug: event.slug, available: 3, open: true, providers: ["manual"], currency: "EUR", cancelHours: 24 });
    expect(page.clinicName.length).toBeGreaterThan(0);
    expect(page.description.en).toContain("<p>");
    expect(page.ticketTypes.map((ticket) => [ticket.name.en, ticket.priceCents, ticket.available, ticket.onSale])).toEqual([
      ["Limited", 2000, 1, true],
      ["Open", 0, 3, true],
      ["Not yet", 0, 3, false],
      ["Closed", 0, 3, false],
    ]);
    expect(page).not.toHaveProperty("taken");
    expect(page).not.toHaveProperty("id");
  });

  it("a full event offers no places; a started one is not open and sells nothing", async () => {
    const full = await makeEvent(t.db, t.ids.clinic, { capacity: 1 });
    await register(full.id, full.ticketTypeIds[0] as number, "confirmed");
    const page: PublicEvent = (await show(full.slug)).json();
    expect(page).toMatchObject({ available: 0, open: true });
    expect(page.ticketTypes[0]).toMatchObject({ available: 0, onSale: true });
    const started = await makeEvent(t.db, t.ids.clinic, { startsAt: new Date(Date.now() - 3_600_000), hours: 3 });
    const running: PublicEvent = (await show(started.slug)).json();
    expect(running.open).toBe(false);
    expect(running.ticketTypes[0]?.onSale).toBe(false);
  });

  it("hides drafts, cancelled events and unknown slugs (404); a slug out of shape is refused", async () => {
    const draft = await makeEvent(t.db, t.ids.clinic, { state: "draft" });
    const cancelled = await makeEvent(t.db, t.ids.clinic, { state: "cancelled" });
    expect((await show(draft.slug)).statusCode).toBe(404);
    expect((await show(draft.slug, "clinic")).statusCode).toBe(404);
    expect((await show(cancelled.slug)).statusCode).toBe(404);
    expect((await show("no-such-event")).statusCode).toBe(404);
    expect((await show("Upper_Case")).statusCode).toBe(400);
    // Published by its staff, it shows.
    const detail: EventDetail = (await r.send("clinic", "GET", `/api/events/events/${draft.id}`)).json();
    expect((await r.send("clinic", "PUT", `/api/events/events/${draft.id}`, asInput(detail, { state: "published" }))).statusCode).toBe(200);
    expect((await show(draft.slug)).statusCode).toBe(200);
  });

  it("answers 404 to every call, the public page too, while the module is off", async () => {
    const event = await makeEvent(t.db, t.ids.clinic);
    await t.app.flags.set("event_app", false, t.ids.admin);
    try {
      expect((await show(event.slug)).statusCode).toBe(404);
      expect((await r.send("clinic", "GET", "/api/events/events")).statusCode).toBe(404);
      expect((await r.send("clinic", "GET", `/api/events/events/${event.id}`)).statusCode).toBe(404);
      expect((await r.send("admin", "POST", `/api/events/events?clinicId=${t.ids.clinic}`, eventBody())).statusCode).toBe(404);
      expect((await r.send("clinic", "DELETE", `/api/events/events/${event.id}`)).statusCode).toBe(404);
    } finally {
      await t.app.flags.set("event_app", true, t.ids.admin);
    }
    expect((await show(event.slug)).statusCode).toBe(200);
  });
});

describe("a larger capacity moves the waiting list up", () => {
  it("in the same transaction as the change, in arrival order, as many as the new places", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 1 });
    const ticket = event.ticketTypeIds[0] as number;
    await register(event.id, ticket, "confirmed");
    const first = await register(event.id, ticket, "waiting");
    const second = await register(event.id, ticket, "waiting");
    const third = await register(event.id, ticket, "waiting");
    const detail: EventDetail = (await r.send("clinic", "GET", `/api/events/events/${event.id}`)).json();
    const answer = await r.send("clinic", "PUT", `/api/events/events/${event.id}`, asInput(detail, { capacity: 3 }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ capacity: 3, taken: 3, counts: { waiting: 1 } });
    const states = await t.db.execute<{ id: number; state: string }>(
      sql`select id, state from event_registrations where id = any(${sql.param([first, second, third])}::int[]) order by id`,
    );
    expect(states.rows.map((row) => row.state === "waiting")).toEqual([false, false, true]);
  });
});

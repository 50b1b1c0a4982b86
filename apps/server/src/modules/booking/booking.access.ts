import { sql } from "drizzle-orm";
import { type AccessTable, anyone, type Expected, type MatrixFixtures, type MatrixRole } from "../../guardrails/access-matrix.ts";

/**
 * The booking app's cells (issue 35). Staff calls need the schedule codenames, which the clinic
 * group holds and therapists and patients do not (403); admins name the clinic of a clinic-wide
 * call. The public calls are for anyone, signed in or not: a service's page, its free starts,
 * booking, and the client's own booking by its private link (the link's secret is the key).
 */

/** The demo clinic and admins; 403 to everyone else signed in. */
const managers = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

interface DemoBooking {
  locationId: number;
  serviceId: number;
  slug: string;
  variationId: number;
  resourceId: number;
}

/** No notice, two years ahead, a start every 5 minutes. */
const settings = {
  windowDays: 730,
  minNoticeMinutes: 0,
  cancelWindowHours: 0,
  stepMinutes: 5,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  pageTexts: { en: { title: "Book", intro: "" }, es: { title: "Reservar", intro: "" } },
};

/**
 * A location open all day every day (UTC), a service given by the clinic itself with one
 * 10-minute variation needing one of 50 mats; no notice, two years ahead. Made once per run.
 */
async function makeSetup(fx: MatrixFixtures): Promise<DemoBooking> {
  await fx.api("clinic", "PUT", "/api/schedule/settings", settings);
  const location = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/locations", { name: fx.unique("Matrix centre"), timeZone: "UTC" });
  await fx.api("clinic", "PUT", "/api/schedule/hours", {
    providerId: fx.ids.clinic,
    locationId: location.id,
    rules: [{ day: "all", start: "00:00", end: "23:59" }],
  });
  const resource = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/resources", {
    locationId: location.id,
    name: fx.unique("Mat"),
    kind: "equipment",
    quantity: 50,
  });
  const slug = fx
    .unique("matrix-visit")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-");
  const service = await fx.api<{ id: number; variations: { id: number }[] }>("clinic", "POST", "/api/schedule/services", {
    locationId: location.id,
    name: "Matrix visit",
    description: "A short visit.",
    slug,
    providerIds: [fx.ids.clinic],
    variations: [{ name: "Short", durationMinutes: 10, priceCents: 2500, resourceIds: [resource.id] }],
  });
  return { locationId: location.id, serviceId: service.id, slug, variationId: service.variations[0]?.id as number, resourceId: resource.id };
}

const setups = new WeakMap<MatrixFixtures, Promise<DemoBooking>>();
const setupOf = (fx: MatrixFixtures) => {
  let found = setups.get(fx);
  if (!found) {
    found = makeSetup(fx);
    setups.set(fx, found);
  }
  return found;
};

/** A start no other cell of the run gets: 15 minutes apart from two days ahead, UTC. */
let nextSlot = 0;
function freeStart(): string {
  const base = new Date();
  base.setUTCHours(0, 0, 0, 0);
  return new Date(base.getTime() + 2 * 86_400_000 + nextSlot++ * 15 * 60_000).toISOString();
}

/** Moves a booking into the past directly (the API books only ahead), each to a time of its own. */
let pastSlots = 0;
async function moveToPast(fx: MatrixFixtures, id: number): Promise<void> {
  const start = new Date(Date.now() - 86_400_000 - pastSlots++ * 15 * 60_000);
  const end = new Date(start.getTime() + 10 * 60_000);
  await fx.db.execute(sql`update bookings set starts_at = ${start}, ends_at = ${end}, holds_from = ${start}, holds_to = ${end} where id = ${id}`);
}

const bookingBody = (setup: DemoBooking, client = true) => ({
  variationId: setup.variationId,
  providerId: null,
  start: freeStart(),
  timeZone: "Europe/Madrid",
  language: "es",
  ...(client ? { client: { name: "Matrix Guest", email: "guest@example.com", phone: "" } } : {}),
});

/** A confirmed booking made by staff (a cell's own). */
async function staffBooking(fx: MatrixFixtures): Promise<number> {
  const setup = await setupOf(fx);
  return (await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/bookings", { ...bookingBody(setup), clientUserId: null })).id;
}

/** A booking of the demo patient, signed in, and its private link's secret (a cell's own). */
async function patientBooking(fx: MatrixFixtures): Promise<{ id: number; token: string }> {
  const setup = await setupOf(fx);
  const made = await fx.api<{ id: number; manageUrl: string }>("patient", "POST", "/api/schedule/public/bookings", bookingBody(setup, false));
  return { id: made.id, token: made.manageUrl.split("/").at(-1) as string };
}

const clinicQuery = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {});
const setupParam = async (fx: MatrixFixtures) => ({ query: { locationId: String((await setupOf(fx)).locationId) } });

export const bookingAccess: AccessTable = {
  // ---------------------------------------------------------------- settings, locations, providers
  "GET /api/schedule/settings": { expect: managers(200), request: clinicQuery },
  "PUT /api/schedule/settings": { expect: managers(200), request: (fx, role) => ({ ...clinicQuery(fx, role), body: settings }) },
  "GET /api/schedule/locations": { expect: managers(200) },
  "POST /api/schedule/locations": {
    expect: managers(201),
    request: (fx, role) => ({ body: { name: fx.unique("Annex"), timeZone: "Europe/Madrid", ...(role === "admin" ? { clinicId: fx.ids.clinic } : {}) } }),
  },
  "PUT /api/schedule/locations/:id": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: (await setupOf(fx)).locationId }, body: { name: "Matrix centre", timeZone: "UTC" } }),
  },
  "DELETE /api/schedule/locations/:id": {
    expect: managers(204),
    request: async (fx) => ({
      params: { id: (await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/locations", { name: fx.unique("Old"), timeZone: "UTC" })).id },
    }),
  },
  "GET /api/schedule/providers": { expect: managers(200), request: clinicQuery },

  // ---------------------------------------------------------------- hours and special days
  "GET /api/schedule/hours": { expect: managers(200), request: setupParam },
  "PUT /api/schedule/hours": {
    expect: managers(200),
    request: async (fx) => ({
      body: { providerId: fx.ids.clinic, locationId: (await setupOf(fx)).locationId, rules: [{ day: "all", start: "00:00", end: "23:59" }] },
    }),
  },
  "GET /api/schedule/special-days": { expect: managers(200), request: setupParam },
  "POST /api/schedule/special-days": {
    expect: managers(201),
    request: async (fx) => {
      // A location of the cell's own: a special day is one per date and location.
      const location = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/locations", { name: fx.unique("Day"), timeZone: "UTC" });
      return { body: { locationId: location.id, date: "2031-01-01", closed: true, note: "New Year" } };
    },
  },
  "PUT /api/schedule/special-days/:id": {
    expect: managers(200),
    request: async (fx) => {
      const location = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/locations", { name: fx.unique("Day"), timeZone: "UTC" });
      const body = { locationId: location.id, date: "2031-01-06", closed: true };
      const made = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/special-days", body);
      return { params: { id: made.id }, body: { ...body, closed: false, start: "10:00", end: "14:00" } };
    },
  },
  "DELETE /api/schedule/special-days/:id": {
    expect: managers(204),
    request: async (fx) => {
      const location = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/locations", { name: fx.unique("Day"), timeZone: "UTC" });
      const made = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/special-days", { locationId: location.id, date: "2031-05-01", closed: true });
      return { params: { id: made.id } };
    },
  },

  // ---------------------------------------------------------------- resources and services
  "GET /api/schedule/resources": { expect: managers(200) },
  "POST /api/schedule/resources": {
    expect: managers(201),
    request: async (fx) => ({ body: { locationId: (await setupOf(fx)).locationId, name: fx.unique("Chair"), kind: "equipment", quantity: 1 } }),
  },
  "PUT /api/schedule/resources/:id": {
    expect: managers(200),
    request: async (fx) => {
      const { locationId } = await setupOf(fx);
      const made = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/resources", {
        locationId,
        name: fx.unique("Room"),
        kind: "room",
        quantity: 1,
      });
      return { params: { id: made.id }, body: { locationId, name: fx.unique("Room"), kind: "room", quantity: 2 } };
    },
  },
  "DELETE /api/schedule/resources/:id": {
    expect: managers(204),
    request: async (fx) => {
      const { locationId } = await setupOf(fx);
      return {
        params: {
          id: (await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/resources", { locationId, name: fx.unique("Spare"), kind: "room", quantity: 1 }))
            .id,
        },
      };
    },
  },
  "GET /api/schedule/services": { expect: managers(200) },
  "GET /api/schedule/services/:id": { expect: managers(200), request: async (fx) => ({ params: { id: (await setupOf(fx)).serviceId } }) },
  "POST /api/schedule/services": {
    expect: managers(201),
    request: async (fx) => ({
      body: {
        locationId: (await setupOf(fx)).locationId,
        name: "Follow-up",
        description: "A follow-up visit.",
        slug: fx
          .unique("follow-up")
          .toLowerCase()
          .replace(/[^a-z0-9-]/g, "-"),
        providerIds: [fx.ids.clinic],
        variations: [{ name: "30 min", durationMinutes: 30, priceCents: 4000 }],
      },
    }),
  },
  "PUT /api/schedule/services/:id": {
    expect: managers(200),
    request: async (fx) => {
      const { locationId } = await setupOf(fx);
      const body = {
        locationId,
        name: "Check",
        description: "A check.",
        slug: fx
          .unique("check")
          .toLowerCase()
          .replace(/[^a-z0-9-]/g, "-"),
        providerIds: [fx.ids.clinic],
        variations: [{ name: "20 min", durationMinutes: 20, priceCents: 3000 }],
      };
      const made = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/services", body);
      return { params: { id: made.id }, body: { ...body, name: "Check-up" } };
    },
  },
  "DELETE /api/schedule/services/:id": {
    expect: managers(204),
    request: async (fx) => {
      const { locationId } = await setupOf(fx);
      const made = await fx.api<{ id: number }>("clinic", "POST", "/api/schedule/services", {
        locationId,
        name: "Gone",
        description: "Never booked.",
        slug: fx
          .unique("gone")
          .toLowerCase()
          .replace(/[^a-z0-9-]/g, "-"),
        providerIds: [fx.ids.clinic],
        variations: [{ name: "10 min", durationMinutes: 10, priceCents: 0 }],
      });
      return { params: { id: made.id } };
    },
  },

  // ---------------------------------------------------------------- bookings (staff)
  "GET /api/schedule/slots": {
    expect: managers(200),
    request: async (fx) => {
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      return { query: { variationId: String((await setupOf(fx)).variationId), from: day, to: day } };
    },
  },
  "GET /api/schedule/bookings": { expect: managers(200) },
  "GET /api/schedule/bookings/:id": { expect: managers(200), request: async (fx) => ({ params: { id: await staffBooking(fx) } }) },
  "POST /api/schedule/bookings": {
    expect: managers(201),
    request: async (fx) => ({ body: { ...bookingBody(await setupOf(fx)), clientUserId: null } }),
  },
  "POST /api/schedule/bookings/:id/move": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: await staffBooking(fx) }, body: { start: freeStart() } }),
  },
  "POST /api/schedule/bookings/:id/cancel": { expect: managers(200), request: async (fx) => ({ params: { id: await staffBooking(fx) } }) },
  "POST /api/schedule/bookings/:id/outcome": {
    expect: managers(200),
    request: async (fx) => {
      const id = await staffBooking(fx);
      // Its time has come.
      await moveToPast(fx, id);
      return { params: { id }, body: { status: "no_show" } };
    },
  },

  // ---------------------------------------------------------------- ratings, dashboard, report
  "GET /api/schedule/ratings": { expect: managers(200) },
  "GET /api/schedule/ratings/summary": { expect: managers(200) },
  "GET /api/schedule/report": { expect: managers(200), request: () => ({ query: { since: "2026-01-01", to: "2026-12-31" } }) },
  "GET /api/schedule/report/export": { expect: managers(200), request: () => ({ query: { since: "2026-01-01", to: "2026-12-31", format: "csv" } }) },

  // ---------------------------------------------------------------- public: anyone, signed in or not
  "GET /api/schedule/public/services/:slug": { expect: anyone(200), request: async (fx) => ({ params: { slug: (await setupOf(fx)).slug } }) },
  "GET /api/schedule/public/slots": {
    expect: anyone(200),
    request: async (fx) => {
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      return { query: { variationId: String((await setupOf(fx)).variationId), from: day, to: day } };
    },
  },
  "POST /api/schedule/public/bookings": { expect: anyone(201), request: async (fx) => ({ body: bookingBody(await setupOf(fx)) }) },
  "GET /api/schedule/public/my-booking/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: (await patientBooking(fx)).token } }) },
  "POST /api/schedule/public/my-booking/:token/confirm": {
    expect: anyone(200),
    request: async (fx) => {
      // A guest's booking, and the secrets of the link its confirmation email carries.
      const setup = await setupOf(fx);
      const email = `${fx
        .unique("guest")
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")}@example.com`;
      await fx.inject({
        method: "POST",
        url: "/api/schedule/public/bookings",
        payload: { ...bookingBody(setup), client: { name: "Guest", email, phone: "" } },
      });
      const mail = await fx.db.execute<{ text: string }>(sql`select text from mail_messages where "to" = ${email} and kind = 'booking.confirm'`);
      const link = /my-booking\/([A-Za-z0-9_-]{32})\?confirm=([A-Za-z0-9_-]{32})/.exec(mail.rows[0]?.text ?? "");
      return { params: { token: link?.[1] ?? "" }, body: { token: link?.[2] ?? "" } };
    },
  },
  "POST /api/schedule/public/my-booking/:token/move": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: (await patientBooking(fx)).token }, body: { start: freeStart() } }),
  },
  "POST /api/schedule/public/my-booking/:token/cancel": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: (await patientBooking(fx)).token } }),
  },
  "POST /api/schedule/public/my-booking/:token/rating": {
    expect: anyone(201),
    request: async (fx) => {
      const { id, token } = await patientBooking(fx);
      await moveToPast(fx, id);
      return { params: { token }, body: { score: 5, comment: "Very good." } };
    },
  },
};

import type { Booking, BookingRating, BookingRatingsSummary, BookingsQuery, ManagedBooking, Paged, PageQuery, PublicBookingService } from "@clinic/shared";
import { and, asc, desc, eq, gte, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Actor, clinicOf } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { containsPattern, type PageTotal, pageOf, pageWindow } from "../../platform/paging.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { DEFAULT_BOOKING_SETTINGS } from "./availability.ts";
import {
  bookingLocations,
  bookingRatings,
  bookingResources,
  bookingResourceUnits,
  bookingServiceProviders,
  bookingServices,
  bookingSettings,
  bookingUnitHolds,
  bookingVariations,
  bookings,
} from "./booking.table.ts";
import { type BookingRow, changeableUntil, isRatable } from "./bookings.service.ts";
import { managedBy } from "../../platform/access.ts";

/** What the booking app's screens read (issue 35): staff's lists in their clinic's scope, a client's booking by its link, a service's public page. */

const provider = alias(users, "provider");
const zoneOf = (day: string, zone: SQLWrapper) => sql`(${day}::date::timestamp at time zone ${zone})`;

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  serviceId: bookingServices.id,
  serviceName: bookingServices.name,
  variationId: bookingVariations.id,
  variationName: bookingVariations.name,
  providerId: provider.id,
  providerName: personName(provider),
  locationId: bookingLocations.id,
  locationName: bookingLocations.name,
  locationZone: bookingLocations.timeZone,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  clientUserId: bookings.clientUserId,
  clientName: bookings.clientName,
  clientEmail: bookings.clientEmail,
  clientPhone: bookings.clientPhone,
  timeZone: bookings.timeZone,
  appointmentType: bookings.appointmentType,
  priceCents: bookings.priceCents,
  resources: sql<string[]>`array(
    select r.name || ' ' || u.number from ${bookingUnitHolds} h
    join ${bookingResourceUnits} u on u.id = h.unit_id join ${bookingResources} r on r.id = u.resource_id
    where h.booking_id = ${bookings.id} order by r.name, u.number)`,
  ratingScore: bookingRatings.score,
  ratingComment: bookingRatings.comment,
  createdAt: bookings.createdAt,
};

function toBooking(r: {
  id: number;
  status: Booking["status"];
  serviceId: number;
  serviceName: string;
  variationId: number;
  variationName: string;
  providerId: string;
  providerName: string;
  locationId: number;
  locationName: string;
  locationZone: string;
  startsAt: Date;
  endsAt: Date;
  clientUserId: string | null;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  timeZone: string;
  appointmentType: number;
  priceCents: number;
  resources: string[];
  ratingScore: number | null;
  ratingComment: string | null;
  createdAt: Date;
}): Booking {
  return {
    id: r.id,
    status: r.status,
    service: { id: r.serviceId, name: r.serviceName },
    variation: { id: r.variationId, name: r.variationName },
    provider: { id: r.providerId, name: r.providerName },
    location: { id: r.locationId, name: r.locationName, timeZone: r.locationZone },
    start: r.startsAt.toISOString(),
    end: r.endsAt.toISOString(),
    client: { userId: r.clientUserId, name: r.clientName, email: r.clientEmail, phone: r.clientPhone },
    timeZone: r.timeZone,
    appointmentType: r.appointmentType,
    priceCents: r.priceCents,
    resources: r.resources,
    rating: r.ratingScore === null ? null : { score: r.ratingScore, comment: r.ratingComment ?? "" },
    createdAt: r.createdAt.toISOString(),
  };
}

/** The bookings with what a row shows of them; `pageTotal` as a list's page counts it. */
function joinedBookings(db: Db, pageTotal: PageTotal = sql<null>`null`) {
  return db
    .select({ ...bookingColumns, pageTotal })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(bookingVariations, eq(bookingVariations.id, bookings.variationId))
    .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .leftJoin(bookingRatings, eq(bookingRatings.bookingId, bookings.id));
}

type BookingFilters = Pick<BookingsQuery, "from" | "to" | "status" | "providerId" | "serviceId" | "q">;

/**
 * The bookings the actor manages, filtered; `from`/`to` are days in each booking's location's
 * zone. Each value is a placeholder (`bookingsValues`), so the statement's text depends only on
 * the actor's kind and which filters are set (`bookingsShape`), and is built once per shape.
 */
function bookingsWhere(actor: Actor, filters: BookingFilters): SQL {
  const value = (name: string) => sql.placeholder(name);
  return and(
    actor.isAdmin ? undefined : sql`${bookings.clinicId} = ${value("clinic")}`,
    filters.from ? gte(bookings.startsAt, sql`(${value("from")}::date::timestamp at time zone ${bookingLocations.timeZone})`) : undefined,
    filters.to ? lt(bookings.startsAt, sql`((${value("to")}::date + 1)::timestamp at time zone ${bookingLocations.timeZone})`) : undefined,
    filters.status ? sql`${bookings.status} = ${value("status")}` : undefined,
    filters.providerId ? sql`${bookings.providerId} = ${value("provider")}` : undefined,
    filters.serviceId ? sql`${bookings.serviceId} = ${value("service")}` : undefined,
    filters.q ? sql`(${bookings.clientName} ilike ${value("text")} or ${bookings.clientEmail} ilike ${value("text")})` : undefined,
  ) as SQL;
}

const bookingsShape = (actor: Actor, filters: BookingFilters) =>
  [actor.isAdmin ? "admin" : "staff", ...(["from", "to", "status", "providerId", "serviceId", "q"] as const).map((name) => (filters[name] ? name : ""))].join(
    ",",
  );

function bookingsValues(actor: Actor, filters: BookingFilters): Record<string, unknown> {
  return {
    clinic: clinicOf(actor) ?? "",
    from: filters.from,
    to: filters.to,
    status: filters.status,
    provider: filters.providerId,
    service: filters.serviceId,
    text: filters.q ? containsPattern(filters.q) : null,
  };
}

/** The clinic's bookings by start, filtered by days, status, provider, service or client. One statement, built once per shape. */
export async function listBookings(db: Db, actor: Actor, query: BookingsQuery & PageQuery): Promise<Paged<Booking>> {
  // Staff without a clinic manage nothing.
  if (!actor.isAdmin && clinicOf(actor) === null) return { data: [], page: query.page, total: 0 };
  const where = bookingsWhere(actor, query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [bookings, bookingLocations],
      counted: db
        .select({ one: sql`1` })
        .from(bookings)
        .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
        .where(where)
        .orderBy(asc(bookings.startsAt), asc(bookings.id)),
    },
    (pageTotal, { limit, offset }) => joinedBookings(db, pageTotal).where(where).orderBy(asc(bookings.startsAt), asc(bookings.id)).limit(limit).offset(offset),
    { key: `bookings:${bookingsShape(actor, query)}`, values: bookingsValues(actor, query) },
  );
  return { ...page, data: page.data.map((row) => toBooking(row as Parameters<typeof toBooking>[0])) };
}

/** One of the clinic's bookings, or 404. */
export async function getBooking(db: Db, actor: Actor, id: number): Promise<Booking> {
  const [row] = await joinedBookings(db).where(and(eq(bookings.id, id), managedBy(actor, bookings.clinicId)));
  if (!row) throw notFound();
  return toBooking(row as Parameters<typeof toBooking>[0]);
}

/** The booking its private link names, as its client sees it. */
export async function managedView(db: Db, row: BookingRow, currency: string, now = Date.now()): Promise<ManagedBooking> {
  const [found] = await db
    .select({
      status: bookings.status,
      serviceName: bookingServices.name,
      slug: bookingServices.slug,
      variationId: bookingVariations.id,
      variationName: bookingVariations.name,
      durationMinutes: bookingVariations.durationMinutes,
      providerId: provider.id,
      providerName: personName(provider),
      locationName: bookingLocations.name,
      address: bookingLocations.address,
      locationZone: bookingLocations.timeZone,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      clientName: bookings.clientName,
      timeZone: bookings.timeZone,
      appointmentType: bookings.appointmentType,
      priceCents: bookings.priceCents,
      cancelWindowHours: sql<number>`coalesce(${bookingSettings.cancelWindowHours}, ${DEFAULT_BOOKING_SETTINGS.cancelWindowHours})`,
      ratingScore: bookingRatings.score,
      ratingComment: bookingRatings.comment,
      providers: sql<{ id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'name', coalesce(nullif(trim(p.nombres || ' ' || p.apellidos), ''), p.email)) order by sp.created_at, sp.provider_id)
        from ${bookingServiceProviders} sp join users p on p.id = sp.provider_id where sp.service_id = ${bookingServices.id}), '[]')`,
    })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(bookingVariations, eq(bookingVariations.id, bookings.variationId))
    .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .leftJoin(bookingSettings, eq(bookingSettings.clinicId, bookings.clinicId))
    .leftJoin(bookingRatings, eq(bookingRatings.bookingId, bookings.id))
    .where(eq(bookings.id, row.id));
  if (!found) throw notFound();
  const until = changeableUntil({ status: found.status, startsAt: found.startsAt }, found.cancelWindowHours);
  const rated = found.ratingScore !== null;
  return {
    status: found.status as ManagedBooking["status"],
    service: { name: found.serviceName, slug: found.slug },
    variation: { id: found.variationId, name: found.variationName, durationMinutes: found.durationMinutes },
    provider: { id: found.providerId, name: found.providerName },
    providers: found.providers,
    location: { name: found.locationName, address: found.address, timeZone: found.locationZone },
    start: found.startsAt.toISOString(),
    end: found.endsAt.toISOString(),
    clientName: found.clientName,
    timeZone: found.timeZone,
    appointmentType: found.appointmentType,
    priceCents: found.priceCents,
    currency,
    changeableUntil: until !== null && until.getTime() > now ? until.toISOString() : null,
    rating: rated ? { score: found.ratingScore as number, comment: found.ratingComment ?? "" } : null,
    ratable: isRatable({ status: found.status, endsAt: found.endsAt }, rated, now),
  };
}

/** An active service's public page by its address, or 404. */
export async function publicService(db: Db, slug: string, currency: string): Promise<PublicBookingService> {
  const [service] = await db
    .select({
      id: bookingServices.id,
      clinicId: bookingServices.clinicId,
      slug: bookingServices.slug,
      name: bookingServices.name,
      description: bookingServices.description,
      locationName: bookingLocations.name,
      address: bookingLocations.address,
      timeZone: bookingLocations.timeZone,
      pageTexts: bookingSettings.pageTexts,
      windowDays: sql<number>`coalesce(${bookingSettings.windowDays}, ${DEFAULT_BOOKING_SETTINGS.windowDays})`,
      cancelWindowHours: sql<number>`coalesce(${bookingSettings.cancelWindowHours}, ${DEFAULT_BOOKING_SETTINGS.cancelWindowHours})`,
      appointmentTypes: sql<number[]>`coalesce(${bookingSettings.appointmentTypes}, '{1}')`,
    })
    .from(bookingServices)
    .innerJoin(bookingLocations, eq(bookingLocations.id, bookingServices.locationId))
    .leftJoin(bookingSettings, eq(bookingSettings.clinicId, bookingServices.clinicId))
    .where(and(eq(bookingServices.slug, slug), eq(bookingServices.active, true)));
  if (!service) throw notFound("No such service to book.");
  const [providers, variations] = await Promise.all([
    db
      .select({ id: users.id, name: personName(users) })
      .from(bookingServiceProviders)
      .innerJoin(users, eq(users.id, bookingServiceProviders.providerId))
      .where(and(eq(bookingServiceProviders.serviceId, service.id), eq(users.isActive, true)))
      .orderBy(asc(bookingServiceProviders.createdAt), asc(bookingServiceProviders.providerId)),
    db
      .select({
        id: bookingVariations.id,
        name: bookingVariations.name,
        durationMinutes: bookingVariations.durationMinutes,
        priceCents: bookingVariations.priceCents,
      })
      .from(bookingVariations)
      .where(and(eq(bookingVariations.serviceId, service.id), eq(bookingVariations.active, true)))
      .orderBy(asc(bookingVariations.position), asc(bookingVariations.id)),
  ]);
  const texts = service.pageTexts ?? {};
  const text = (language: string) => ({ title: texts[language]?.title ?? "", intro: texts[language]?.intro ?? "" });
  return {
    slug: service.slug,
    name: service.name,
    description: service.description,
    location: { name: service.locationName, address: service.address, timeZone: service.timeZone },
    pageTexts: { en: text("en"), es: text("es") },
    currency,
    windowDays: service.windowDays,
    cancelWindowHours: service.cancelWindowHours,
    appointmentTypes: service.appointmentTypes,
    providers,
    variations,
  };
}

/** The variation's service is the clinic's: staff book and look up slots only within it. */
export async function assertVariationManaged(db: Db, actor: Actor, variationId: number): Promise<void> {
  const [row] = await db
    .select({ id: bookingVariations.id })
    .from(bookingVariations)
    .innerJoin(bookingServices, eq(bookingServices.id, bookingVariations.serviceId))
    .where(and(eq(bookingVariations.id, variationId), managedBy(actor, bookingServices.clinicId)));
  if (!row) throw notFound("No such service to book.");
}

// ------------------------------------------------------------------ ratings

const rangeWhere = (since: string | undefined, to: string | undefined) =>
  and(
    since ? gte(bookings.startsAt, sql`${zoneOf(since, bookingLocations.timeZone)}`) : undefined,
    to ? lt(bookings.startsAt, sql`${zoneOf(to, bookingLocations.timeZone)} + interval '1 day'`) : undefined,
  );

/** The clinic's ratings, newest first. */
export async function listRatings(db: Db, actor: Actor, query: PageQuery & { since?: string; to?: string }): Promise<Paged<BookingRating>> {
  const where = and(managedBy(actor, bookings.clinicId), rangeWhere(query.since, query.to));
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [bookingRatings, bookings],
      counted: db
        .select({ one: sql`1` })
        .from(bookingRatings)
        .innerJoin(bookings, eq(bookings.id, bookingRatings.bookingId))
        .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
        .where(where),
    },
    (pageTotal) =>
      db
        .select({
          bookingId: bookingRatings.bookingId,
          score: bookingRatings.score,
          comment: bookingRatings.comment,
          service: bookingServices.name,
          providerId: provider.id,
          providerName: personName(provider),
          clientName: bookings.clientName,
          startsAt: bookings.startsAt,
          createdAt: bookingRatings.createdAt,
          pageTotal,
        })
        .from(bookingRatings)
        .innerJoin(bookings, eq(bookings.id, bookingRatings.bookingId))
        .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
        .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
        .innerJoin(provider, eq(provider.id, bookings.providerId))
        .where(where)
        .orderBy(desc(bookingRatings.createdAt), desc(bookingRatings.bookingId))
        .limit(limit)
        .offset(offset),
  );
  return {
    ...page,
    data: page.data.map((row) => ({
      bookingId: row.bookingId,
      score: row.score,
      comment: row.comment,
      service: row.service,
      provider: { id: row.providerId, name: row.providerName },
      clientName: row.clientName,
      start: row.startsAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Average scores per provider and per service over the range (every one with bookings rated in it). */
export async function ratingsSummary(db: Db, actor: Actor, range: { since?: string; to?: string }): Promise<BookingRatingsSummary> {
  const where = and(managedBy(actor, bookings.clinicId), rangeWhere(range.since, range.to));
  const averaged = { ratings: sql<number>`count(*)::int`, average: sql<number | null>`round(avg(${bookingRatings.score}), 2)::float` };
  const [providers, services] = await Promise.all([
    db
      .select({ id: provider.id, name: personName(provider), ...averaged })
      .from(bookingRatings)
      .innerJoin(bookings, eq(bookings.id, bookingRatings.bookingId))
      .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
      .innerJoin(provider, eq(provider.id, bookings.providerId))
      .where(where)
      .groupBy(provider.id)
      .orderBy(asc(personName(provider))),
    db
      .select({ id: sql<string>`${bookingServices.id}::text`, name: bookingServices.name, ...averaged })
      .from(bookingRatings)
      .innerJoin(bookings, eq(bookings.id, bookingRatings.bookingId))
      .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
      .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
      .where(where)
      .groupBy(bookingServices.id)
      .orderBy(asc(bookingServices.name)),
  ]);
  return { providers, services };
}

import type { BookingReport } from "@clinic/shared";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import type { ExportColumn } from "../../platform/exports.ts";
import { pdfFields, pdfHeading, pdfPageFooters, pdfTable, renderPdf } from "../../platform/pdf.ts";
import { type SlotSchedule, windowsOf } from "../../platform/slots.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { bookingLocations, bookingRatings, bookingServices, bookingVariations, bookings } from "./booking.table.ts";
import { managedBy } from "../../platform/access.ts";

/**
 * The dashboard's and the report's figures over a range of days (issue 35.7, §5: since and to
 * required): bookings per day, utilisation of providers (booked minutes over open minutes) and
 * of equipment (held minutes over the location's open minutes, per unit), no-shows,
 * cancellations, ratings and revenue from prices (confirmed and completed visits). Days are in
 * each booking's location's zone. The figures come in one statement; open minutes are the slot
 * engine's windows of the hours and special days it returns.
 */

export interface ReportRange {
  since: string;
  to: string;
  locationId?: number;
}

interface ReportRows {
  totals: BookingReport["totals"];
  perDay: BookingReport["perDay"];
  providers: Omit<BookingReport["providers"][number], "openMinutes" | "utilisation">[];
  services: BookingReport["services"];
  resources: { id: number; name: string; locationId: number; units: number; heldMinutes: number }[];
  hours: { providerId: string; locationId: number; timeZone: string; rules: SlotSchedule["rules"] }[];
  specialDays: { providerId: string | null; locationId: number; date: string; closed: boolean; start: string | null; end: string | null }[];
}

const scopeSql = (actor: Actor, alias: string) => managedBy(actor, sql.raw(`${alias}.clinic_id`));

export async function bookingReport(db: Db, actor: Actor, range: ReportRange, currency: string): Promise<BookingReport> {
  const location = range.locationId ?? null;
  const result = await db.execute<{ report: ReportRows }>(sql`
    with b as (
      select b.id, b.status, b.provider_id, b.service_id, b.price_cents, b.starts_at, b.ends_at, r.score,
        (b.starts_at at time zone l.time_zone)::date as day
      from bookings b
      join booking_locations l on l.id = b.location_id
      left join booking_ratings r on r.booking_id = b.id
      where ${scopeSql(actor, "b")}
        and (${location}::int is null or b.location_id = ${location}::int)
        and b.starts_at >= (${range.since}::date::timestamp at time zone l.time_zone)
        and b.starts_at < ((${range.to}::date + 1)::timestamp at time zone l.time_zone)
    ),
    taken as (select * from b where status <> 'cancelled')
    select json_build_object(
      'totals', (select json_build_object(
          'bookings', count(*) filter (where status <> 'cancelled'),
          'confirmed', count(*) filter (where status = 'confirmed'),
          'completed', count(*) filter (where status = 'completed'),
          'cancelled', count(*) filter (where status = 'cancelled'),
          'noShows', count(*) filter (where status = 'no_show'),
          'pending', count(*) filter (where status = 'pending'),
          'revenueCents', coalesce(sum(price_cents) filter (where status in ('confirmed', 'completed')), 0),
          'ratings', count(score),
          'averageScore', round(avg(score), 2)) from b),
      'perDay', (select coalesce(json_agg(json_build_object('date', day, 'bookings', n, 'cancelled', c) order by day), '[]') from (
          select day, count(*) filter (where status <> 'cancelled') as n, count(*) filter (where status = 'cancelled') as c from b group by day) d),
      'providers', (select coalesce(json_agg(p order by p.name, p.id), '[]') from (
          select u.id, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as name,
            count(*)::int as bookings,
            coalesce(sum(extract(epoch from t.ends_at - t.starts_at) / 60) filter (where t.status in ('confirmed', 'completed', 'no_show')), 0)::int as "bookedMinutes",
            count(*) filter (where t.status = 'no_show')::int as "noShows",
            coalesce(sum(t.price_cents) filter (where t.status in ('confirmed', 'completed')), 0)::int as "revenueCents",
            round(avg(t.score), 2)::float as "averageScore"
          from taken t join users u on u.id = t.provider_id group by u.id) p),
      'services', (select coalesce(json_agg(s order by s.name, s.id), '[]') from (
          select sv.id, sv.name, count(*)::int as bookings,
            coalesce(sum(t.price_cents) filter (where t.status in ('confirmed', 'completed')), 0)::int as "revenueCents",
            round(avg(t.score), 2)::float as "averageScore"
          from taken t join booking_services sv on sv.id = t.service_id group by sv.id) s),
      'resources', (select coalesce(json_agg(x order by x.name, x.id), '[]') from (
          select r.id, r.name, r.location_id as "locationId", r.quantity as units,
            coalesce((select sum(extract(epoch from h.holds_to - h.holds_from) / 60)
              from booking_unit_holds h join booking_resource_units u on u.id = h.unit_id join taken t on t.id = h.booking_id
              where u.resource_id = r.id), 0)::int as "heldMinutes"
          from booking_resources r
          where ${scopeSql(actor, "r")} and r.active and (${location}::int is null or r.location_id = ${location}::int)) x),
      'hours', (select coalesce(json_agg(json_build_object('providerId', h.provider_id, 'locationId', h.location_id, 'timeZone', l.time_zone, 'rules', h.rules)), '[]')
          from booking_hours h join booking_locations l on l.id = h.location_id
          where ${scopeSql(actor, "h")} and (${location}::int is null or h.location_id = ${location}::int)),
      'specialDays', (select coalesce(json_agg(json_build_object('providerId', d.provider_id, 'locationId', d.location_id, 'date', d.date,
            'closed', d.closed, 'start', to_char(d.start, 'HH24:MI'), 'end', to_char(d."end", 'HH24:MI'))), '[]')
          from booking_special_days d
          where ${scopeSql(actor, "d")} and d.date between ${range.since}::date and ${range.to}::date and (${location}::int is null or d.location_id = ${location}::int))
    ) as report`);
  const rows = result.rows[0]?.report as ReportRows;
  const days = datesBetween(range.since, range.to);

  // Open minutes: each provider's windows at each location, and each location's union of them.
  const openByProvider = new Map<string, number>();
  const locationWindows = new Map<number, Map<string, [number, number][]>>();
  for (const hours of rows.hours) {
    const exceptions = rows.specialDays
      .filter((day) => day.locationId === hours.locationId && (day.providerId === null || day.providerId === hours.providerId))
      // A provider's own special day wins over the location's.
      .sort((a, b) => (a.providerId === null ? 0 : 1) - (b.providerId === null ? 0 : 1));
    const byDate = new Map(exceptions.map((day) => [day.date, { date: day.date, closed: day.closed, start: day.start, end: day.end }]));
    const schedule: SlotSchedule = { duration: 5, timeZone: hours.timeZone, rules: hours.rules, exceptions: [...byDate.values()] };
    let open = 0;
    for (const date of days) {
      const windows = windowsOf(schedule, date);
      open += windows.reduce((sum, [from, to]) => sum + (to - from), 0);
      const forLocation = locationWindows.get(hours.locationId) ?? new Map<string, [number, number][]>();
      forLocation.set(date, [...(forLocation.get(date) ?? []), ...windows]);
      locationWindows.set(hours.locationId, forLocation);
    }
    openByProvider.set(hours.providerId, (openByProvider.get(hours.providerId) ?? 0) + open);
  }
  const locationOpen = (locationId: number) => {
    let open = 0;
    for (const windows of locationWindows.get(locationId)?.values() ?? []) open += unionMinutes(windows);
    return open;
  };
  const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

  const providerIds = new Set([...rows.providers.map((provider) => provider.id), ...openByProvider.keys()]);
  const names = await providerNames(
    db,
    [...providerIds].filter((id) => !rows.providers.some((provider) => provider.id === id)),
  );
  const providers = [...providerIds].map((id) => {
    const booked = rows.providers.find((provider) => provider.id === id) ?? {
      id,
      name: names.get(id) ?? "",
      bookings: 0,
      bookedMinutes: 0,
      noShows: 0,
      revenueCents: 0,
      averageScore: null,
    };
    const openMinutes = openByProvider.get(id) ?? 0;
    return { ...booked, openMinutes, utilisation: ratio(booked.bookedMinutes, openMinutes) };
  });
  providers.sort((a, b) => a.name.localeCompare(b.name));
  return {
    since: range.since,
    to: range.to,
    currency,
    totals: { ...rows.totals, averageScore: rows.totals.averageScore === null ? null : Number(rows.totals.averageScore) },
    perDay: rows.perDay,
    providers,
    resources: rows.resources.map((resource) => {
      const openMinutes = locationOpen(resource.locationId) * resource.units;
      return {
        id: resource.id,
        name: resource.name,
        units: resource.units,
        heldMinutes: resource.heldMinutes,
        openMinutes,
        utilisation: ratio(resource.heldMinutes, openMinutes),
      };
    }),
    services: rows.services,
  };
}

async function providerNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: personName(users) })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

function datesBetween(since: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${since}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000)
    dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

function unionMinutes(windows: [number, number][]): number {
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -1;
  for (const [from, to] of sorted) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

// ------------------------------------------------------------------ exports

export interface ReportBooking {
  start: Date;
  timeZone: string;
  service: string;
  variation: string;
  provider: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  status: string;
  priceCents: number;
  score: number | null;
}

const provider = alias(users, "provider");

/** The bookings of the range, one row each, for the CSV and XLSX export (at most 50 000). */
export async function reportBookings(db: Db, actor: Actor, range: ReportRange): Promise<ReportBooking[]> {
  return db
    .select({
      start: bookings.startsAt,
      timeZone: bookingLocations.timeZone,
      service: bookingServices.name,
      variation: bookingVariations.name,
      provider: personName(provider),
      clientName: bookings.clientName,
      clientEmail: bookings.clientEmail,
      clientPhone: bookings.clientPhone,
      status: bookings.status,
      priceCents: bookings.priceCents,
      score: bookingRatings.score,
    })
    .from(bookings)
    .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(bookingVariations, eq(bookingVariations.id, bookings.variationId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .leftJoin(bookingRatings, eq(bookingRatings.bookingId, bookings.id))
    .where(
      and(
        managedBy(actor, bookings.clinicId),
        range.locationId === undefined ? undefined : eq(bookings.locationId, range.locationId),
        gte(bookings.startsAt, sql`(${range.since}::date::timestamp at time zone ${bookingLocations.timeZone})`),
        lt(bookings.startsAt, sql`((${range.to}::date + 1)::timestamp at time zone ${bookingLocations.timeZone})`),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(50_000);
}

const TEXTS = {
  en: {
    title: "Booking report",
    range: "Period",
    date: "Date",
    time: "Time",
    service: "Service",
    variation: "Variation",
    provider: "Provider",
    client: "Client",
    email: "Email",
    phone: "Phone",
    status: "Status",
    price: "Price",
    score: "Rating",
    bookings: "Bookings",
    cancelled: "Cancelled",
    noShows: "No-shows",
    pending: "Waiting for confirmation",
    revenue: "Revenue",
    average: "Average rating",
    ratings: "Ratings",
    providers: "Providers",
    equipment: "Rooms and equipment",
    services: "Services",
    utilisation: "Utilisation",
    booked: "Booked (h)",
    open: "Open (h)",
    held: "Held (h)",
    units: "Units",
    statuses: { pending: "Pending", confirmed: "Confirmed", cancelled: "Cancelled", completed: "Completed", no_show: "No-show" } as Record<string, string>,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  es: {
    title: "Reporte de reservas",
    range: "Periodo",
    date: "Fecha",
    time: "Hora",
    service: "Servicio",
    variation: "Variación",
    provider: "Profesional",
    client: "Cliente",
    email: "Correo",
    phone: "Teléfono",
    status: "Estado",
    price: "Precio",
    score: "Calificación",
    bookings: "Reservas",
    cancelled: "Canceladas",
    noShows: "Ausencias",
    pending: "Por confirmar",
    revenue: "Ingresos",
    average: "Calificación media",
    ratings: "Calificaciones",
    providers: "Profesionales",
    equipment: "Salas y equipos",
    services: "Servicios",
    utilisation: "Ocupación",
    booked: "Reservado (h)",
    open: "Abierto (h)",
    held: "Ocupado (h)",
    units: "Unidades",
    statuses: { pending: "Pendiente", confirmed: "Confirmada", cancelled: "Cancelada", completed: "Realizada", no_show: "Ausencia" } as Record<string, string>,
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
} as const;

const textsOf = (language: string) => TEXTS[language === "es" ? "es" : "en"];
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const hours = (minutes: number) => (minutes / 60).toFixed(1);
const percent = (ratio: number | null) => (ratio === null ? "–" : `${Math.round(ratio * 100)} %`);

function localParts(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The export's columns, headed in the caller's language. */
export function reportColumns(language: string, currency: string): ExportColumn<ReportBooking>[] {
  const t = textsOf(language);
  return [
    { header: t.date, value: (row) => localParts(row.start, row.timeZone).date, width: 12 },
    { header: t.time, value: (row) => localParts(row.start, row.timeZone).time, width: 8 },
    { header: t.service, value: (row) => row.service, width: 28 },
    { header: t.variation, value: (row) => row.variation, width: 20 },
    { header: t.provider, value: (row) => row.provider, width: 24 },
    { header: t.client, value: (row) => row.clientName, width: 24 },
    { header: t.email, value: (row) => row.clientEmail, width: 28 },
    { header: t.phone, value: (row) => row.clientPhone, width: 16 },
    { header: t.status, value: (row) => t.statuses[row.status] ?? row.status, width: 14 },
    { header: `${t.price} (${currency})`, value: (row) => row.priceCents / 100, width: 12 },
    { header: t.score, value: (row) => row.score, width: 10 },
  ];
}

/** The report as a PDF: the totals, then providers, equipment and services. */
export function renderReportPdf(report: BookingReport, clinicName: string, language: string): Promise<Buffer> {
  const t = textsOf(language);
  const title = `${t.title} ${report.since} – ${report.to}`;
  return renderPdf(
    (doc) => {
      pdfHeading(doc, t.title);
      pdfFields(doc, [
        [t.range, `${report.since} – ${report.to}`],
        [t.bookings, String(report.totals.bookings)],
        [t.cancelled, String(report.totals.cancelled)],
        [t.noShows, String(report.totals.noShows)],
        [t.pending, String(report.totals.pending)],
        [t.revenue, money(report.totals.revenueCents, report.currency)],
        [t.average, report.totals.averageScore === null ? "–" : `${report.totals.averageScore} / 5 (${report.totals.ratings})`],
      ]);
      doc.moveDown();
      pdfHeading(doc, t.providers, 2);
      pdfTable(
        doc,
        [
          { header: t.provider, width: 30 },
          { header: t.bookings, width: 12, align: "right" },
          { header: t.booked, width: 12, align: "right" },
          { header: t.open, width: 12, align: "right" },
          { header: t.utilisation, width: 12, align: "right" },
          { header: t.noShows, width: 12, align: "right" },
          { header: t.revenue, width: 16, align: "right" },
          { header: t.average, width: 12, align: "right" },
        ],
        report.providers.map((row) => [
          row.name,
          String(row.bookings),
          hours(row.bookedMinutes),
          hours(row.openMinutes),
          percent(row.utilisation),
          String(row.noShows),
          money(row.revenueCents, report.currency),
          row.averageScore === null ? "–" : String(row.averageScore),
        ]),
      );
      doc.moveDown();
      pdfHeading(doc, t.equipment, 2);
      pdfTable(
        doc,
        [
          { header: t.equipment, width: 40 },
          { header: t.units, width: 12, align: "right" },
          { header: t.held, width: 16, align: "right" },
          { header: t.open, width: 16, align: "right" },
          { header: t.utilisation, width: 16, align: "right" },
        ],
        report.resources.map((row) => [row.name, String(row.units), hours(row.heldMinutes), hours(row.openMinutes), percent(row.utilisation)]),
      );
      doc.moveDown();
      pdfHeading(doc, t.services, 2);
      pdfTable(
        doc,
        [
          { header: t.service, width: 46 },
          { header: t.bookings, width: 16, align: "right" },
          { header: t.revenue, width: 22, align: "right" },
          { header: t.average, width: 16, align: "right" },
        ],
        report.services.map((row) => [
          row.name,
          String(row.bookings),
          money(row.revenueCents, report.currency),
          row.averageScore === null ? "–" : String(row.averageScore),
        ]),
      );
      pdfPageFooters(doc, (page, pages) => `${clinicName}  ·  ${title}  ·  ${t.page(page, pages)}`);
    },
    { title, author: clinicName, language: language === "es" ? "es" : "en" },
  );
}

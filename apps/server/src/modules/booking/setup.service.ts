import {
  BOOKING_REFUSALS,
  BOOKING_SETUP_REFUSALS as SETUP,
  type BookingHours,
  type BookingLocation,
  type BookingProvider,
  type BookingResource,
  type BookingService,
  type BookingSettings,
  type BookingSpecialDay,
  GROUP,
  type bookingHoursInputSchema,
  type bookingLocationInputSchema,
  type bookingResourceInputSchema,
  type bookingServiceInputSchema,
  type bookingSettingsInputSchema,
  type bookingSpecialDayInputSchema,
} from "@clinic/shared";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Actor, clinicForCall, managedBy } from "../../platform/access.ts";
import { badRequest, conflict, HttpError, isUniqueViolation, notFound, violatedConstraint } from "../../platform/errors.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { DEFAULT_BOOKING_SETTINGS } from "./availability.ts";
import {
  bookingHours,
  bookingLocations,
  bookingResources,
  bookingResourceUnits,
  bookingServiceProviders,
  bookingServices,
  bookingSettings,
  bookingSpecialDays,
  bookingVariationResources,
  bookingVariations,
  bookings,
} from "./booking.table.ts";

/**
 * What a clinic sets up to take bookings (issue 35): its settings, locations, providers' hours
 * and special days, resources, and services with their variations. Staff work on their own
 * clinic's rows (admins on any clinic's); another clinic's rows answer 404, as if absent.
 */

type Input<T extends z.ZodType> = z.output<T>;

/** The clinic a clinic-wide booking call works on (platform/access.ts clinicFor). */
export const clinicFor = (db: Db, actor: Actor, named: string | undefined): Promise<string> => clinicForCall(db, actor, named, SETUP.clinicNeeded);

/** The platform's currency prices are in. */
export interface BookingDeps {
  currency: string;
}

// ------------------------------------------------------------------ settings

export async function getSettings(db: Db, clinicId: string, deps: BookingDeps): Promise<BookingSettings> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.clinicId, clinicId));
  const texts = row?.pageTexts ?? {};
  const text = (language: string) => ({ title: texts[language]?.title ?? "", intro: texts[language]?.intro ?? "" });
  const values = row ?? DEFAULT_BOOKING_SETTINGS;
  return {
    clinicId,
    windowDays: values.windowDays,
    minNoticeMinutes: values.minNoticeMinutes,
    cancelWindowHours: values.cancelWindowHours,
    stepMinutes: values.stepMinutes,
    bufferBeforeMinutes: values.bufferBeforeMinutes,
    bufferAfterMinutes: values.bufferAfterMinutes,
    pageTexts: { en: text("en"), es: text("es") },
    appointmentTypes: row?.appointmentTypes ?? [...DEFAULT_BOOKING_SETTINGS.appointmentTypes],
    currency: deps.currency,
  };
}

export async function putSettings(db: Db, clinicId: string, input: Input<typeof bookingSettingsInputSchema>, deps: BookingDeps): Promise<BookingSettings> {
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(bookingSettings)
    .values({ clinicId, ...values })
    .onConflictDoUpdate({ target: bookingSettings.clinicId, set: values });
  return getSettings(db, clinicId, deps);
}

// ------------------------------------------------------------------ providers

/** Who can give services at a clinic: its active therapists, and the clinic account itself. */
export async function providersOf(db: Db, clinicId: string): Promise<BookingProvider[]> {
  return db
    .select({ id: users.id, name: personName(users), email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`(${users.id} = ${clinicId} or (${users.clinicId} = ${clinicId} and exists (select 1 from user_groups g where g.user_id = ${users.id} and g.group_id = ${GROUP.therapist})))`,
      ),
    )
    .orderBy(asc(personName(users)), asc(users.id));
}

async function assertProviders(db: Db, clinicId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await providersOf(db, clinicId)).map((provider) => provider.id));
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw badRequest({ [field]: [SETUP.providerUnknown] });
}

// ------------------------------------------------------------------ locations

const locationColumns = {
  id: bookingLocations.id,
  clinicId: bookingLocations.clinicId,
  name: bookingLocations.name,
  address: bookingLocations.address,
  timeZone: bookingLocations.timeZone,
};

export async function listLocations(db: Db, actor: Actor): Promise<BookingLocation[]> {
  return db
    .select(locationColumns)
    .from(bookingLocations)
    .where(managedBy(actor, bookingLocations.clinicId))
    .orderBy(asc(bookingLocations.name), asc(bookingLocations.id));
}

/** A location the actor manages, or 404. */
export async function locationOf(db: Db, actor: Actor, id: number): Promise<BookingLocation> {
  const [row] = await db
    .select(locationColumns)
    .from(bookingLocations)
    .where(and(eq(bookingLocations.id, id), managedBy(actor, bookingLocations.clinicId)));
  if (!row) throw notFound("No such location.");
  return row;
}

export async function createLocation(db: Db, clinicId: string, input: Input<typeof bookingLocationInputSchema>): Promise<BookingLocation> {
  const { clinicId: _named, ...values } = input;
  const [row] = await db
    .insert(bookingLocations)
    .values({ clinicId, ...values })
    .returning(locationColumns);
  return row as BookingLocation;
}

export async function updateLocation(db: Db, actor: Actor, id: number, input: Input<typeof bookingLocationInputSchema>): Promise<BookingLocation> {
  await locationOf(db, actor, id);
  const { clinicId: _named, ...values } = input;
  const [row] = await db
    .update(bookingLocations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookingLocations.id, id))
    .returning(locationColumns);
  return row as BookingLocation;
}

export async function deleteLocation(db: Db, actor: Actor, id: number): Promise<void> {
  await locationOf(db, actor, id);
  // Its hours, special days and resources go with it; its services and bookings keep it.
  const used = await db.execute(
    sql`select 1 from booking_services where location_id = ${id} union all select 1 from bookings where location_id = ${id} limit 1`,
  );
  if (used.rows.length > 0) throw conflict(SETUP.locationInUse);
  await db.delete(bookingLocations).where(eq(bookingLocations.id, id));
}

// ------------------------------------------------------------------ hours and special days

export async function listHours(db: Db, actor: Actor, locationId: number): Promise<BookingHours[]> {
  const location = await locationOf(db, actor, locationId);
  const [providers, rows] = await Promise.all([
    providersOf(db, location.clinicId),
    db.select({ providerId: bookingHours.providerId, rules: bookingHours.rules }).from(bookingHours).where(eq(bookingHours.locationId, locationId)),
  ]);
  const rulesOf = new Map(rows.map((row) => [row.providerId, row.rules]));
  return providers.map((provider) => ({ provider: { id: provider.id, name: provider.name }, locationId, rules: rulesOf.get(provider.id) ?? [] }));
}

/** Sets a provider's weekly hours at a location (an empty list: none there). */
export async function putHours(db: Db, actor: Actor, input: Input<typeof bookingHoursInputSchema>): Promise<BookingHours[]> {
  const location = await locationOf(db, actor, input.locationId);
  await assertProviders(db, location.clinicId, [input.providerId], "providerId");
  if (input.rules.length === 0) {
    await db.delete(bookingHours).where(and(eq(bookingHours.locationId, input.locationId), eq(bookingHours.providerId, input.providerId)));
  } else {
    await db
      .insert(bookingHours)
      .values({ clinicId: location.clinicId, locationId: input.locationId, providerId: input.providerId, rules: input.rules })
      .onConflictDoUpdate({ target: [bookingHours.providerId, bookingHours.locationId], set: { rules: input.rules, updatedAt: new Date() } });
  }
  return listHours(db, actor, input.locationId);
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

export async function listSpecialDays(db: Db, actor: Actor, query: { locationId: number; from?: string; to?: string }): Promise<BookingSpecialDay[]> {
  await locationOf(db, actor, query.locationId);
  const rows = await db
    .select({
      id: bookingSpecialDays.id,
      locationId: bookingSpecialDays.locationId,
      providerId: bookingSpecialDays.providerId,
      providerName: sql<string | null>`(select ${personName(users)} from ${users} where ${users.id} = ${bookingSpecialDays.providerId})`,
      date: bookingSpecialDays.date,
      closed: bookingSpecialDays.closed,
      start: bookingSpecialDays.start,
      end: bookingSpecialDays.end,
      note: bookingSpecialDays.note,
    })
    .from(bookingSpecialDays)
    .where(
      and(
        eq(bookingSpecialDays.locationId, query.locationId),
        query.from ? sql`${bookingSpecialDays.date} >= ${query.from}` : undefined,
        query.to ? sql`${bookingSpecialDays.date} <= ${query.to}` : undefined,
      ),
    )
    .orderBy(asc(bookingSpecialDays.date), sql`${bookingSpecialDays.providerId} nulls first`)
    .limit(1000);
  return rows.map(({ providerId, providerName, start, end, ...row }) => ({
    ...row,
    provider: providerId === null ? null : { id: providerId, name: providerName ?? "" },
    start: hhmm(start),
    end: hhmm(end),
  }));
}

async function specialDayOf(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: bookingSpecialDays.id, locationId: bookingSpecialDays.locationId })
    .from(bookingSpecialDays)
    .where(and(eq(bookingSpecialDays.id, id), managedBy(actor, bookingSpecialDays.clinicId)));
  if (!row) throw notFound("No such special day.");
  return row;
}

export async function saveSpecialDay(db: Db, actor: Actor, id: number | null, input: Input<typeof bookingSpecialDayInputSchema>): Promise<BookingSpecialDay> {
  const location = await locationOf(db, actor, input.locationId);
  if (input.providerId !== null) await assertProviders(db, location.clinicId, [input.providerId], "providerId");
  const values = {
    clinicId: location.clinicId,
    locationId: input.locationId,
    providerId: input.providerId,
    date: input.date,
    closed: input.closed,
    start: input.closed ? null : input.start,
    end: input.closed ? null : input.end,
    note: input.note,
  };
  let savedId: number;
  try {
    if (id === null) {
      const [row] = await db.insert(bookingSpecialDays).values(values).returning({ id: bookingSpecialDays.id });
      savedId = (row as { id: number }).id;
    } else {
      await specialDayOf(db, actor, id);
      await db
        .update(bookingSpecialDays)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bookingSpecialDays.id, id));
      savedId = id;
    }
  } catch (error) {
    if (isUniqueViolation(error, "booking_special_days_day_key")) throw badRequest({ date: [SETUP.dayTaken] });
    throw error;
  }
  const saved = (await listSpecialDays(db, actor, { locationId: input.locationId, from: input.date, to: input.date })).find((day) => day.id === savedId);
  return saved as BookingSpecialDay;
}

export async function deleteSpecialDay(db: Db, actor: Actor, id: number): Promise<void> {
  await specialDayOf(db, actor, id);
  await db.delete(bookingSpecialDays).where(eq(bookingSpecialDays.id, id));
}

// ------------------------------------------------------------------ resources

const resourceColumns = {
  id: bookingResources.id,
  locationId: bookingResources.locationId,
  name: bookingResources.name,
  kind: bookingResources.kind,
  quantity: bookingResources.quantity,
  active: bookingResources.active,
  variations: sql<number>`(select count(*)::int from ${bookingVariationResources} where ${bookingVariationResources.resourceId} = ${bookingResources.id})`,
};

export async function listResources(db: Db, actor: Actor, locationId?: number): Promise<BookingResource[]> {
  const rows = await db
    .select(resourceColumns)
    .from(bookingResources)
    .where(and(managedBy(actor, bookingResources.clinicId), locationId === undefined ? undefined : eq(bookingResources.locationId, locationId)))
    .orderBy(asc(bookingResources.name), asc(bookingResources.id));
  return rows as BookingResource[];
}

async function resourceOf(db: Db, actor: Actor, id: number): Promise<BookingResource> {
  const [row] = await db
    .select(resourceColumns)
    .from(bookingResources)
    .where(and(eq(bookingResources.id, id), managedBy(actor, bookingResources.clinicId)));
  if (!row) throw notFound("No such resource.");
  return row as BookingResource;
}

/**
 * A resource has one unit row per item (chair 1, chair 2) so the database can refuse two holds
 * of one unit: units up to `quantity` are active, any beyond are kept inactive (bookings may
 * still hold them) and free starts stop offering them.
 */
async function syncUnits(tx: Db, resourceId: number, quantity: number, active: boolean): Promise<void> {
  const numbers = Array.from({ length: quantity }, (_, index) => ({ resourceId, number: index + 1, active }));
  await tx
    .insert(bookingResourceUnits)
    .values(numbers)
    .onConflictDoUpdate({ target: [bookingResourceUnits.resourceId, bookingResourceUnits.number], set: { active, updatedAt: new Date() } });
  await tx
    .update(bookingResourceUnits)
    .set({ active: false, updatedAt: new Date() })
    .where(and(eq(bookingResourceUnits.resourceId, resourceId), gt(bookingResourceUnits.number, quantity)));
}

export async function saveResource(db: Db, actor: Actor, id: number | null, input: Input<typeof bookingResourceInputSchema>): Promise<BookingResource> {
  const location = await locationOf(db, actor, input.locationId);
  if (id !== null) {
    const before = await resourceOf(db, actor, id);
    if (before.locationId !== input.locationId && before.variations > 0) throw badRequest({ locationId: [SETUP.resourceStays] });
  }
  const savedId = await db.transaction(async (tx) => {
    let resourceId: number;
    if (id === null) {
      const [row] = await tx
        .insert(bookingResources)
        .values({ clinicId: location.clinicId, ...input })
        .returning({ id: bookingResources.id });
      resourceId = (row as { id: number }).id;
    } else {
      await tx
        .update(bookingResources)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(bookingResources.id, id));
      resourceId = id;
    }
    await syncUnits(tx, resourceId, input.quantity, input.active);
    return resourceId;
  });
  return resourceOf(db, actor, savedId);
}

export async function deleteResource(db: Db, actor: Actor, id: number): Promise<void> {
  const resource = await resourceOf(db, actor, id);
  if (resource.variations > 0) throw conflict(SETUP.resourceNeeded);
  try {
    await db.delete(bookingResources).where(eq(bookingResources.id, id));
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === "23503") throw conflict(BOOKING_REFUSALS.inUse);
    throw error;
  }
}

// ------------------------------------------------------------------ services and variations

export async function listServices(db: Db, actor: Actor, onlyId?: number): Promise<BookingService[]> {
  const services = await db
    .select({
      id: bookingServices.id,
      clinicId: bookingServices.clinicId,
      locationId: bookingServices.locationId,
      name: bookingServices.name,
      description: bookingServices.description,
      slug: bookingServices.slug,
      active: bookingServices.active,
    })
    .from(bookingServices)
    .where(and(managedBy(actor, bookingServices.clinicId), onlyId === undefined ? undefined : eq(bookingServices.id, onlyId)))
    .orderBy(asc(bookingServices.name), asc(bookingServices.id));
  if (services.length === 0) return [];
  const ids = services.map((service) => service.id);
  const [providers, variations, needs] = await Promise.all([
    db
      .select({ serviceId: bookingServiceProviders.serviceId, id: users.id, name: personName(users) })
      .from(bookingServiceProviders)
      .innerJoin(users, eq(users.id, bookingServiceProviders.providerId))
      .where(inArray(bookingServiceProviders.serviceId, ids))
      .orderBy(asc(bookingServiceProviders.createdAt), asc(bookingServiceProviders.providerId)),
    db
      .select({
        serviceId: bookingVariations.serviceId,
        id: bookingVariations.id,
        name: bookingVariations.name,
        durationMinutes: bookingVariations.durationMinutes,
        bufferBeforeMinutes: bookingVariations.bufferBeforeMinutes,
        bufferAfterMinutes: bookingVariations.bufferAfterMinutes,
        priceCents: bookingVariations.priceCents,
        active: bookingVariations.active,
      })
      .from(bookingVariations)
      .where(inArray(bookingVariations.serviceId, ids))
      .orderBy(asc(bookingVariations.position), asc(bookingVariations.id)),
    db
      .select({ variationId: bookingVariationResources.variationId, resourceId: bookingVariationResources.resourceId })
      .from(bookingVariationResources)
      .innerJoin(bookingVariations, eq(bookingVariations.id, bookingVariationResources.variationId))
      .where(inArray(bookingVariations.serviceId, ids))
      .orderBy(asc(bookingVariationResources.createdAt), asc(bookingVariationResources.resourceId)),
  ]);
  return services.map((service) => ({
    ...service,
    providers: providers.filter((row) => row.serviceId === service.id).map(({ id, name }) => ({ id, name })),
    variations: variations
      .filter((row) => row.serviceId === service.id)
      .map(({ serviceId: _service, ...variation }) => ({
        ...variation,
        resourceIds: needs.filter((need) => need.variationId === variation.id).map((need) => need.resourceId),
      })),
  }));
}

export async function serviceOf(db: Db, actor: Actor, id: number): Promise<BookingService> {
  const [service] = await listServices(db, actor, id);
  if (!service) throw notFound("No such service.");
  return service;
}

/**
 * Saves a service with its providers and variations in one transaction. A variation given with
 * its id is updated (its bookings keep it); one left out is deleted, or switched off when
 * bookings use it; one without an id is added.
 */
export async function saveService(db: Db, actor: Actor, id: number | null, input: Input<typeof bookingServiceInputSchema>): Promise<BookingService> {
  const location = await locationOf(db, actor, input.locationId);
  const before = id === null ? null : await serviceOf(db, actor, id);
  if (before && before.locationId !== input.locationId) {
    const booked = await db.execute(sql`select 1 from bookings where service_id = ${before.id} and status in ('pending', 'confirmed') limit 1`);
    if (booked.rows.length > 0) throw badRequest({ locationId: [SETUP.serviceStays] });
  }
  await assertProviders(db, location.clinicId, input.providerIds, "providerIds");
  // Each variation's resources must be at the service's location.
  const resourceIds = [...new Set(input.variations.flatMap((variation) => variation.resourceIds))];
  if (resourceIds.length > 0) {
    const here = await db
      .select({ id: bookingResources.id })
      .from(bookingResources)
      .where(and(inArray(bookingResources.id, resourceIds), eq(bookingResources.locationId, input.locationId)));
    const found = new Set(here.map((row) => row.id));
    input.variations.forEach((variation, index) => {
      const outside = variation.resourceIds.findIndex((resourceId) => !found.has(resourceId));
      if (outside >= 0) throw badRequest({ [`variations.${index}.resourceIds.${outside}`]: [BOOKING_REFUSALS.otherLocation] });
    });
  }
  const known = new Set(before?.variations.map((variation) => variation.id) ?? []);
  input.variations.forEach((variation, index) => {
    if (variation.id !== undefined && !known.has(variation.id)) throw badRequest({ [`variations.${index}.id`]: [SETUP.notVariation] });
  });
  try {
    const savedId = await db.transaction(async (tx) => {
      const values = {
        clinicId: location.clinicId,
        locationId: input.locationId,
        name: input.name,
        description: input.description,
        slug: input.slug,
        active: input.active,
      };
      let serviceId: number;
      if (id === null) {
        const [row] = await tx.insert(bookingServices).values(values).returning({ id: bookingServices.id });
        serviceId = (row as { id: number }).id;
      } else {
        await tx
          .update(bookingServices)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(bookingServices.id, id));
        serviceId = id;
      }
      // Providers, in the order given ("anyone" tries them in it).
      await tx.delete(bookingServiceProviders).where(eq(bookingServiceProviders.serviceId, serviceId));
      const base = Date.now();
      await tx
        .insert(bookingServiceProviders)
        .values(input.providerIds.map((providerId, index) => ({ serviceId, providerId, createdAt: new Date(base + index) })));
      // Variations.
      const kept = input.variations.flatMap((variation) => (variation.id === undefined ? [] : [variation.id]));
      const dropped = [...known].filter((variationId) => !kept.includes(variationId));
      if (dropped.length > 0) {
        const used = await tx.selectDistinct({ id: bookings.variationId }).from(bookings).where(inArray(bookings.variationId, dropped));
        const usedIds = used.map((row) => row.id);
        // Kept, switched off, after the others, for the bookings that name them.
        if (usedIds.length > 0)
          await tx
            .update(bookingVariations)
            .set({ active: false, position: input.variations.length, updatedAt: new Date() })
            .where(inArray(bookingVariations.id, usedIds));
        const unused = dropped.filter((variationId) => !usedIds.includes(variationId));
        if (unused.length > 0) await tx.delete(bookingVariations).where(inArray(bookingVariations.id, unused));
      }
      for (const [position, variation] of input.variations.entries()) {
        const row = {
          name: variation.name,
          durationMinutes: variation.durationMinutes,
          bufferBeforeMinutes: variation.bufferBeforeMinutes,
          bufferAfterMinutes: variation.bufferAfterMinutes,
          priceCents: variation.priceCents,
          active: variation.active,
          position,
        };
        let variationId: number;
        if (variation.id === undefined) {
          const [made] = await tx
            .insert(bookingVariations)
            .values({ serviceId, ...row })
            .returning({ id: bookingVariations.id });
          variationId = (made as { id: number }).id;
        } else {
          await tx
            .update(bookingVariations)
            .set({ ...row, updatedAt: new Date() })
            .where(eq(bookingVariations.id, variation.id));
          variationId = variation.id;
        }
        await tx.delete(bookingVariationResources).where(eq(bookingVariationResources.variationId, variationId));
        if (variation.resourceIds.length > 0)
          await tx
            .insert(bookingVariationResources)
            .values(variation.resourceIds.map((resourceId, index) => ({ variationId, resourceId, createdAt: new Date(base + index) })));
      }
      return serviceId;
    });
    return serviceOf(db, actor, savedId);
  } catch (error) {
    if (isUniqueViolation(error, "booking_services_slug")) throw badRequest({ slug: [SETUP.slugTaken] });
    if (error instanceof HttpError) throw error;
    if (violatedConstraint(error, "23505") !== null) throw conflict(SETUP.serviceChanged);
    throw error;
  }
}

export async function deleteService(db: Db, actor: Actor, id: number): Promise<void> {
  await serviceOf(db, actor, id);
  const used = await db.execute(sql`select 1 from bookings where service_id = ${id} limit 1`);
  if (used.rows.length > 0) throw conflict(BOOKING_REFUSALS.inUse);
  await db.delete(bookingServices).where(eq(bookingServices.id, id));
}

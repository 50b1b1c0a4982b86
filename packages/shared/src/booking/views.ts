import { z } from "zod";
import { BOOKING_RESOURCE_KINDS, BOOKING_STATUSES } from "./inputs.ts";

/**
 * What the booking app's API answers (issue 35). Money is integer cents in the platform's
 * currency; instants are ISO 8601 in UTC; dates and wall-clock times are in the location's zone.
 */

const person = z.object({ id: z.string(), name: z.string() });
const pageText = z.object({ title: z.string(), intro: z.string() });

export const bookingSettingsSchema = z.object({
  clinicId: z.string(),
  windowDays: z.number().int(),
  minNoticeMinutes: z.number().int(),
  cancelWindowHours: z.number().int(),
  stepMinutes: z.number().int(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  pageTexts: z.object({ en: pageText, es: pageText }),
  appointmentTypes: z.array(z.number().int()),
  currency: z.string(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const bookingLocationSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  name: z.string(),
  address: z.string(),
  timeZone: z.string(),
});
export type BookingLocation = z.infer<typeof bookingLocationSchema>;

/** Someone who can give services: the clinic's therapists and the clinic itself. */
export const bookingProviderSchema = person.extend({ email: z.string() });
export type BookingProvider = z.infer<typeof bookingProviderSchema>;

const rule = z.object({ day: z.string(), start: z.string(), end: z.string() });
export const bookingHoursSchema = z.object({ provider: person, locationId: z.number().int(), rules: z.array(rule) });
export type BookingHours = z.infer<typeof bookingHoursSchema>;

export const bookingSpecialDaySchema = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  provider: person.nullable(),
  date: z.string(),
  closed: z.boolean(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  note: z.string(),
});
export type BookingSpecialDay = z.infer<typeof bookingSpecialDaySchema>;

export const bookingResourceSchema = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  name: z.string(),
  kind: z.enum(BOOKING_RESOURCE_KINDS),
  quantity: z.number().int(),
  active: z.boolean(),
  /** Variations that need it. */
  variations: z.number().int(),
});
export type BookingResource = z.infer<typeof bookingResourceSchema>;

export const bookingVariationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  priceCents: z.number().int(),
  resourceIds: z.array(z.number().int()),
  active: z.boolean(),
});
export type BookingVariation = z.infer<typeof bookingVariationSchema>;

export const bookingServiceSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  locationId: z.number().int(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  active: z.boolean(),
  providers: z.array(person),
  variations: z.array(bookingVariationSchema),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

/** A service's public page: what a client needs to choose and book, nothing of the clinic's own. */
export const publicBookingServiceSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.object({ name: z.string(), address: z.string(), timeZone: z.string() }),
  pageTexts: z.object({ en: pageText, es: pageText }),
  currency: z.string(),
  windowDays: z.number().int(),
  cancelWindowHours: z.number().int(),
  appointmentTypes: z.array(z.number().int()),
  providers: z.array(person),
  variations: z.array(bookingVariationSchema.omit({ resourceIds: true, active: true, bufferBeforeMinutes: true, bufferAfterMinutes: true })),
});
export type PublicBookingService = z.infer<typeof publicBookingServiceSchema>;

export const bookingSlotSchema = z.object({ start: z.string(), end: z.string(), providerIds: z.array(z.string()) });
export const bookingSlotsSchema = z.object({ timeZone: z.string(), slots: z.array(bookingSlotSchema) });
export type BookingSlots = z.infer<typeof bookingSlotsSchema>;

/** A booking as staff see it. */
export const bookingSchema = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  service: z.object({ id: z.number().int(), name: z.string() }),
  variation: z.object({ id: z.number().int(), name: z.string() }),
  provider: person,
  location: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  start: z.string(),
  end: z.string(),
  client: z.object({ userId: z.string().nullable(), name: z.string(), email: z.string(), phone: z.string() }),
  timeZone: z.string(),
  appointmentType: z.number().int(),
  priceCents: z.number().int(),
  resources: z.array(z.string()),
  rating: z.object({ score: z.number().int(), comment: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** What the made booking answers: the booking, and for a guest that they must confirm by email. */
export const bookingMadeSchema = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  start: z.string(),
  end: z.string(),
  provider: person,
  /** Where the client manages it: given to a signed-in client at once, sent by email to a guest. */
  manageUrl: z.string().nullable(),
});
export type BookingMade = z.infer<typeof bookingMadeSchema>;

/** A booking as its client sees it through the private link. */
export const managedBookingSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  service: z.object({ name: z.string(), slug: z.string() }),
  variation: z.object({ id: z.number().int(), name: z.string(), durationMinutes: z.number().int() }),
  provider: person,
  providers: z.array(person),
  location: z.object({ name: z.string(), address: z.string(), timeZone: z.string() }),
  start: z.string(),
  end: z.string(),
  clientName: z.string(),
  timeZone: z.string(),
  appointmentType: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  /** Until when it can be moved or cancelled by the link (null: no longer). */
  changeableUntil: z.string().nullable(),
  rating: z.object({ score: z.number().int(), comment: z.string() }).nullable(),
  ratable: z.boolean(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

export const bookingRatingSchema = z.object({
  bookingId: z.number().int(),
  score: z.number().int(),
  comment: z.string(),
  service: z.string(),
  provider: person,
  clientName: z.string(),
  start: z.string(),
  createdAt: z.string(),
});
export type BookingRating = z.infer<typeof bookingRatingSchema>;

const average = z.object({ id: z.string(), name: z.string(), ratings: z.number().int(), average: z.number().nullable() });
export const bookingRatingsSummarySchema = z.object({ providers: z.array(average), services: z.array(average) });
export type BookingRatingsSummary = z.infer<typeof bookingRatingsSummarySchema>;

/** The dashboard's and the report's figures over a range (§5: since and to). */
export const bookingReportSchema = z.object({
  since: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: z.object({
    bookings: z.number().int(),
    confirmed: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    noShows: z.number().int(),
    pending: z.number().int(),
    revenueCents: z.number().int(),
    ratings: z.number().int(),
    averageScore: z.number().nullable(),
  }),
  perDay: z.array(z.object({ date: z.string(), bookings: z.number().int(), cancelled: z.number().int() })),
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      bookings: z.number().int(),
      bookedMinutes: z.number().int(),
      openMinutes: z.number().int(),
      utilisation: z.number().nullable(),
      noShows: z.number().int(),
      revenueCents: z.number().int(),
      averageScore: z.number().nullable(),
    }),
  ),
  resources: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      units: z.number().int(),
      heldMinutes: z.number().int(),
      openMinutes: z.number().int(),
      utilisation: z.number().nullable(),
    }),
  ),
  services: z.array(
    z.object({ id: z.number().int(), name: z.string(), bookings: z.number().int(), revenueCents: z.number().int(), averageScore: z.number().nullable() }),
  ),
});
export type BookingReport = z.infer<typeof bookingReportSchema>;

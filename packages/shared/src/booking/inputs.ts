import { z } from "zod";
import {
  appointmentTypeField,
  dayField,
  instantField,
  minutesOf,
  SCHEDULE_MESSAGES,
  SCHEDULE_RULES_MAX,
  scheduleRuleSchema,
  scheduleTime,
  timeZoneField,
} from "../appointments.ts";
import { languageSchema, pageQuerySchema, requiredText, rowId, rowIdParam, storableText, userId } from "../schemas.ts";

/**
 * The booking app's inputs (module `schedule`, issue 35), checked the same on the screens and at
 * the API's edge. Money is integer cents; lengths and buffers are whole minutes; hours are
 * wall-clock times in the location's zone, in the clinic schedules' shape (scheduleRuleSchema).
 * What only the server can decide (a time taken, a link used) answers BOOKING_REFUSALS.
 */

/** Minutes between the starts a booking page offers. */
export const BOOKING_STEP_MINUTES = [5, 10, 15, 20, 30, 60] as const;
export const BOOKING_RESOURCE_KINDS = ["room", "equipment"] as const;
export type BookingResourceKind = (typeof BOOKING_RESOURCE_KINDS)[number];
export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_LIMITS = {
  windowDaysMax: 730,
  noticeMinutesMax: 43_200,
  cancelHoursMax: 720,
  bufferMax: 240,
  durationMin: 5,
  durationMax: 480,
  quantityMax: 50,
  variationsMax: 12,
  providersMax: 50,
  resourcesPerVariationMax: 5,
  priceMaxCents: 10_000_000,
  commentMax: 1000,
  pageIntroMax: 2000,
} as const;

export const BOOKING_MESSAGES = {
  step: `Offer a start every ${BOOKING_STEP_MINUTES.join(", ")} minutes.`,
  duration: `A duration is ${BOOKING_LIMITS.durationMin} to ${BOOKING_LIMITS.durationMax} minutes, in steps of 5.`,
  buffer: `A buffer is 0 to ${BOOKING_LIMITS.bufferMax} minutes.`,
  cents: "Give an amount in whole cents, zero or more.",
  slug: "Use 3 to 80 lower-case letters, digits and dashes, starting with a letter or digit.",
  variations: "Add at least one variation.",
  providers: "Choose at least one provider.",
  providerTwice: "Each provider appears once.",
  resourceTwice: "Each resource appears once.",
  quantity: `A location has 1 to ${BOOKING_LIMITS.quantityMax} of a resource.`,
  score: "Rate from 1 to 5.",
} as const;

/** Refusals only the server can decide; the screens translate them by key. */
export const BOOKING_REFUSALS = {
  past: "This time has passed.",
  minNotice: "This time is too soon: book at least {notice} ahead.",
  beyondWindow: "This time is too far ahead: bookings open {days} days ahead.",
  outsideHours: "This time is outside the provider's hours.",
  dayOff: "The provider does not work that day.",
  providerTaken: "The provider has just been booked at this time: choose another.",
  resourceTaken: "What this visit needs is taken at this time: choose another.",
  noProvider: "Nobody is free at this time: choose another.",
  guestContact: "Give your name and email to book without an account.",
  linkUnknown: "This link is not valid: it may have been replaced by a newer one.",
  notPending: "This booking is already confirmed or no longer held.",
  confirmExpired: "This booking was not confirmed in time, and its time was let go.",
  cancelWindow: "This booking can no longer be changed here: it starts within {hours} hours. Please call the clinic.",
  notActive: "This booking is cancelled or has taken place.",
  rateTooSoon: "You can rate a visit once it has taken place.",
  ratedAlready: "This visit has been rated already.",
  notRatable: "Only a visit that took place can be rated.",
  inUse: "Bookings use it: switch it off instead of deleting it.",
  otherLocation: "Not of this service's location.",
  typeNotOffered: "The clinic does not offer this kind of visit: choose another.",
} as const;
export type BookingRefusal = keyof typeof BOOKING_REFUSALS;

/** Refusals of the setup screens' calls (locations, hours, resources, services); the screens translate them by key. */
export const BOOKING_SETUP_REFUSALS = {
  locationInUse: "Services or bookings are at this location: move or delete them first.",
  resourceNeeded: "Variations need this resource: take it off them first, or switch it off.",
  resourceStays: "Variations need this resource: it stays at its location.",
  dayTaken: "This date has its special hours already: change that entry instead.",
  slugTaken: "Another service has this address: choose another.",
  serviceStays: "Upcoming bookings are at this service's location: it stays there until they are over.",
  providerUnknown: "Choose one of the clinic's active therapists or the clinic itself.",
  clinicNeeded: "Choose the clinic.",
  serviceChanged: "This service changed meanwhile: open it again.",
  notVariation: "Not a variation of this service.",
} as const;

const minutes = (max: number, message: string) => z.number({ error: message }).int(message).min(0, message).max(max, message);
const cents = () =>
  z
    .number({ error: BOOKING_MESSAGES.cents })
    .int(BOOKING_MESSAGES.cents)
    .min(0, BOOKING_MESSAGES.cents)
    .max(BOOKING_LIMITS.priceMaxCents, BOOKING_MESSAGES.cents);
const unique =
  <T>(message: string) =>
  (values: T[], context: z.RefinementCtx) => {
    values.forEach((value, index) => {
      if (values.indexOf(value) !== index) context.addIssue({ code: "custom", path: [index], message });
    });
  };

const pageText = z.object({ title: storableText(120).default(""), intro: storableText(BOOKING_LIMITS.pageIntroMax).default("") }).strict();

/** The clinic's booking settings (`config`). */
export const bookingSettingsInputSchema = z
  .object({
    windowDays: z.number().int().min(1).max(BOOKING_LIMITS.windowDaysMax),
    minNoticeMinutes: minutes(BOOKING_LIMITS.noticeMinutesMax, `Give 0 to ${BOOKING_LIMITS.noticeMinutesMax} minutes.`),
    cancelWindowHours: z.number().int().min(0).max(BOOKING_LIMITS.cancelHoursMax),
    stepMinutes: z.union(
      BOOKING_STEP_MINUTES.map((step) => z.literal(step)),
      { error: BOOKING_MESSAGES.step },
    ),
    bufferBeforeMinutes: minutes(BOOKING_LIMITS.bufferMax, BOOKING_MESSAGES.buffer),
    bufferAfterMinutes: minutes(BOOKING_LIMITS.bufferMax, BOOKING_MESSAGES.buffer),
    pageTexts: z.object({ en: pageText.default({ title: "", intro: "" }), es: pageText.default({ title: "", intro: "" }) }).strict(),
    /** The kinds of visit clients may choose (APPOINTMENT_TYPES: in person, by video…); the first is the default. */
    appointmentTypes: z
      .array(appointmentTypeField())
      .min(1, SCHEDULE_MESSAGES.types)
      .max(6)
      .transform((types) => [...new Set(types)])
      .default([1]),
  })
  .strict();
export type BookingSettingsInput = z.input<typeof bookingSettingsInputSchema>;

/** A place where services are given. An admin names its clinic; staff add to their own. */
export const bookingLocationInputSchema = z
  .object({ name: requiredText(120), address: storableText(500).default(""), timeZone: timeZoneField(), clinicId: userId().optional() })
  .strict();
export type BookingLocationInput = z.input<typeof bookingLocationInputSchema>;

/** A provider's weekly hours at a location (`service-hours`). An empty list: they keep none there. */
export const bookingHoursInputSchema = z
  .object({
    providerId: userId(),
    locationId: rowId(),
    rules: z.array(scheduleRuleSchema).max(SCHEDULE_RULES_MAX),
  })
  .strict();
export type BookingHoursInput = z.input<typeof bookingHoursInputSchema>;

/** A holiday or other hours on one date, for one provider or (no provider) everyone at the location. */
export const bookingSpecialDayInputSchema = z
  .object({
    locationId: rowId(),
    providerId: userId().nullable().default(null),
    date: dayField(),
    closed: z.boolean(),
    start: scheduleTime().nullable().default(null),
    end: scheduleTime().nullable().default(null),
    note: storableText(200).default(""),
  })
  .strict()
  .superRefine((day, context) => {
    if (day.closed) return;
    if (!day.start) context.addIssue({ code: "custom", path: ["start"], message: SCHEDULE_MESSAGES.exceptionHours });
    if (!day.end) context.addIssue({ code: "custom", path: ["end"], message: SCHEDULE_MESSAGES.exceptionHours });
    if (day.start && day.end && minutesOf(day.end) <= minutesOf(day.start))
      context.addIssue({ code: "custom", path: ["end"], message: SCHEDULE_MESSAGES.endAfterStart });
  });
export type BookingSpecialDayInput = z.input<typeof bookingSpecialDayInputSchema>;

/** A room or a device (`equipment`), of which the location has `quantity`. */
export const bookingResourceInputSchema = z
  .object({
    locationId: rowId(),
    name: requiredText(120),
    kind: z.enum(BOOKING_RESOURCE_KINDS),
    quantity: z
      .number({ error: BOOKING_MESSAGES.quantity })
      .int(BOOKING_MESSAGES.quantity)
      .min(1, BOOKING_MESSAGES.quantity)
      .max(BOOKING_LIMITS.quantityMax, BOOKING_MESSAGES.quantity),
    active: z.boolean().default(true),
  })
  .strict();
export type BookingResourceInput = z.input<typeof bookingResourceInputSchema>;

/** One way to take a service (`variation`). */
export const bookingVariationInputSchema = z
  .object({
    /** An existing variation's id (kept, with its bookings); none for a new one. */
    id: rowId().optional(),
    name: requiredText(120),
    durationMinutes: z
      .number({ error: BOOKING_MESSAGES.duration })
      .int(BOOKING_MESSAGES.duration)
      .min(BOOKING_LIMITS.durationMin, BOOKING_MESSAGES.duration)
      .max(BOOKING_LIMITS.durationMax, BOOKING_MESSAGES.duration)
      .refine((value) => value % 5 === 0, BOOKING_MESSAGES.duration),
    bufferBeforeMinutes: minutes(BOOKING_LIMITS.bufferMax, BOOKING_MESSAGES.buffer).default(0),
    bufferAfterMinutes: minutes(BOOKING_LIMITS.bufferMax, BOOKING_MESSAGES.buffer).default(0),
    priceCents: cents(),
    resourceIds: z.array(rowId()).max(BOOKING_LIMITS.resourcesPerVariationMax).default([]).superRefine(unique(BOOKING_MESSAGES.resourceTwice)),
    active: z.boolean().default(true),
  })
  .strict();
export type BookingVariationInput = z.input<typeof bookingVariationInputSchema>;

/** A service with its providers and variations, saved together. */
export const bookingServiceInputSchema = z
  .object({
    locationId: rowId(),
    name: requiredText(120),
    description: requiredText(2000),
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{2,79}$/, BOOKING_MESSAGES.slug),
    active: z.boolean().default(true),
    providerIds: z.array(userId()).min(1, BOOKING_MESSAGES.providers).max(BOOKING_LIMITS.providersMax).superRefine(unique(BOOKING_MESSAGES.providerTwice)),
    variations: z.array(bookingVariationInputSchema).min(1, BOOKING_MESSAGES.variations).max(BOOKING_LIMITS.variationsMax),
  })
  .strict();
export type BookingServiceInput = z.input<typeof bookingServiceInputSchema>;

/** The free starts of a variation (`GET`): for one provider, or anyone who gives it. */
export const bookingSlotsQuerySchema = z
  .object({
    variationId: z.coerce.number().int().positive().max(2_147_483_647),
    providerId: userId().optional(),
    from: dayField(),
    to: dayField(),
  })
  .superRefine((value, context) => {
    if (value.from > value.to) context.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
  });

/** Who books: a guest gives their name and email (a signed-in client's come from their account). */
export const bookingClientSchema = z
  .object({
    name: requiredText(120),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+\d][\d\s().-]*$|^$/, "Give a phone number with digits, spaces and + ( ) - only.")
      .default(""),
  })
  .strict();

/** A booking from the public page or by staff: a variation, a provider or anyone (null), a start. */
export const bookingRequestSchema = z
  .object({
    variationId: rowId(),
    providerId: userId().nullable(),
    start: instantField(),
    /** The client's zone: their emails write the times in it. */
    timeZone: timeZoneField(),
    language: languageSchema.default("en"),
    /** One of the clinic's appointment types; the first of them when left out. */
    appointmentType: appointmentTypeField().optional(),
    client: bookingClientSchema.optional(),
  })
  .strict();
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** Moving a booking, by staff or by its private link: a new start, with the same or another provider. */
export const bookingMoveSchema = z.object({ start: instantField(), providerId: userId().nullable().optional() }).strict();

export const bookingRatingInputSchema = z
  .object({
    score: z.number({ error: BOOKING_MESSAGES.score }).int(BOOKING_MESSAGES.score).min(1, BOOKING_MESSAGES.score).max(5, BOOKING_MESSAGES.score),
    comment: storableText(BOOKING_LIMITS.commentMax).default(""),
  })
  .strict();
export type BookingRatingInput = z.input<typeof bookingRatingInputSchema>;

/** The dashboard's and the report's range: both required (§5). */
export const bookingReportQuerySchema = z
  .object({ since: dayField(), to: dayField(), locationId: z.coerce.number().int().positive().max(2_147_483_647).optional() })
  .superRefine((value, context) => {
    if (value.since > value.to) context.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
  });

/** Staff book for a client: one of the clinic's people (their account's name and email) or someone by name and email. */
export const staffBookingSchema = bookingRequestSchema.extend({ clientUserId: userId().nullable().default(null) }).superRefine((value, context) => {
  if (value.clientUserId === null && value.client === undefined)
    context.addIssue({ code: "custom", path: ["client"], message: "Choose a client or give their name and email." });
});
export type StaffBooking = z.input<typeof staffBookingSchema>;

/** What staff mark a booking as once its time has come. */
export const bookingOutcomeSchema = z.object({ status: z.enum(["completed", "no_show"]) }).strict();

export const bookingIdParamSchema = z.object({ id: rowIdParam() }).strict();
/** A private link's secret: 24 random bytes, base64url. */
const linkSecret = () =>
  z
    .string()
    .max(32)
    .regex(/^[A-Za-z0-9_-]{32}$/, BOOKING_REFUSALS.linkUnknown);
export const bookingTokenParamSchema = z.object({ token: linkSecret() }).strict();
export const bookingConfirmSchema = z.object({ token: linkSecret() }).strict();
export const bookingSlugParamSchema = z
  .object({
    slug: z
      .string()
      .max(80)
      .regex(/^[a-z0-9][a-z0-9-]{2,79}$/, BOOKING_MESSAGES.slug),
  })
  .strict();

/** An admin names the clinic whose settings or locations they work on; staff work on their own. */
export const bookingClinicQuerySchema = z.object({ clinicId: userId().optional() }).strict();
export const bookingLocationQuerySchema = z.object({ locationId: rowIdParam() }).strict();
export const bookingSpecialDaysQuerySchema = z.object({ locationId: rowIdParam(), from: dayField().optional(), to: dayField().optional() }).strict();

export const bookingsQuerySchema = pageQuerySchema
  .extend({
    from: dayField().optional(),
    to: dayField().optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    providerId: userId().optional(),
    serviceId: rowIdParam().optional(),
    q: storableText(120)
      .transform((value) => value.trim())
      .optional(),
  })
  .strict();
export type BookingsQuery = z.output<typeof bookingsQuerySchema>;

export const bookingRatingsQuerySchema = pageQuerySchema.extend({ since: dayField().optional(), to: dayField().optional() }).strict();

export const BOOKING_REPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export const bookingReportExportQuerySchema = z
  .object({
    since: dayField(),
    to: dayField(),
    locationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    format: z.enum(BOOKING_REPORT_FORMATS),
    language: languageSchema.default("en"),
  })
  .superRefine((value, context) => {
    if (value.since > value.to) context.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
  });

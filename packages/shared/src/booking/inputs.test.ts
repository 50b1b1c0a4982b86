import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES } from "../appointments.ts";
import {
  BOOKING_MESSAGES,
  bookingRatingInputSchema,
  bookingReportQuerySchema,
  bookingRequestSchema,
  bookingServiceInputSchema,
  bookingSettingsInputSchema,
  bookingSlotsQuerySchema,
  bookingSpecialDayInputSchema,
  bookingVariationInputSchema,
} from "./inputs.ts";

const PROVIDER = "6f1c3a52-8a55-4d2b-9a3f-0c2f4f1b7e10";
const OTHER = "0b7d8e1e-2f0c-4b8a-8d7e-5f6a7b8c9d01";

/** The message of each issue, by its path ("variations.0.durationMinutes"). */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

const variation = { name: "First visit", durationMinutes: 60, bufferAfterMinutes: 15, priceCents: 9000, resourceIds: [3] };
const service = {
  locationId: 1,
  name: "Vestibular assessment",
  description: "Rotary chair and posturography.",
  slug: "vestibular-assessment",
  providerIds: [PROVIDER],
  variations: [variation],
};

describe("booking inputs", () => {
  it("takes a service with its providers and variations, filling the defaults", () => {
    const parsed = bookingServiceInputSchema.parse(service);
    expect(parsed.active).toBe(true);
    expect(parsed.variations[0]).toMatchObject({ bufferBeforeMinutes: 0, bufferAfterMinutes: 15, active: true, resourceIds: [3] });
  });

  it("refuses a service without providers or variations, a provider or resource twice, and a bad slug", () => {
    expect(issues(bookingServiceInputSchema.safeParse({ ...service, providerIds: [], variations: [] }))).toEqual({
      providerIds: BOOKING_MESSAGES.providers,
      variations: BOOKING_MESSAGES.variations,
    });
    expect(issues(bookingServiceInputSchema.safeParse({ ...service, providerIds: [PROVIDER, OTHER, PROVIDER] }))).toEqual({
      "providerIds.2": BOOKING_MESSAGES.providerTwice,
    });
    expect(issues(bookingServiceInputSchema.safeParse({ ...service, variations: [{ ...variation, resourceIds: [3, 3] }] }))).toEqual({
      "variations.0.resourceIds.1": BOOKING_MESSAGES.resourceTwice,
    });
    for (const slug of ["ab", "-vestibular", "Vestibular", "vestibular assessment", "a".repeat(81)]) {
      expect(issues(bookingServiceInputSchema.safeParse({ ...service, slug })), slug).toEqual({ slug: BOOKING_MESSAGES.slug });
    }
  });

  it("holds a variation's length to 5-minute steps, its buffers to 4 hours and its price to whole cents", () => {
    for (const durationMinutes of [0, 3, 62, 485, 30.5]) {
      expect(issues(bookingVariationInputSchema.safeParse({ ...variation, durationMinutes })), String(durationMinutes)).toEqual({
        durationMinutes: BOOKING_MESSAGES.duration,
      });
    }
    expect(issues(bookingVariationInputSchema.safeParse({ ...variation, bufferBeforeMinutes: -5, bufferAfterMinutes: 241 }))).toEqual({
      bufferBeforeMinutes: BOOKING_MESSAGES.buffer,
      bufferAfterMinutes: BOOKING_MESSAGES.buffer,
    });
    expect(issues(bookingVariationInputSchema.safeParse({ ...variation, priceCents: 10.5 }))).toEqual({ priceCents: BOOKING_MESSAGES.cents });
    expect(issues(bookingVariationInputSchema.safeParse({ ...variation, priceCents: -1 }))).toEqual({ priceCents: BOOKING_MESSAGES.cents });
  });

  it("takes a special day off, or other hours that end after they start", () => {
    expect(bookingSpecialDayInputSchema.parse({ locationId: 1, date: "2026-12-25", closed: true })).toMatchObject({
      providerId: null,
      start: null,
      end: null,
      note: "",
    });
    expect(issues(bookingSpecialDayInputSchema.safeParse({ locationId: 1, date: "2026-12-24", closed: false }))).toEqual({
      start: SCHEDULE_MESSAGES.exceptionHours,
      end: SCHEDULE_MESSAGES.exceptionHours,
    });
    expect(issues(bookingSpecialDayInputSchema.safeParse({ locationId: 1, date: "2026-12-24", closed: false, start: "14:00", end: "09:00" }))).toEqual({
      end: SCHEDULE_MESSAGES.endAfterStart,
    });
    expect(issues(bookingSpecialDayInputSchema.safeParse({ locationId: 1, date: "2026-02-30", closed: true }))).toEqual({ date: SCHEDULE_MESSAGES.date });
  });

  it("takes the settings' steps from the list only", () => {
    const settings = {
      windowDays: 60,
      minNoticeMinutes: 120,
      cancelWindowHours: 24,
      stepMinutes: 15,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 10,
      pageTexts: {},
    };
    expect(bookingSettingsInputSchema.parse(settings).pageTexts).toEqual({ en: { title: "", intro: "" }, es: { title: "", intro: "" } });
    expect(issues(bookingSettingsInputSchema.safeParse({ ...settings, stepMinutes: 7 }))).toEqual({ stepMinutes: BOOKING_MESSAGES.step });
    expect(bookingSettingsInputSchema.safeParse({ ...settings, windowDays: 0 }).success).toBe(false);
  });

  it("takes a booking for anyone (null provider) with a guest's contact, and refuses an unknown zone or a start without its offset", () => {
    const request = {
      variationId: 4,
      providerId: null,
      start: "2026-06-01T09:00:00Z",
      timeZone: "America/Bogota",
      client: { name: "Ana Ruiz", email: " Ana@Example.com ", phone: "+34 600 000 000" },
    };
    expect(bookingRequestSchema.parse(request)).toMatchObject({ providerId: null, language: "en", client: { email: "ana@example.com" } });
    expect(issues(bookingRequestSchema.safeParse({ ...request, timeZone: "Mars/Olympus" }))).toEqual({ timeZone: SCHEDULE_MESSAGES.timeZone });
    expect(bookingRequestSchema.safeParse({ ...request, start: "2026-06-01T09:00:00" }).success).toBe(false);
    expect(bookingRequestSchema.safeParse({ ...request, client: { ...request.client, phone: "call me" } }).success).toBe(false);
    expect(bookingRequestSchema.safeParse({ ...request, price: 0 }).success).toBe(false);
  });

  it("rates from 1 to 5 in whole stars", () => {
    expect(bookingRatingInputSchema.parse({ score: 5 })).toEqual({ score: 5, comment: "" });
    for (const score of [0, 6, 4.5]) expect(issues(bookingRatingInputSchema.safeParse({ score })), String(score)).toEqual({ score: BOOKING_MESSAGES.score });
  });

  it("needs both ends of a report's range, in order, and of a slot query's", () => {
    expect(bookingReportQuerySchema.safeParse({ since: "2026-06-01" }).success).toBe(false);
    expect(issues(bookingReportQuerySchema.safeParse({ since: "2026-06-30", to: "2026-06-01" }))).toEqual({
      to: "The end date must be on or after the start date.",
    });
    expect(bookingSlotsQuerySchema.parse({ variationId: "4", from: "2026-06-01", to: "2026-06-07" })).toEqual({
      variationId: 4,
      from: "2026-06-01",
      to: "2026-06-07",
    });
  });
});

import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type BookingService,
  type BookingServiceInput,
  bookingServiceInputSchema,
  bookingVariationInputSchema,
} from "@clinic/shared";
import { z } from "zod";
import { centsToText, parseMoney } from "../../../lib/money.ts";
import type { Placement } from "./dialog-save.ts";

/** A variation as the form holds it: its price as typed in the platform's currency ("40" or "40,50"). */
export interface VariationValues {
  /** A saved variation's id: sent back so it keeps its bookings. */
  id?: number;
  name: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  price: string;
  resourceIds: number[];
  active: boolean;
}

export interface ServiceValues {
  locationId: number;
  name: string;
  description: string;
  slug: string;
  active: boolean;
  /** In the order "anyone" books them. */
  providerIds: string[];
  variations: VariationValues[];
}

/** What a new service or variation starts with: the location on screen and the clinic's default buffers. */
export interface ServiceDefaults {
  locationId: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

const SLUG_MAX = 80;

/**
 * The address a service's name suggests: lower-case letters and digits joined by dashes, accents
 * dropped ("Rehabilitación vestibular" → "rehabilitacion-vestibular"), as the slug rule allows.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

export const newVariation = (defaults: ServiceDefaults): VariationValues => ({
  name: "",
  durationMinutes: 30,
  bufferBeforeMinutes: defaults.bufferBeforeMinutes,
  bufferAfterMinutes: defaults.bufferAfterMinutes,
  price: "",
  resourceIds: [],
  active: true,
});

/** The form's start: the service as saved (prices as text in the interface language), or a new one with one variation. */
export function serviceValues(service: BookingService | null, defaults: ServiceDefaults, currency: string, language: string): ServiceValues {
  if (!service)
    return {
      locationId: defaults.locationId,
      name: "",
      description: "",
      slug: "",
      active: true,
      providerIds: [],
      variations: [newVariation(defaults)],
    };
  return {
    locationId: service.locationId,
    name: service.name,
    description: service.description,
    slug: service.slug,
    active: service.active,
    providerIds: service.providers.map((provider) => provider.id),
    variations: service.variations.map((variation) => ({
      id: variation.id,
      name: variation.name,
      durationMinutes: variation.durationMinutes,
      bufferBeforeMinutes: variation.bufferBeforeMinutes,
      bufferAfterMinutes: variation.bufferAfterMinutes,
      price: centsToText(variation.priceCents, currency, language),
      resourceIds: [...variation.resourceIds],
      active: variation.active,
    })),
  };
}

/** The API's body: prices read into whole cents (exactly, never through floating point), new variations without an id. */
export function serviceBody(values: ServiceValues, currency: string): BookingServiceInput {
  return {
    locationId: values.locationId,
    name: values.name,
    description: values.description,
    slug: values.slug.trim(),
    active: values.active,
    providerIds: values.providerIds,
    variations: values.variations.map(({ id, price, ...variation }) => ({
      ...(id === undefined ? {} : { id }),
      ...variation,
      priceCents: parseMoney(price, currency) ?? Number.NaN,
    })),
  };
}

/**
 * The form's check: the API's own rules, with each price checked as typed (`priceMessage`, in the
 * interface language) where the API checks cents.
 */
export function serviceFormSchema(currency: string, priceMessage: string) {
  const price = z.string().refine((text) => {
    const cents = parseMoney(text, currency);
    return cents !== null && cents <= BOOKING_LIMITS.priceMaxCents;
  }, priceMessage);
  const variation = bookingVariationInputSchema.omit({ priceCents: true }).extend({ price });
  return bookingServiceInputSchema
    .omit({ variations: true })
    .extend({ variations: z.array(variation).min(1, BOOKING_MESSAGES.variations).max(BOOKING_LIMITS.variationsMax) });
}

/** Where a 400 of the API shows in the form: a price's cents under its price, a list's items under the list. */
export const placeService: Placement = (path) => {
  const price = /^variations\.(\d+)\.priceCents$/.exec(path);
  if (price) return `variations.${price[1]}.price`;
  const resource = /^variations\.(\d+)\.resourceIds\.\d+$/.exec(path);
  if (resource) return `variations.${resource[1]}.resourceIds`;
  if (/^providerIds\.\d+$/.test(path)) return "providerIds";
  if (/^variations\.\d+\.id$/.test(path)) return null;
  const top = path.split(".")[0] ?? "";
  return ["locationId", "name", "description", "slug", "active", "providerIds", "variations"].includes(top) ? path : null;
};

/** Moves the item at `index` one place up (-1) or down (+1); the list as it was when it cannot move. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

import { type BookingService, bookingServiceInputSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { moved, placeService, serviceBody, serviceFormSchema, serviceValues, suggestSlug } from "./service-form.ts";

const defaults = { locationId: 4, bufferBeforeMinutes: 5, bufferAfterMinutes: 10 };

const saved: BookingService = {
  id: 9,
  clinicId: "c1",
  locationId: 4,
  name: "Vestibular therapy",
  description: "Balance work",
  slug: "vestibular-therapy",
  active: true,
  providers: [
    { id: "b9652d9b-c90c-4c1d-8b21-e7ace5e02aaf", name: "Tomás" },
    { id: "e759261a-b383-4785-8b5e-b0febfa47f18", name: "Irene" },
  ],
  variations: [
    { id: 31, name: "First visit", durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 15, priceCents: 4007, resourceIds: [2], active: true },
  ],
};

describe("the address a service's name suggests", () => {
  it("drops accents and joins words with single dashes", () => {
    expect(suggestSlug("Rehabilitación  Vestibular (1ª visita)!")).toBe("rehabilitacion-vestibular-1a-visita");
    expect(suggestSlug("  --Ñandú 2--  ")).toBe("nandu-2");
  });

  it("keeps to 80 characters without a trailing dash", () => {
    const slug = suggestSlug(`${"a".repeat(79)} b`);
    expect(slug).toBe("a".repeat(79));
    expect(suggestSlug("x".repeat(100))).toHaveLength(80);
  });
});

describe("the service form", () => {
  it("starts a new service at the location on screen with one variation of the default buffers", () => {
    const values = serviceValues(null, defaults, "EUR", "en");
    expect(values.locationId).toBe(4);
    expect(values.variations).toEqual([
      { name: "", durationMinutes: 30, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, price: "", resourceIds: [], active: true },
    ]);
  });

  it("reads a saved service back into the same body, variation ids and provider order kept", () => {
    const values = serviceValues(saved, defaults, "EUR", "es");
    expect(values.variations[0]?.price).toBe("40,07");
    const body = serviceBody(values, "EUR");
    expect(body.providerIds).toEqual(["b9652d9b-c90c-4c1d-8b21-e7ace5e02aaf", "e759261a-b383-4785-8b5e-b0febfa47f18"]);
    expect(body.variations).toEqual([
      { id: 31, name: "First visit", durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 15, priceCents: 4007, resourceIds: [2], active: true },
    ]);
    expect(bookingServiceInputSchema.safeParse(body).success).toBe(true);
  });

  it("sends a new variation without an id and its price in exact cents", () => {
    const values = serviceValues(saved, defaults, "EUR", "en");
    values.variations.push({
      name: "Follow-up",
      durationMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      price: "0.07",
      resourceIds: [],
      active: true,
    });
    const [, added] = serviceBody(values, "EUR").variations;
    expect(added).not.toHaveProperty("id");
    expect(added?.priceCents).toBe(7);
  });

  it("refuses a price that is not an amount, under the price", () => {
    const values = serviceValues(saved, defaults, "EUR", "en");
    (values.variations[0] as { price: string }).price = "12.345";
    const checked = serviceFormSchema("EUR", "price?").safeParse(values);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["variations.0.price", "price?"]]);
  });

  it("places the API's messages on the fields that show them", () => {
    expect(placeService("variations.2.priceCents")).toBe("variations.2.price");
    expect(placeService("variations.0.resourceIds.1")).toBe("variations.0.resourceIds");
    expect(placeService("providerIds.3")).toBe("providerIds");
    expect(placeService("slug")).toBe("slug");
    expect(placeService("variations.0.id")).toBeNull();
    expect(placeService("clinicId")).toBeNull();
  });

  it("moves a provider up or down, never past the ends", () => {
    expect(moved(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});

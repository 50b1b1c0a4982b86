import type { Db } from "../../db/client.ts";
import { bookingLocations, bookingResources, bookingServices, bookingVariations } from "./booking.table.ts";

/**
 * The booking tests' common ground, written straight to the tables: a centre in Madrid, a
 * vestibular assessment with its 60-minute first visit (15 minutes after it to reset the chair,
 * 90 €), and the centre's one rotary chair (its units and who needs it are each test's own).
 */
export async function insertAssessment(db: Db, clinicId: string, slug: string) {
  const [location] = await db.insert(bookingLocations).values({ clinicId, name: "Centro", timeZone: "Europe/Madrid" }).returning({ id: bookingLocations.id });
  const locationId = (location as { id: number }).id;
  const [service] = await db
    .insert(bookingServices)
    .values({ clinicId, locationId, name: "Vestibular assessment", description: "Rotary chair testing.", slug })
    .returning({ id: bookingServices.id });
  const serviceId = (service as { id: number }).id;
  const [variation] = await db
    .insert(bookingVariations)
    .values({ serviceId, name: "First visit", durationMinutes: 60, bufferAfterMinutes: 15, priceCents: 9000 })
    .returning({ id: bookingVariations.id });
  const [chair] = await db
    .insert(bookingResources)
    .values({ clinicId, locationId, name: "Rotary chair", kind: "equipment", quantity: 1 })
    .returning({ id: bookingResources.id });
  return { locationId, serviceId, variationId: (variation as { id: number }).id, chairId: (chair as { id: number }).id };
}

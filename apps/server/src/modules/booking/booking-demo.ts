import { mulberry32 } from "@clinic/games";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_HISTORY_PEOPLE } from "../../demo-accounts.ts";
import { freeStarts, variationContext } from "./availability.ts";
import {
  bookingHours,
  bookingLocations,
  bookingRatings,
  bookingResources,
  bookingResourceUnits,
  bookingServiceProviders,
  bookingServices,
  bookingSettings,
  bookingSpecialDays,
  bookingUnitHolds,
  bookingVariationResources,
  bookingVariations,
  bookings,
} from "./booking.table.ts";
import { writeBooking } from "./bookings.service.ts";

/**
 * The demo clinic's booking app (issue 35): a centre in Madrid, Tomás and Irene's hours, a
 * holiday ahead, the rotary chair, the posturography platform and two treatment rooms, two
 * services with their variations, and four weeks of visits behind the anchor day (completed,
 * missed, cancelled, many rated) with two weeks booked ahead (from the third day). Each visit is one of the free
 * starts the engine offered on its day, written as a booking is; no email goes out (nobody
 * booked these just now). Seeded once, on the embedded default; it shows once an administrator
 * switches the scheduling app on.
 */

const SEED = 20_261_203;
export const DEMO_SLUG = "vestibular-assessment";
const DAY = 86_400_000;

const GUESTS = [
  ["Lucía Gómez", "lucia.gomez@example.com", "+34 611 204 118"],
  ["Marta Ruiz", "marta.ruiz@example.com", "+34 622 918 301"],
  ["Diego Torres", "diego.torres@example.com", ""],
  ["Sofía Martín", "sofia.martin@example.com", "+34 633 450 772"],
  ["Hugo Sanz", "hugo.sanz@example.com", "+34 644 127 905"],
  ["Nerea Gil", "nerea.gil@example.com", ""],
] as const;

const COMMENTS = [
  "Very clear explanations, and exercises I can do at home.",
  "Muy amable y puntual. Salí con un plan claro.",
  "The chair test was less scary than I thought.",
  "Good session, a short wait at the start.",
  "Excelente trato, volveré para el seguimiento.",
  "",
];

export interface DemoBookingOptions {
  /** The day the demo counts from (its first start). */
  anchor: string;
  /** The app's key of the private links (app.deriveKey("booking-links")), so demo clients' links work. */
  linkKey: Buffer;
}

/** Seeds the demo clinic's booking app once; answers false when there is no demo clinic or the demo is there already. */
export async function seedDemoBooking(db: Db, options: DemoBookingOptions): Promise<boolean> {
  const emails = [
    DEMO_ACCOUNTS.clinic.email,
    DEMO_ACCOUNTS.therapist.email,
    DEMO_ACCOUNTS.patient.email,
    DEMO_ACCOUNTS.patient2.email,
    DEMO_HISTORY_PEOPLE.irene.email,
    DEMO_HISTORY_PEOPLE.carmen.email,
  ];
  const people = await db
    .select({ id: users.id, email: users.email, nombres: users.nombres, apellidos: users.apellidos })
    .from(users)
    .where(inArray(users.email, emails));
  const person = (email: string) => people.find((row) => row.email === email);
  const clinic = person(DEMO_ACCOUNTS.clinic.email);
  const tomas = person(DEMO_ACCOUNTS.therapist.email);
  if (!clinic || !tomas) return false;
  // Once: its first service's address is taken for good (slugs are unique).
  const [existing] = await db.select({ id: bookingServices.id }).from(bookingServices).where(eq(bookingServices.slug, DEMO_SLUG)).limit(1);
  if (existing) return false;
  const irene = person(DEMO_HISTORY_PEOPLE.irene.email);
  const clinicId = clinic.id;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .insert(bookingSettings)
      .values({
        clinicId,
        windowDays: 60,
        minNoticeMinutes: 120,
        cancelWindowHours: 24,
        stepMinutes: 15,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 10,
        // In person, or a follow-up by Zoom.
        appointmentTypes: [1, 6],
        pageTexts: {
          en: {
            title: "Book a visit at Clínica Vestibular Norte",
            intro: "Choose the visit, who you would like to see and a time that suits you. You will get a confirmation by email.",
          },
          es: {
            title: "Reserve su visita en la Clínica Vestibular Norte",
            intro: "Elija la visita, con quién desea verse y la hora que le venga mejor. Recibirá la confirmación por correo.",
          },
        },
      })
      // A clinic that set its own keeps them.
      .onConflictDoNothing();
    const [location] = await tx
      .insert(bookingLocations)
      .values({ clinicId, name: "Centro Norte", address: "Calle de Bravo Murillo 120, 28020 Madrid", timeZone: "Europe/Madrid" })
      .returning({ id: bookingLocations.id });
    const locationId = (location as { id: number }).id;
    const providers = irene ? [tomas.id, irene.id] : [tomas.id];
    await tx.insert(bookingHours).values({
      clinicId,
      locationId,
      providerId: tomas.id,
      rules: [
        { day: "1", start: "09:00", end: "14:00" },
        { day: "2", start: "09:00", end: "14:00" },
        { day: "4", start: "09:00", end: "14:00" },
      ],
    });
    if (irene)
      await tx.insert(bookingHours).values({
        clinicId,
        locationId,
        providerId: irene.id,
        rules: [
          { day: "week", start: "15:00", end: "19:00" },
          { day: "6", start: "10:00", end: "13:00" },
        ],
      });
    const ahead = (days: number) => new Date(Date.parse(`${options.anchor}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    await tx
      .insert(bookingSpecialDays)
      .values([
        { clinicId, locationId, date: ahead(12), closed: true, note: "Festivo local / Local holiday" },
        ...(irene ? [{ clinicId, locationId, providerId: irene.id, date: ahead(5), closed: false, start: "10:00", end: "13:00", note: "Morning only" }] : []),
      ]);

    const resource = async (name: string, kind: "room" | "equipment", quantity: number) => {
      const [row] = await tx.insert(bookingResources).values({ clinicId, locationId, name, kind, quantity }).returning({ id: bookingResources.id });
      const id = (row as { id: number }).id;
      await tx.insert(bookingResourceUnits).values(Array.from({ length: quantity }, (_, index) => ({ resourceId: id, number: index + 1 })));
      return id;
    };
    const chair = await resource("Rotary chair", "equipment", 1);
    const platform = await resource("Posturography platform", "equipment", 1);
    const room = await resource("Treatment room", "room", 2);

    const service = async (
      fields: { name: string; slug: string; description: string },
      providerIds: string[],
      variations: { name: string; minutes: number; after: number; cents: number; resources: number[] }[],
    ) => {
      const [row] = await tx
        .insert(bookingServices)
        .values({ clinicId, locationId, ...fields })
        .returning({ id: bookingServices.id });
      const serviceId = (row as { id: number }).id;
      await tx
        .insert(bookingServiceProviders)
        .values(providerIds.map((providerId, index) => ({ serviceId, providerId, createdAt: new Date(Date.now() + index) })));
      const ids: number[] = [];
      for (const [position, variation] of variations.entries()) {
        const [made] = await tx
          .insert(bookingVariations)
          .values({
            serviceId,
            name: variation.name,
            durationMinutes: variation.minutes,
            bufferAfterMinutes: variation.after,
            priceCents: variation.cents,
            position,
          })
          .returning({ id: bookingVariations.id });
        const variationId = (made as { id: number }).id;
        if (variation.resources.length > 0)
          await tx.insert(bookingVariationResources).values(variation.resources.map((resourceId) => ({ variationId, resourceId })));
        ids.push(variationId);
      }
      return ids;
    };
    const assessment = await service(
      {
        name: "Vestibular assessment",
        slug: DEMO_SLUG,
        description: "A full assessment of dizziness and balance: history, eye movements, the rotary chair test and a plan of exercises.",
      },
      providers,
      [
        { name: "First visit", minutes: 60, after: 15, cents: 9000, resources: [chair, room] },
        { name: "Follow-up", minutes: 30, after: 10, cents: 5000, resources: [room] },
      ],
    );
    const posturography = await service(
      { name: "Posturography test", slug: "posturography", description: "Computerised dynamic posturography on the platform, with a written report." },
      irene ? [irene.id] : [tomas.id],
      [{ name: "Standard test", minutes: 45, after: 15, cents: 7000, resources: [platform] }],
    );

    // Four weeks behind and two ahead: on each open day, a few visits at free starts the engine offers.
    const random = mulberry32(SEED);
    const patients = [DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.patient2.email, DEMO_HISTORY_PEOPLE.carmen.email]
      .map((email) => person(email))
      .filter((row) => row !== undefined);
    const variations = [...assessment, ...assessment, ...posturography];
    for (let offset = -28; offset <= 14; offset++) {
      // The next two days stay free, as the appointments history leaves them: walkthroughs book there.
      if (offset >= 0 && offset < 3) continue;
      const day = ahead(offset);
      const dayStart = Date.parse(`${day}T00:00:00Z`);
      const wanted = 1 + Math.floor(random() * 3);
      for (let n = 0; n < wanted; n++) {
        const variationId = variations[Math.floor(random() * variations.length)] as number;
        const context = await variationContext(tx, variationId);
        // As the page offered it the evening before (a day in the past was ahead then).
        const free = await freeStarts(tx, context, undefined, day, day, dayStart - 6 * 3_600_000);
        if (free.length === 0) continue;
        const slot = free[Math.floor(random() * free.length)] as (typeof free)[number];
        const providerId = slot.providerIds[Math.floor(random() * slot.providerIds.length)] as string;
        const known = random() < 0.4 ? patients[Math.floor(random() * patients.length)] : undefined;
        const guest = GUESTS[Math.floor(random() * GUESTS.length)] as (typeof GUESTS)[number];
        const client = known
          ? { userId: known.id, name: `${known.nombres} ${known.apellidos}`.trim(), email: known.email, phone: "" }
          : { userId: null, name: guest[0], email: guest[1], phone: guest[2] };
        const made = await writeBooking(
          tx,
          context,
          { variationId, providerId, start: new Date(slot.start).toISOString(), timeZone: "Europe/Madrid", language: random() < 0.5 ? "es" : "en" },
          client,
          slot.start,
          { now: dayStart - 3 * DAY, createdBy: null, guest: false },
          options.linkKey,
        );
        const past = offset < 0;
        const roll = random();
        const status = past ? (roll < 0.8 ? "completed" : roll < 0.9 ? "no_show" : "cancelled") : roll < 0.93 ? "confirmed" : "cancelled";
        if (status !== "confirmed") await tx.update(bookings).set({ status }).where(eq(bookings.id, made.id));
        if (status === "cancelled") await tx.delete(bookingUnitHolds).where(eq(bookingUnitHolds.bookingId, made.id));
        if (status === "completed" && random() < 0.65) {
          const score = random() < 0.6 ? 5 : random() < 0.7 ? 4 : 3;
          // Rated the evening after the visit, as the emailed request asks an hour after it.
          await tx.insert(bookingRatings).values({
            bookingId: made.id,
            score,
            comment: COMMENTS[Math.floor(random() * COMMENTS.length)] ?? "",
            createdAt: new Date(made.end + 5 * 3_600_000),
          });
        }
      }
    }
  });
  return true;
}

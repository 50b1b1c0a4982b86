import type { EventDetail } from "@clinic/shared";

/** An event as the server answers it, for the screens' and the editor's tests: a Madrid workshop with a priced and a free ticket and one question. */
export const sampleEvent = (extra: Partial<EventDetail> = {}): EventDetail => ({
  id: 7,
  slug: "balance-workshop",
  title: { en: "Balance workshop", es: "Taller de equilibrio" },
  description: { en: "<p>Vestibular exercises.</p>", es: "<p>Ejercicios vestibulares.</p>" },
  // 10:00 to 12:00 in Madrid on a summer day (UTC+2).
  startsAt: "2026-06-03T08:00:00.000Z",
  endsAt: "2026-06-03T10:00:00.000Z",
  timeZone: "Europe/Madrid",
  venue: "Calle Mayor 1, Madrid",
  onlineUrl: "",
  state: "published",
  capacity: 20,
  taken: 5,
  clinic: { id: "c1", name: "Clínica Norte" },
  currency: "EUR",
  cancelHours: 24,
  holdHours: 48,
  ticketTypes: [
    {
      id: 11,
      name: { en: "Standard", es: "General" },
      priceCents: 2550,
      capacity: null,
      taken: 4,
      salesStart: null,
      salesEnd: "2026-06-02T22:00:00.000Z",
    },
    { id: 12, name: { en: "Free", es: "Gratis" }, priceCents: 0, capacity: 5, taken: 1, salesStart: null, salesEnd: null },
  ],
  questions: [{ id: "q-diet", label: { en: "Allergies?", es: "¿Alergias?" }, kind: "choice", options: ["None", "Gluten"], required: true }],
  publicPath: "/events/balance-workshop",
  counts: { pending: 1, confirmed: 3, checkedIn: 1, waiting: 2, cancelled: 0 },
  createdAt: "2026-05-01T10:00:00.000Z",
  updatedAt: "2026-05-01T10:00:00.000Z",
  ...extra,
});

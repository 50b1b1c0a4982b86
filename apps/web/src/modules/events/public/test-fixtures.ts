import type { PublicEvent, PublicRegistration } from "@clinic/shared";

/** What the public calls answer, as the tests of these pages feed them to the screens. */

export const publicEventFixture = (overrides: Partial<PublicEvent> = {}): PublicEvent => ({
  slug: "mindful-breathing-workshop",
  title: { en: "Mindful breathing workshop", es: "Taller de respiración consciente" },
  description: { en: "<p>Two hours of <strong>guided</strong> practice.</p>", es: "<p>Dos horas de práctica <strong>guiada</strong>.</p>" },
  // 09:00 UTC is 10:00 in Madrid in winter.
  startsAt: "2026-12-10T09:00:00.000Z",
  endsAt: "2026-12-10T11:00:00.000Z",
  timeZone: "Europe/Madrid",
  venue: "Calle Mayor 12, Madrid",
  onlineUrl: "",
  currency: "EUR",
  clinicName: "Vestibular Care Clinic",
  available: 8,
  ticketTypes: [
    { id: 1, name: { en: "Standard", es: "General" }, priceCents: 2500, available: 8, onSale: true, salesStart: null, salesEnd: null },
    { id: 2, name: { en: "Patients", es: "Pacientes" }, priceCents: 0, available: 0, onSale: true, salesStart: null, salesEnd: null },
    {
      id: 3,
      name: { en: "Early bird", es: "Anticipada" },
      priceCents: 1500,
      available: 5,
      onSale: false,
      salesStart: "2026-11-01T08:00:00.000Z",
      salesEnd: "2026-11-15T22:59:00.000Z",
    },
  ],
  questions: [
    { id: "diet", label: { en: "Dietary needs", es: "Necesidades alimentarias" }, kind: "text", options: [], required: false },
    { id: "level", label: { en: "Your level", es: "Su nivel" }, kind: "choice", options: ["Beginner", "Advanced"], required: true },
    { id: "photos", label: { en: "Photos may be taken of me", es: "Acepto que me fotografíen" }, kind: "checkbox", options: [], required: false },
  ],
  providers: ["manual", "stripe"],
  cancelHours: 24,
  open: true,
  ...overrides,
});

export const publicRegistrationFixture = (overrides: Partial<PublicRegistration> = {}): PublicRegistration => ({
  number: "ER-000042",
  name: "Lucía Gómez",
  email: "lucia@example.com",
  state: "confirmed",
  event: {
    slug: "mindful-breathing-workshop",
    title: { en: "Mindful breathing workshop", es: "Taller de respiración consciente" },
    startsAt: "2099-12-10T09:00:00.000Z",
    endsAt: "2099-12-10T11:00:00.000Z",
    timeZone: "Europe/Madrid",
    venue: "Calle Mayor 12, Madrid",
    onlineUrl: "",
    clinicName: "Vestibular Care Clinic",
  },
  ticketType: { name: { en: "Standard", es: "General" } },
  amountCents: 2500,
  paidCents: 2500,
  refundedCents: 0,
  currency: "EUR",
  provider: "manual",
  instructions: null,
  expiresAt: null,
  waitingPosition: null,
  qrDataUrl: "data:image/png;base64,iVBORw0KGgo=",
  cancelUntil: "2099-12-09T09:00:00.000Z",
  invoices: [{ id: 7, number: "INV-2026-0007", kind: "invoice" }],
  ...overrides,
});

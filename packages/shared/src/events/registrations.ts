import { z } from "zod";
import { PAYMENT_PROVIDERS, type PaymentProviderName } from "../billing.ts";
import { languageSchema, pageQuerySchema, requiredText, rowId, storableText } from "../schemas.ts";
import { type Bilingual, EVENT_LIMITS, REGISTRATION_STATES, type RegistrationState } from "./common.ts";

/** Registrations, payments, refunds and check-in (issue 37.2–37.3). */

/** A guest's registration on the public page (or staff adding one). Answers are keyed by question id. */
export const registrationInputSchema = z
  .object({
    ticketTypeId: rowId(),
    name: requiredText(EVENT_LIMITS.name),
    email: z.string().trim().max(EVENT_LIMITS.email).pipe(z.email()),
    answers: z.record(z.string().max(40), z.union([storableText(EVENT_LIMITS.answer), z.boolean()])).default({}),
    /** How a priced ticket is paid; ignored for a free one. */
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
    language: languageSchema.default("en"),
  })
  .strict();
export type RegistrationInput = z.input<typeof registrationInputSchema>;

export const registrationsQuerySchema = pageQuerySchema
  .extend({
    /** Name, email or number (ER-000042). */
    q: storableText(EVENT_LIMITS.search).optional(),
    state: z.enum(REGISTRATION_STATES).optional(),
  })
  .strict();
export type RegistrationsQuery = z.infer<typeof registrationsQuerySchema>;

export const registrationIdParamSchema = z.object({ registrationId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
export const registrationTokenParamSchema = z
  .object({
    token: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]{20,64}$/),
  })
  .strict();

/** A transfer arrived: pending_payment → confirmed. */
export const confirmPaymentSchema = z
  .object({ reference: storableText(EVENT_LIMITS.reference).default(""), note: storableText(EVENT_LIMITS.note).default("") })
  .strict();
/** Staff cancel: a paid registration is refunded in full when `refund`. */
export const cancelRegistrationSchema = z.object({ note: storableText(EVENT_LIMITS.note).default(""), refund: z.boolean().default(true) }).strict();
export const refundRegistrationSchema = z
  .object({ amountCents: z.number().int().min(1).max(EVENT_LIMITS.priceCents), reason: requiredText(EVENT_LIMITS.note) })
  .strict();
/** What the door's scanner read off a ticket's QR code. */
export const checkInCodeSchema = z.object({ code: z.string().trim().min(1).max(200) }).strict();

// ---------------------------------------------------------------- views

export type RegistrationRow = {
  id: number;
  number: string;
  name: string;
  email: string;
  ticketType: { id: number; name: Bilingual };
  state: RegistrationState;
  amountCents: number;
  paidCents: number;
  refundedCents: number;
  currency: string;
  provider: PaymentProviderName | null;
  /** 1-based place in the waiting list while waiting. */
  waitingPosition: number | null;
  createdAt: string;
  checkedInAt: string | null;
};

export type EventPaymentView = {
  id: number;
  kind: "payment" | "refund";
  amountCents: number;
  provider: PaymentProviderName;
  reference: string;
  note: string;
  by: { id: string; name: string } | null;
  at: string;
  /** The invoice (payment) or credit note (refund) issued for it. */
  invoice: { id: number; number: string } | null;
};

export type RegistrationDetail = RegistrationRow & {
  event: { id: number; title: Bilingual; startsAt: string; timeZone: string };
  language: string;
  answers: Record<string, string | boolean>;
  expiresAt: string | null;
  confirmedAt: string | null;
  cancelledAt: string | null;
  checkedInBy: { id: string; name: string } | null;
  payments: EventPaymentView[];
};

/** What the registrant's private link shows (`/events/ticket/<token>`). */
export type PublicRegistration = {
  number: string;
  name: string;
  email: string;
  state: RegistrationState;
  event: { slug: string; title: Bilingual; startsAt: string; endsAt: string; timeZone: string; venue: string; onlineUrl: string; clinicName: string };
  ticketType: { name: Bilingual };
  amountCents: number;
  paidCents: number;
  refundedCents: number;
  currency: string;
  provider: PaymentProviderName | null;
  /** Transfer details while a manual payment is awaited. */
  instructions: string | null;
  expiresAt: string | null;
  waitingPosition: number | null;
  /** The ticket's QR code (a PNG data URL) while it admits its holder (confirmed, checked in). */
  qrDataUrl: string | null;
  /** Until when the registrant may cancel by this link; null once they cannot. */
  cancelUntil: string | null;
  /** Invoices and credit notes, downloadable by this link. */
  invoices: { id: number; number: string; kind: "invoice" | "credit_note" }[];
};

/** The answer of a registration: where to pay, when the provider has a page. */
export type RegistrationResult = { registration: PublicRegistration; token: string; redirectUrl: string | null };

/** The door's answer to a scan or a search check-in. */
export type CheckInResult = { registration: RegistrationRow };

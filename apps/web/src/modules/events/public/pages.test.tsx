import type { PublicEvent, PublicRegistration } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../../lib/test-render.tsx";
import { PUBLIC_EVENT_KEY, TICKET_KEY } from "./api.ts";
import { PublicEventPage } from "./PublicEventPage.tsx";
import { publicEventFixture, publicRegistrationFixture } from "./test-fixtures.ts";
import { TicketPage } from "./TicketPage.tsx";

/**
 * The public event pages rendered to HTML (the web project runs without a DOM) with the server's
 * answers already in the query cache: what each registration state says and offers, and what
 * the event page offers open, closed and in Spanish.
 */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en, "en");
  await initTestI18n(es, "es");
});

const TOKEN = "tok_0123456789abcdefghijAB";

function ticketHtml(registration: PublicRegistration, { query = "", i18n = en } = {}) {
  return renderHtml(<TicketPage />, {
    i18n,
    url: `/events/ticket/${TOKEN}${query}`,
    path: "/events/ticket/:token",
    cache: [[[TICKET_KEY, TOKEN], registration]],
  });
}
const ticketText = (registration: PublicRegistration, options?: Parameters<typeof ticketHtml>[1]) => textOf(ticketHtml(registration, options));

describe("the ticket page", () => {
  it("shows a confirmed ticket's QR code large, with its alt text, number, calendar link, invoice and cancellation deadline", () => {
    const html = ticketHtml(publicRegistrationFixture());
    expect(html).toMatch(/<h1[^>]*>You&#x27;re registered<\/h1>/);
    expect(html).toMatch(
      /<img[^>]*src="data:image\/png;base64,iVBORw0KGgo="[^>]*alt="Ticket QR code for ER-000042"|<img[^>]*alt="Ticket QR code for ER-000042"[^>]*src="data:image\/png/,
    );
    expect(html).toContain(`href="/api/events/public/registrations/${TOKEN}/calendar.ics"`);
    expect(html).toContain(`href="/api/events/public/registrations/${TOKEN}/invoices/7/pdf"`);
    const text = textOf(html);
    expect(text).toContain("ER-000042");
    expect(text).toContain("Add to calendar");
    expect(text).toContain("Invoice INV-2026-0007 (PDF)");
    // The deadline in the event's zone: 09:00 UTC is 10:00 in Madrid in December.
    expect(text).toContain("You can cancel online until 2099-12-09, 10:00 am (Europe/Madrid).");
    expect(text).toContain("Cancel my registration");
    expect(text).toContain("2099-12-10, 10:00 am – 12:00 pm");
    expect(text).toContain("Times are in the Europe/Madrid time zone.");
  });

  it("asks a manual transfer's amount, by when, to which account and with which reference", () => {
    const text = ticketText(
      publicRegistrationFixture({
        state: "pending_payment",
        paidCents: 0,
        qrDataUrl: null,
        invoices: [],
        instructions: "IBAN ES91 2100 0418 4502 0005 1332",
        expiresAt: "2099-12-01T17:30:00.000Z",
      }),
    );
    expect(text).toContain("Your place is held until you pay");
    expect(text).toContain("Amount to pay: €25.00");
    expect(text).toContain("Your place is held until 2099-12-01, 06:30 pm (Europe/Madrid).");
    expect(text).toContain("IBAN ES91 2100 0418 4502 0005 1332");
    expect(text).toContain("Quote this reference with your transfer: ER-000042");
    expect(text).not.toContain("Pay €25.00 now");
    expect(text).not.toContain("Ticket QR code");
  });

  it("offers a card payment's Pay now, and while back from the payment page, says it is confirming", () => {
    const pending = publicRegistrationFixture({ state: "pending_payment", provider: "stripe", paidCents: 0, qrDataUrl: null, invoices: [] });
    expect(ticketText(pending)).toContain("Pay €25.00 now");
    expect(ticketText(pending)).not.toContain("confirming");
    expect(ticketText(pending, { query: "?checkout=success" })).toContain("Payment received, confirming…");
    expect(ticketText(pending, { query: "?checkout=cancelled" })).toContain("The payment was not completed.");
    const paid = ticketText(publicRegistrationFixture({ provider: "stripe" }), { query: "?checkout=success" });
    expect(paid).toContain("Payment received. Your place is confirmed.");
    expect(paid).not.toContain("confirming…");
  });

  it("tells a waiting registrant their place in the list, and that they may still leave it", () => {
    const text = ticketText(publicRegistrationFixture({ state: "waiting", waitingPosition: 3, paidCents: 0, qrDataUrl: null, invoices: [], amountCents: 0 }));
    expect(text).toContain("You're on the waiting list");
    expect(text).toContain("You're number 3 on the waiting list.");
    expect(text).toContain("Cancel my registration");
    expect(text).not.toContain("Add to calendar");
  });

  it("says a checked-in, cancelled, refunded or expired registration plainly, and offers no cancelling", () => {
    const checkedIn = ticketText(publicRegistrationFixture({ state: "checked_in", cancelUntil: null }));
    expect(checkedIn).toContain("You're checked in");
    expect(checkedIn).toContain("You have been checked in. Enjoy the event!");
    const cancelled = ticketText(publicRegistrationFixture({ state: "cancelled", qrDataUrl: null, cancelUntil: null, paidCents: 0 }));
    expect(cancelled).toContain("Registration cancelled");
    expect(cancelled).toContain("It no longer gives access to the event.");
    const refunded = ticketText(
      publicRegistrationFixture({
        state: "refunded",
        qrDataUrl: null,
        cancelUntil: null,
        refundedCents: 2500,
        invoices: [
          { id: 7, number: "INV-2026-0007", kind: "invoice" },
          { id: 8, number: "CN-2026-0001", kind: "credit_note" },
        ],
      }),
    );
    expect(refunded).toContain("Registration cancelled and refunded");
    expect(refunded).toContain("€25.00 has been refunded to you.");
    expect(refunded).toContain("Credit note CN-2026-0001 (PDF)");
    const expired = ticketText(publicRegistrationFixture({ state: "expired", qrDataUrl: null, cancelUntil: null, paidCents: 0, invoices: [] }));
    expect(expired).toContain("Registration expired");
    expect(expired).toContain("Register again");
    for (const text of [checkedIn, cancelled, refunded, expired]) {
      expect(text).not.toContain("Cancel my registration");
      expect(text).not.toContain("cancelling online has ended");
    }
  });

  it("says when cancelling online is over for a registration still ahead", () => {
    const text = ticketText(publicRegistrationFixture({ cancelUntil: null }));
    expect(text).toContain("The period for cancelling online has ended. If you cannot come, please contact Vestibular Care Clinic.");
    expect(text).not.toContain("Cancel my registration");
  });

  it("speaks Spanish, the event's title and ticket in Spanish too", () => {
    const text = ticketText(publicRegistrationFixture({ state: "waiting", waitingPosition: 2, qrDataUrl: null, paidCents: 0 }), { i18n: es });
    expect(text).toContain("En la lista de espera");
    expect(text).toContain("Es el número 2 de la lista de espera.");
    expect(text).toContain("Taller de respiración consciente");
    expect(text).toContain("General");
    expect(text).toContain("Cancelar mi inscripción");
  });
});

function eventText(event: PublicEvent, i18n = en) {
  return textOf(
    renderHtml(<PublicEventPage />, { i18n, url: `/events/${event.slug}`, path: "/events/:slug", cache: [[[PUBLIC_EVENT_KEY, event.slug], event]] }),
  );
}

describe("the event page", () => {
  it("shows the event in its own zone, its places, each ticket's price and availability, and the form with the questions", () => {
    const text = eventText(publicEventFixture());
    expect(text).toContain("Mindful breathing workshop");
    // The description is rich text, sanitised in the browser (RichTextView): without a DOM it renders empty here.
    expect(text).toContain("2026-12-10, 10:00 am – 12:00 pm");
    expect(text).toContain("Times are in the Europe/Madrid time zone.");
    expect(text).toContain("Calle Mayor 12, Madrid");
    expect(text).toContain("Vestibular Care Clinic");
    expect(text).toContain("8 places left");
    expect(text).toContain("Standard · €25.00");
    expect(text).toContain("8 left");
    expect(text).toContain("Patients · Free");
    expect(text).toContain("Sold out — join the waiting list");
    expect(text).toContain("Early bird · €15.00");
    expect(text).toContain("Not on sale · on sale from 2026-11-01, 09:00 am to 2026-11-15, 11:59 pm");
    expect(text).toContain("Dietary needs");
    expect(text).toContain("Your level");
    expect(text).toContain("Photos may be taken of me");
    expect(text).toContain("How would you like to pay?");
    expect(text).toContain("Bank transfer");
    expect(text).toContain("Card (Stripe)");
    expect(text).toContain("Vestibular Care Clinic uses the details you give here only to manage your registration for this event.");
    expect(text).toContain("Register");
  });

  it("says registration is closed and offers no form when it is not open", () => {
    const text = eventText(publicEventFixture({ open: false }));
    expect(text).toContain("Registration for this event is closed.");
    expect(text).not.toContain("Full name");
    expect(text).not.toContain("Choose your ticket");
  });

  it("asks no payment method when the first ticket with places is free", () => {
    const text = eventText(
      publicEventFixture({
        ticketTypes: [{ id: 5, name: { en: "Entry", es: "Entrada" }, priceCents: 0, available: 3, onSale: true, salesStart: null, salesEnd: null }],
      }),
    );
    expect(text).toContain("Entry · Free");
    expect(text).not.toContain("How would you like to pay?");
  });

  it("speaks Spanish", () => {
    const text = eventText(publicEventFixture(), es);
    expect(text).toContain("Taller de respiración consciente");
    expect(text).toContain("Quedan 8 plazas");
    expect(text).toContain("General · 25,00");
    expect(text).toContain("Transferencia bancaria");
    expect(text).toContain("Inscribirme");
  });
});

import { sql } from "drizzle-orm";
import { type AccessTable, anyone, type Expected, type MatrixFixtures } from "../../guardrails/access-matrix.ts";
import { deriveKey } from "../../platform/keys.ts";
import { TEST_AUTH_SECRET } from "../../../test/app.ts";
import { makeEvent } from "./events.fixture.ts";
import { makeRegistration } from "./registration.fixture.ts";

/**
 * The cells of a registration's payments (issue 37.3). Confirming, refunding and the invoices are
 * staff calls: view_event, which the clinic group holds and therapists and patients do not (403);
 * platform admins pass. The registrant's calls take the private link's token, whoever asks.
 */

const eventStaff = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const linkKey = deriveKey(TEST_AUTH_SECRET, "event-links");

/** A registration of a priced ticket at a fresh event of the demo clinic, in `state` (a cell's own). */
async function demoRegistration(fx: MatrixFixtures, state: "pending_payment" | "confirmed") {
  const event = await makeEvent(fx.db, fx.ids.clinic, { tickets: [{ priceCents: 3000 }] });
  return makeRegistration(fx.db, linkKey, { id: event.id, ticketTypeId: event.ticketTypeIds[0] as number }, { state, amountCents: 3000 });
}

/** A registration paid by transfer, confirmed by the clinic: it has its invoice. */
async function invoicedRegistration(fx: MatrixFixtures) {
  const registration = await demoRegistration(fx, "pending_payment");
  await fx.api("clinic", "POST", `/api/events/registrations/${registration.id}/confirm`, { reference: "TRANSFER-1" });
  const found = await fx.db.execute<{ invoice_id: number }>(
    sql`select invoice_id from event_payments where registration_id = ${registration.id} and kind = 'payment'`,
  );
  return { ...registration, invoiceId: Number(found.rows[0]?.invoice_id) };
}

export const eventPaymentsAccess: AccessTable = {
  "POST /api/events/registrations/:registrationId/confirm": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { registrationId: (await demoRegistration(fx, "pending_payment")).id }, body: { reference: "TRANSFER-1" } }),
  },
  "POST /api/events/registrations/:registrationId/refund": {
    expect: eventStaff(200),
    request: async (fx) => ({
      params: { registrationId: (await demoRegistration(fx, "confirmed")).id },
      body: { amountCents: 1000, reason: "Matrix refund" },
    }),
  },
  "GET /api/events/registrations/:registrationId/invoices/:invoiceId/pdf": {
    expect: eventStaff(200),
    request: async (fx) => {
      const registration = await invoicedRegistration(fx);
      return { params: { registrationId: registration.id, invoiceId: registration.invoiceId } };
    },
  },
  // The matrix's app takes manual payments only: a registration paid by transfer has nothing to
  // pay by card, whoever holds its link (409); payments-stripe.routes.test.ts opens the page.
  "POST /api/events/public/registrations/:token/pay": {
    expect: anyone(409),
    request: async (fx) => ({ params: { token: (await demoRegistration(fx, "pending_payment")).token } }),
  },
  "GET /api/events/public/registrations/:token/invoices/:invoiceId/pdf": {
    expect: anyone(200),
    request: async (fx) => {
      const registration = await invoicedRegistration(fx);
      return { params: { token: registration.token, invoiceId: registration.invoiceId } };
    },
  },
};

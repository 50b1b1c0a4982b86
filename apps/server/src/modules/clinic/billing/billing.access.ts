import { anyone, type AccessTable, type Expected, type MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { giveBillingDetails, makeOrder } from "../../../../test/billing.ts";
import { makeMembership } from "../../../../test/factories.ts";

/** Clinics and patients hold and buy memberships; therapists and admins hold none. */
const holders: Expected = { anonymous: 401, patient: 200, otherPatient: 200, therapist: 403, otherTherapist: 403, clinic: 200, admin: 403 };
/** Payment history: the buyers and admins (each sees its own scope), never therapists. */
const historyReaders: Expected = { ...holders, admin: 200 };
/** One of the demo clinic's orders: readable by it and admins; every other role gets 404 (its existence is not told). */
const demoOrder: Expected = { anonymous: 401, patient: 404, otherPatient: 404, therapist: 404, otherTherapist: 404, clinic: 200, admin: 200 };
/** The platform sells to clinics: only admins confirm or refund its orders (the buying clinic sees it, so 403). */
const sellerOnly: Expected = { ...demoOrder, clinic: 403 };

const demoClinicOrder = async (fx: MatrixFixtures, state: "pending" | "paid" = "pending") =>
  makeOrder(fx.db, { buyerId: fx.ids.clinic, clinicId: fx.ids.clinic, state });

export const billingAccess: AccessTable = {
  "GET /api/billing/membership": { expect: holders },
  "GET /api/billing/details": { expect: { ...holders, therapist: 200, otherTherapist: 200, admin: 200 } },
  "PUT /api/billing/details": {
    expect: { ...holders, admin: 403 },
    request: () => ({
      body: { legalName: "Matrix S.L.", taxId: "B00000000", address: "Street 1", city: "Madrid", postalCode: "28001", country: "Spain", email: "" },
    }),
  },
  "GET /api/billing/plans/:id": {
    // A public platform plan: on sale to clinics; a patient is offered only its clinic's own plans.
    expect: { ...holders, patient: 404, otherPatient: 404 },
    request: async (fx) => ({ params: { id: (await makeMembership(fx.db, { public: true })).id } }),
  },
  "POST /api/billing/orders/": {
    // A patient names a plan not on sale to it: a field error (400) on membershipId.
    expect: { ...holders, clinic: 201, patient: 400, otherPatient: 400 },
    request: async (fx, role) => {
      if (role === "clinic") await giveBillingDetails(fx.db, fx.ids.clinic);
      return { body: { membershipId: (await makeMembership(fx.db, { public: true })).id, billing: "period" } };
    },
  },
  "GET /api/billing/orders/": { expect: historyReaders },
  "GET /api/billing/orders/export": { expect: historyReaders, request: () => ({ query: { format: "csv" } }) },
  "GET /api/billing/orders/:id": { expect: demoOrder, request: async (fx) => ({ params: { id: (await demoClinicOrder(fx)).id } }) },
  "POST /api/billing/orders/:id/confirm": {
    expect: sellerOnly,
    request: async (fx) => ({ params: { id: (await demoClinicOrder(fx)).id }, body: { reference: "TRANSFER-1" } }),
  },
  "POST /api/billing/orders/:id/cancel": { expect: demoOrder, request: async (fx) => ({ params: { id: (await demoClinicOrder(fx)).id } }) },
  "POST /api/billing/orders/:id/refund": {
    expect: sellerOnly,
    request: async (fx) => ({ params: { id: (await demoClinicOrder(fx, "paid")).id }, body: { reason: "Matrix" } }),
  },
  "GET /api/billing/invoices/:id/pdf": {
    expect: demoOrder,
    request: async (fx) => ({ params: { id: (await demoClinicOrder(fx, "paid")).invoiceId ?? 0 } }),
  },
  // Manual payments (the default) have no webhook: 404 for everyone, signed in or not.
  "POST /api/billing/stripe/webhook": { expect: anyone(404), request: () => ({ body: { id: "evt_matrix", type: "ping" } }) },
};

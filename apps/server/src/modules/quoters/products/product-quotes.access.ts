import { type AccessTable, anyone, type Expected, type MatrixFixtures, type MatrixRole } from "../../../guardrails/access-matrix.ts";
import { makeQuote, quoteBody, sentQuoteToken } from "./product-quotes.fixture.ts";

/**
 * The cells of the product quoter (issue 38.1). Staff calls need view_productquoter, which the
 * clinic group holds and therapists and patients do not (403); platform admins pass and name the
 * clinic of a new quote and of the catalogue. The client's link is for anyone, signed in or not.
 */

const quoteStaff = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const demoQuote = (fx: MatrixFixtures, state: "draft" | "sent" | "accepted" = "draft") => makeQuote(fx.db, fx.ids.clinic, { state });
const namesClinic = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {});

export const productQuotesAccess: AccessTable = {
  "GET /api/product-quoter/quotes": { expect: quoteStaff(200) },
  "POST /api/product-quoter/quotes": { expect: quoteStaff(201), request: (fx, role) => ({ ...namesClinic(fx, role), body: quoteBody() }) },
  "GET /api/product-quoter/quotes/:quoteId": { expect: quoteStaff(200), request: async (fx) => ({ params: { quoteId: (await demoQuote(fx)).id } }) },
  "PUT /api/product-quoter/quotes/:quoteId": {
    expect: quoteStaff(200),
    request: async (fx) => ({ params: { quoteId: (await demoQuote(fx)).id }, body: quoteBody() }),
  },
  "DELETE /api/product-quoter/quotes/:quoteId": { expect: quoteStaff(204), request: async (fx) => ({ params: { quoteId: (await demoQuote(fx)).id } }) },
  "POST /api/product-quoter/quotes/:quoteId/send": { expect: quoteStaff(200), request: async (fx) => ({ params: { quoteId: (await demoQuote(fx)).id } }) },
  "POST /api/product-quoter/quotes/:quoteId/duplicate": {
    expect: quoteStaff(201),
    request: async (fx) => ({ params: { quoteId: (await demoQuote(fx)).id } }),
  },
  "POST /api/product-quoter/quotes/:quoteId/revise": {
    expect: quoteStaff(201),
    request: async (fx) => ({ params: { quoteId: (await demoQuote(fx, "sent")).id } }),
  },
  // A person's quote cannot become an order: staff pass the guards and meet the 409 of the rule.
  "POST /api/product-quoter/quotes/:quoteId/convert": {
    expect: quoteStaff(409),
    request: async (fx) => ({ params: { quoteId: (await demoQuote(fx, "accepted")).id }, body: { kind: "shop" } }),
  },
  "GET /api/product-quoter/quotes/:quoteId/pdf": { expect: quoteStaff(200), request: async (fx) => ({ params: { quoteId: (await demoQuote(fx)).id } }) },
  "GET /api/product-quoter/catalogue": { expect: quoteStaff(200), request: (fx, role) => namesClinic(fx, role) },
  "GET /api/product-quoter/exports/quotes": { expect: quoteStaff(200) },
  "GET /api/product-quoter/figures": { expect: quoteStaff(200) },
};

export const productQuotePublicAccess: AccessTable = {
  "GET /api/product-quoter/public/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: await sentQuoteToken(fx) } }) },
  "GET /api/product-quoter/public/:token/pdf": { expect: anyone(200), request: async (fx) => ({ params: { token: await sentQuoteToken(fx) } }) },
  "POST /api/product-quoter/public/:token/accept": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: await sentQuoteToken(fx) }, body: { name: "Ana Ruiz", agree: true } }),
  },
  "POST /api/product-quoter/public/:token/decline": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: await sentQuoteToken(fx) }, body: { reason: "Too dear" } }),
  },
};

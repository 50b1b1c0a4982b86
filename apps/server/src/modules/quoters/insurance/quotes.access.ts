import { type AccessTable, adminOnly, type MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { makeInsuranceProduct, quoteBody } from "./insurance.fixture.ts";

/**
 * The cells of quotes, policies, exports and figures (issue 38.3–38.4): agents (view_quoter; no
 * matrix role holds it, quotes.routes.test.ts covers them and another agent's 404) and platform
 * admins; clinic staff, therapists and patients 403; signed out 401. Every cell makes its own
 * quote, as the admin, and takes it as far as its call needs.
 */

async function quote(fx: MatrixFixtures, upTo: "draft" | "sent" | "accepted" | "bound" = "draft"): Promise<number> {
  const product = await makeInsuranceProduct(fx.db);
  const made = await fx.api<{ id: number }>("admin", "POST", "/api/quoter/quotes", quoteBody(product.id));
  if (upTo === "draft") return made.id;
  await fx.api("admin", "POST", `/api/quoter/quotes/${made.id}/send`, { option: 1 });
  if (upTo === "sent") return made.id;
  await fx.api("admin", "POST", `/api/quoter/quotes/${made.id}/accept`, { name: "Matrix applicant" });
  if (upTo === "accepted") return made.id;
  await fx.api("admin", "POST", `/api/quoter/quotes/${made.id}/bind`, {});
  return made.id;
}

async function policyId(fx: MatrixFixtures): Promise<number> {
  const id = await quote(fx, "accepted");
  return (await fx.api<{ id: number }>("admin", "POST", `/api/quoter/quotes/${id}/bind`, {})).id;
}

export const insuranceQuotesAccess: AccessTable = {
  "POST /api/quoter/rate": {
    expect: adminOnly(200),
    request: async (fx) => ({
      body: { answers: { age: 40, region: "north" }, options: [{ productId: (await makeInsuranceProduct(fx.db)).id, level: "basic" }] },
    }),
  },
  "GET /api/quoter/quotes": { expect: adminOnly(200) },
  "GET /api/quoter/quotes/export": { expect: adminOnly(200), request: () => ({ query: { format: "csv" } }) },
  "POST /api/quoter/quotes": { expect: adminOnly(201), request: async (fx) => ({ body: quoteBody((await makeInsuranceProduct(fx.db)).id) }) },
  "GET /api/quoter/quotes/:quoteId": { expect: adminOnly(200), request: async (fx) => ({ params: { quoteId: await quote(fx) } }) },
  "PUT /api/quoter/quotes/:quoteId": {
    expect: adminOnly(200),
    request: async (fx) => {
      const product = await makeInsuranceProduct(fx.db);
      const made = await fx.api<{ id: number }>("admin", "POST", "/api/quoter/quotes", quoteBody(product.id));
      return { params: { quoteId: made.id }, body: quoteBody(product.id) };
    },
  },
  "DELETE /api/quoter/quotes/:quoteId": { expect: adminOnly(204), request: async (fx) => ({ params: { quoteId: await quote(fx) } }) },
  "GET /api/quoter/quotes/:quoteId/pdf": { expect: adminOnly(200), request: async (fx) => ({ params: { quoteId: await quote(fx) } }) },
  "POST /api/quoter/quotes/:quoteId/send": { expect: adminOnly(200), request: async (fx) => ({ params: { quoteId: await quote(fx) }, body: { option: 1 } }) },
  "POST /api/quoter/quotes/:quoteId/accept": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { quoteId: await quote(fx, "sent") }, body: { name: "Matrix applicant" } }),
  },
  "POST /api/quoter/quotes/:quoteId/decline": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { quoteId: await quote(fx, "sent") }, body: { reason: "Matrix" } }),
  },
  "POST /api/quoter/quotes/:quoteId/bind": { expect: adminOnly(201), request: async (fx) => ({ params: { quoteId: await quote(fx, "accepted") }, body: {} }) },
  "GET /api/quoter/policies": { expect: adminOnly(200) },
  "GET /api/quoter/policies/:policyId": { expect: adminOnly(200), request: async (fx) => ({ params: { policyId: await policyId(fx) } }) },
  "GET /api/quoter/figures": { expect: adminOnly(200) },
};

import { type AccessTable, adminOnly, type MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { makeInsuranceProduct, physioRules } from "./insurance.fixture.ts";

/**
 * The cells of the insurance products (issue 38.2). Agents (view_quoter, the "Insurance agents"
 * group, no matrix role holds it) read them; only platform admins manage them. Clinic staff,
 * therapists and patients get 403; signed out 401. Agents are covered by quotes.routes.test.ts.
 */

const product = (fx: MatrixFixtures) => makeInsuranceProduct(fx.db);

export const insuranceProductsAccess: AccessTable = {
  "GET /api/quoter/products": { expect: adminOnly(200) },
  "POST /api/quoter/products": {
    expect: adminOnly(201),
    request: (fx) => ({
      body: {
        code: fx
          .unique("INS")
          .replace(/[^A-Za-z0-9_-]/g, "")
          .slice(0, 40),
        name: { en: "Matrix", es: "Matriz" },
        rules: physioRules(),
      },
    }),
  },
  "GET /api/quoter/products/:productId": { expect: adminOnly(200), request: async (fx) => ({ params: { productId: (await product(fx)).id } }) },
  "PUT /api/quoter/products/:productId": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { productId: (await product(fx)).id }, body: { name: { en: "Matrix", es: "Matriz" }, state: "active" } }),
  },
  "POST /api/quoter/products/:productId/versions": {
    expect: adminOnly(201),
    request: async (fx) => ({ params: { productId: (await product(fx)).id }, body: { rules: physioRules(), note: "Matrix" } }),
  },
  "GET /api/quoter/products/:productId/versions/:version": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { productId: (await product(fx)).id, version: 1 } }),
  },
};

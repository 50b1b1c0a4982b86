import { type AccessTable, anyone, type MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { deriveKey } from "../../../platform/keys.ts";
import { TEST_AUTH_SECRET } from "../../../../test/app.ts";
import { LINK_KEY_PURPOSE } from "./insurance-scope.ts";
import { makeInsuranceProduct, quoteBody } from "./insurance.fixture.ts";
import { quoteToken } from "./quote-links.ts";

/**
 * The applicant's private link (issue 38.3): anyone, signed in or not, holding the link (its
 * secret is the key). Every cell sends a quote of its own, as cells may decide it.
 */

const linkKey = deriveKey(TEST_AUTH_SECRET, LINK_KEY_PURPOSE);

async function token(fx: MatrixFixtures): Promise<string> {
  const product = await makeInsuranceProduct(fx.db);
  const made = await fx.api<{ id: number }>("admin", "POST", "/api/quoter/quotes", quoteBody(product.id));
  await fx.api("admin", "POST", `/api/quoter/quotes/${made.id}/send`, { option: 1 });
  return quoteToken(linkKey, made.id);
}

export const insuranceLinksAccess: AccessTable = {
  "GET /api/quoter/public/quotes/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: await token(fx) } }) },
  "GET /api/quoter/public/quotes/:token/pdf": { expect: anyone(200), request: async (fx) => ({ params: { token: await token(fx) } }) },
  "POST /api/quoter/public/quotes/:token/accept": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: await token(fx) }, body: { name: "Matrix applicant", agree: true } }),
  },
  "POST /api/quoter/public/quotes/:token/decline": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: await token(fx) }, body: { reason: "" } }),
  },
};

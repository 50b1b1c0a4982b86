import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../../test/statements.ts";
import { makeInsuranceAgent, makeInsuranceProduct, quoteBody } from "./insurance.fixture.ts";

/**
 * Round trips of the insurance quoter's reads (issue 38): the rate call (the hot one), the
 * quotes, products and policies lists, a quote in detail and the figures are one statement
 * each, however many quotes, options and versions.
 */

let t: TestApp;
let agent: string;
let admin: string;
let quoteId = 0;
const products: number[] = [];

async function post(cookie: string, url: string, payload: object) {
  const answer = await t.app.inject({ method: "POST", url, headers: { cookie, origin: TEST_PUBLIC_URL }, payload });
  if (answer.statusCode >= 300) throw new Error(answer.body);
  return answer.json() as { id: number };
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,quoter" } });
  const made = await makeInsuranceAgent(t.db);
  agent = await t.login(made.email, made.password);
  admin = await t.loginAs("admin");
  for (let index = 0; index < 3; index++) products.push((await makeInsuranceProduct(t.db)).id);
  for (let index = 0; index < 12; index++) {
    const quote = await post(index % 2 ? agent : admin, "/api/quoter/quotes", {
      ...quoteBody(products[index % 3] as number),
      options: products.map((productId) => ({ productId, level: "standard", addOns: ["home"] })),
    });
    quoteId = quote.id;
    if (index % 3 === 0) await post(index % 2 ? agent : admin, `/api/quoter/quotes/${quote.id}/send`, { option: 2 });
  }
  const accepted = await post(admin, "/api/quoter/quotes", quoteBody(products[0] as number));
  await post(admin, `/api/quoter/quotes/${accepted.id}/send`, { option: 1 });
  await post(admin, `/api/quoter/quotes/${accepted.id}/accept`, { name: "Ana" });
  await post(admin, `/api/quoter/quotes/${accepted.id}/bind`, {});
});
afterAll(async () => t?.close());

describe("the insurance quoter's round trips", () => {
  it.each([
    ["agent", "GET", "/api/quoter/quotes?rowsPerPage=5"],
    ["admin", "GET", "/api/quoter/quotes?state=sent&q=IQ&rowsPerPage=5"],
    ["admin", "GET", "/api/quoter/quotes/:id"],
    ["agent", "GET", "/api/quoter/products"],
    ["admin", "GET", "/api/quoter/policies"],
    ["admin", "GET", "/api/quoter/figures"],
    ["agent", "POST", "/api/quoter/rate"],
  ] as const)("as %s, %s %s is one statement", async (who, method, url) => {
    const cookie = who === "agent" ? agent : admin;
    const payload = {
      answers: { age: 33, region: "south" },
      options: products.map((productId) => ({ productId, level: "premium", addOns: ["sports"] })),
    };
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () =>
        t.app.inject({
          method,
          url: url.replace(":id", String(quoteId)),
          headers: { cookie, origin: TEST_PUBLIC_URL },
          ...(method === "POST" ? { payload } : {}),
        }),
      );
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../../test/statements.ts";
import { type FixtureQuote, makeQuote } from "./product-quotes.fixture.ts";

/**
 * Round trips of the product quoter's reads (issue 38): the list, a quote in detail, the line
 * picker and the figures are one statement each, however many quotes, lines and revisions.
 */
let t: TestApp;
let r: RoleCalls;
let quote: FixtureQuote;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,product_quoter" } });
  r = await signInRoles(t);
  const states = ["draft", "sent", "viewed", "accepted", "declined", "expired"] as const;
  for (let index = 0; index < 15; index++) {
    const made = await makeQuote(t.db, index % 3 ? t.ids.clinic : r.other.clinic.id, {
      state: states[index % states.length],
      createdBy: index % 3 ? t.ids.clinic : null,
      lines: [{}, { description: "Follow-up", quantity: 3, unitCents: 4500, discountCents: 500 }, { description: "Report" }],
    });
    if (index === 4) quote = made;
  }
});
afterAll(async () => t?.close());

describe("the product quoter's round trips", () => {
  // An admin's catalogue names a clinic, checked first (platform clinicForCall): two statements.
  it.each([
    ["clinic", "/api/product-quoter/quotes?rowsPerPage=5", 1],
    ["clinic", "/api/product-quoter/quotes?state=sent&q=ana&allRevisions=true&rowsPerPage=5&page=2", 1],
    ["admin", "/api/product-quoter/quotes?clinicId=:clinic", 1],
    ["clinic", "/api/product-quoter/quotes/:id", 1],
    ["admin", "/api/product-quoter/quotes/:id", 1],
    ["clinic", "/api/product-quoter/catalogue?search=roll", 1],
    ["clinic", "/api/product-quoter/catalogue?kind=plan", 1],
    ["admin", "/api/product-quoter/catalogue?kind=service&clinicId=:clinic", 2],
    ["clinic", "/api/product-quoter/figures", 1],
  ] as const)("as %s, %s takes %i statement(s)", async (who, url, statements) => {
    const path = url.replace(":id", String(quote.id)).replace(":clinic", t.ids.clinic);
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", path));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });
});

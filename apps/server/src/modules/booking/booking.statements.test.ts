import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { seedDemoBooking } from "./booking-demo.ts";

/**
 * Round trips of the booking app's hot calls (issue 35), over the lived-in demo: the public
 * page's free starts are two statements whatever the week holds (the variation with its
 * providers and units, then every hour, special day, booking, appointment and unit hold they
 * depend on, in one); the staff's bookings list is one, its scope inside it.
 */
let t: TestApp;
let r: RoleCalls;
let variationId: number;
let slug: string;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,schedule" } });
  r = await signInRoles(t);
  // Irene, the demo's second provider, comes with the demo history; the assessment is Tomás's alone without her.
  await seedDemoBooking(t.db, { anchor: day(0), linkKey: t.app.deriveKey("booking-links") });
  const page = await r.send(null, "GET", "/api/schedule/public/services/vestibular-assessment");
  expect(page.statusCode, page.body).toBe(200);
  slug = page.json().slug;
  variationId = page.json().variations[0].id;
});
afterAll(async () => t?.close());

describe("the booking app's round trips", () => {
  it.each([
    [null, () => `/api/schedule/public/slots?variationId=${variationId}&from=${day(1)}&to=${day(7)}`, 2],
    [null, () => `/api/schedule/public/services/${slug}`, 3],
    ["clinic", () => `/api/schedule/bookings?rowsPerPage=10&from=${day(-28)}`, 1],
    ["admin", () => "/api/schedule/bookings?rowsPerPage=10&status=completed", 1],
  ] as [Who | null, () => string, number][])("as %s, a call reads in its statements", async (who, url, statements) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url()));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });
});

import { FEATURE_FLAGS } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { featureFlags } from "../../db/schema.ts";
import { requireModule } from "../../platform/access.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

const PROBE = "/api/test-only/shop-probe";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A stand-in for a shop endpoint: guarded by the module flag and nothing else.
    beforeReady: (app) => {
      app.get(PROBE, { preValidation: [requireModule("virtual_shop")] }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t?.close());

const getFlags = async (role: DemoRole) => t.app.inject({ method: "GET", url: "/api/flags/", headers: { cookie: await t.loginAs(role) } });
const putFlag = async (role: DemoRole, flag: string, payload: unknown) =>
  t.app.inject({ method: "PUT", url: `/api/flags/${flag}`, headers: { cookie: await t.loginAs(role) }, payload: payload as object });
const flagRow = async (name: string) => (await t.db.select().from(featureFlags).where(eq(featureFlags.name, name)))[0];
const flagTable = () => t.db.select().from(featureFlags).orderBy(featureFlags.name);

describe("GET /api/flags/", () => {
  it.each(["admin", "clinic", "therapist", "patient"] as DemoRole[])("answers every module flag to %s, from FEATURE_FLAGS", async (role) => {
    const response = await getFlags(role);
    expect(response.statusCode).toBe(200);
    const expected = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, flag === "clinic"]));
    expect(response.json()).toEqual(expected);
  });
});

describe("PUT /api/flags/:flag", () => {
  it.each(["clinic", "therapist", "patient"] as DemoRole[])("refuses %s with 403 and switches nothing", async (role) => {
    const before = await flagTable();
    const response = await putFlag(role, "virtual_shop", { enabled: true });
    expect(response.statusCode).toBe(403);
    expect((await getFlags("admin")).json().virtual_shop).toBe(false);
    expect(await flagTable()).toEqual(before);
  });

  it.each([
    ["an unknown flag", "teleport", { enabled: true }, "flag"],
    ["a non-boolean", "quoter", { enabled: "yes" }, "enabled"],
    ["a missing value", "quoter", {}, "enabled"],
    ["an unknown field", "quoter", { enabled: true, by: "me" }, "by"],
  ])("refuses %s with 400 and writes nothing", async (_label, flag, payload, field) => {
    const before = await flagTable();
    const response = await putFlag("admin", flag, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await flagTable()).toEqual(before);
  });

  it("lets an administrator switch a module, which every reader then sees", async () => {
    const response = await putFlag("admin", "event_app", { enabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().event_app).toBe(true);
    expect((await getFlags("patient")).json().event_app).toBe(true);
    const state = await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie: await t.loginAs("therapist") } });
    expect(state.json().flags.event_app).toBe(true);
    expect(await flagRow("event_app")).toMatchObject({ enabled: true, updatedBy: t.ids.admin });

    const off = await putFlag("admin", "event_app", { enabled: false });
    expect(off.json().event_app).toBe(false);
    expect((await getFlags("clinic")).json().event_app).toBe(false);
  });

  it("can switch the clinic module off too", async () => {
    expect((await putFlag("admin", "clinic", { enabled: false })).json().clinic).toBe(false);
    expect((await getFlags("patient")).json().clinic).toBe(false);
    expect((await putFlag("admin", "clinic", { enabled: true })).json().clinic).toBe(true);
  });
});

describe("requireModule", () => {
  const probe = async (cookie?: string) => t.app.inject({ method: "GET", url: PROBE, headers: cookie ? { cookie } : {} });

  it("answers 404 while the module is off, 200 once on, and 404 again once off", async () => {
    const cookie = await t.loginAs("patient");
    const offResponse = await probe(cookie);
    expect(offResponse.statusCode).toBe(404);
    expect(offResponse.json()).toEqual({ detail: "Not found." });

    expect((await putFlag("admin", "virtual_shop", { enabled: true })).statusCode).toBe(200);
    const onResponse = await probe(cookie);
    expect(onResponse.statusCode).toBe(200);
    expect(onResponse.json()).toEqual({ ok: true });

    expect((await putFlag("admin", "virtual_shop", { enabled: false })).statusCode).toBe(200);
    expect((await probe(cookie)).statusCode).toBe(404);
  });

  it("hides a switched-off module from administrators and visitors alike", async () => {
    expect((await probe(await t.loginAs("admin"))).statusCode).toBe(404);
    expect((await probe()).statusCode).toBe(404);
  });
});

import { FEATURE_FLAGS, isModuleBuilt } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { featureFlags } from "../../db/schema.ts";
import { requireModule } from "../../platform/access.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

const PROBE = "/api/test-only/shop-probe";
const CLINIC_PROBE = "/api/test-only/clinic-probe";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A stand-in for a shop endpoint: guarded by the module flag and nothing else.
    beforeReady: (app) => {
      app.get(PROBE, { preValidation: [requireModule("virtual_shop")] }, async () => ({ ok: true }));
      app.get(CLINIC_PROBE, { preValidation: [requireModule("clinic")] }, async () => ({ ok: true }));
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

  it("can switch every module of the spec on: all are built (issue 42 built the last)", async () => {
    expect(FEATURE_FLAGS.filter((name) => !isModuleBuilt(name))).toEqual([]);
    const response = await putFlag("admin", "widget_chat_ai", { enabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().widget_chat_ai).toBe(true);
    expect((await putFlag("admin", "widget_chat_ai", { enabled: false })).json().widget_chat_ai).toBe(false);
  });

  it("lets an administrator switch a built module, which every reader then sees", async () => {
    const response = await putFlag("admin", "clinic", { enabled: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().clinic).toBe(false);
    expect((await getFlags("admin")).json().clinic).toBe(false);
    expect(await flagRow("clinic")).toMatchObject({ enabled: false, updatedBy: t.ids.admin });
    const on = await putFlag("admin", "clinic", { enabled: true });
    expect(on.json().clinic).toBe(true);
    const state = await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie: await t.loginAs("therapist") } });
    expect(state.json().flags.clinic).toBe(true);
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
    const cookie = await t.loginAs("admin");
    const clinicProbe = async () => t.app.inject({ method: "GET", url: CLINIC_PROBE, headers: { cookie } });
    expect((await clinicProbe()).statusCode).toBe(200);

    expect((await putFlag("admin", "clinic", { enabled: false })).statusCode).toBe(200);
    const offResponse = await clinicProbe();
    expect(offResponse.statusCode).toBe(404);
    expect(offResponse.json()).toEqual({ detail: "Not found." });

    expect((await putFlag("admin", "clinic", { enabled: true })).statusCode).toBe(200);
    expect((await clinicProbe()).json()).toEqual({ ok: true });
  });

  it("hides a switched-off module from administrators and visitors alike", async () => {
    expect((await probe(await t.loginAs("admin"))).statusCode).toBe(404);
    expect((await probe()).statusCode).toBe(404);
  });
});

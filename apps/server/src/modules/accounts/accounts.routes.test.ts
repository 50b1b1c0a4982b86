import { FEATURE_FLAGS, sessionStateSchema, userProfileSchema } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeaderOf, createTestApp, readUser, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic, makePatient, makeUser } from "../../../test/factories.ts";
import { DEMO_ACCOUNTS, type DemoRole } from "../../seed-demo-data.ts";
import { itSetsOnlyInScope } from "../../../test/user-settings.ts";

let t: TestApp;
let other: MadeClinic;
/** A patient of the demo clinic whom the demo therapist does not treat. */
let untreated: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  untreated = await makePatient(t.db, t.ids.clinic);
});
afterAll(() => t?.close());

type Method = "GET" | "PUT" | "POST";
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe("not signed in", () => {
  const endpoints: [Method, string, unknown?][] = [
    ["GET", "/api/get-user-profile/"],
    ["GET", "/api/user-profile/"],
    ["PUT", "/api/user-profile/", { nombres: "A", apellidos: "B", identification: "", language: "en" }],
    ["POST", "/api/user-profile/password", { currentPassword: "Anything-1234", newPassword: "Anything-5678" }],
    ["POST", "/api/language/some-user", { language: "es" }],
    ["GET", "/api/usuario/user"],
    ["GET", "/api/flags/"],
    ["PUT", "/api/flags/clinic", { enabled: false }],
  ];

  it.each(endpoints)("%s %s answers 401", async (method, url, payload) => {
    const response = await call(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it.each(endpoints)("%s %s answers 401 to a forged cookie", async (method, url, payload) => {
    const response = await call(method, url, "clinic.session_token=forged.signature", payload);
    expect(response.statusCode).toBe(401);
  });

  it("writes nothing when refused", async () => {
    const before = await readUser(t.db, t.ids.patient);
    await call("POST", `/api/language/${t.ids.patient}`, undefined, { language: before.language === "es" ? "en" : "es" });
    expect((await readUser(t.db, t.ids.patient)).language).toBe(before.language);
  });
});

describe("GET /api/get-user-profile/", () => {
  it.each(["admin", "clinic", "therapist", "patient"] as DemoRole[])("answers the session state of %s", async (role) => {
    const response = await call("GET", "/api/get-user-profile/", await t.loginAs(role));
    expect(response.statusCode).toBe(200);
    const body = sessionStateSchema.parse(response.json());
    expect(body.userId).toBe(t.ids[role]);
    expect(body.userData.email).toBe(DEMO_ACCOUNTS[role].email);
    expect(body.isAdmin).toBe(role === "admin");
    expect(body.permission.is_patient).toBe(role === "patient");
    expect(Object.keys(body.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(body.flags.clinic).toBe(true);
  });

  it("carries the groups and permissions of the user's role", async () => {
    const therapist = sessionStateSchema.parse((await call("GET", "/api/get-user-profile/", await t.loginAs("therapist"))).json());
    expect(therapist.userData.groups).toEqual([3]);
    expect(therapist.permission.codenames).toContain("change_assignactivity");
    expect(therapist.permission.codenames).not.toContain("is_patient");
    const patient = sessionStateSchema.parse((await call("GET", "/api/get-user-profile/", await t.loginAs("patient"))).json());
    expect(patient.userData.groups).toEqual([1]);
    expect(patient.permission.codenames).toContain("is_patient");
    expect(patient.permission.codenames).not.toContain("change_user");
  });
});

describe("the profile", () => {
  let user: MadeUser;
  let cookie: string;
  beforeAll(async () => {
    user = await makeUser(t.db, { nombres: "Ana", apellidos: "Ruiz", identification: "ID-1", language: "en" });
    cookie = await t.login(user.email, user.password);
  });

  const snapshot = async () => {
    const row = await readUser(t.db, user.id);
    return { nombres: row.nombres, apellidos: row.apellidos, identification: row.identification, language: row.language, isAdmin: row.isAdmin, name: row.name };
  };

  it("GET answers the signed-in user's own profile", async () => {
    const response = await call("GET", "/api/user-profile/", cookie);
    expect(response.statusCode).toBe(200);
    expect(userProfileSchema.parse(response.json())).toMatchObject({
      id: user.id,
      email: user.email,
      nombres: "Ana",
      apellidos: "Ruiz",
      identification: "ID-1",
      language: "en",
      isAdmin: false,
      is_active: true,
    });
  });

  it("PUT saves the fields, trimmed, and GET reads them back", async () => {
    const update = { nombres: "  Ana María ", apellidos: "Ruiz Soto", identification: " X-99 ", language: "es" };
    const response = await call("PUT", "/api/user-profile/", cookie, update);
    expect(response.statusCode).toBe(200);
    const expected = { nombres: "Ana María", apellidos: "Ruiz Soto", identification: "X-99", language: "es" };
    expect(response.json()).toMatchObject(expected);
    expect((await call("GET", "/api/user-profile/", cookie)).json()).toMatchObject(expected);
    expect(await snapshot()).toMatchObject({ ...expected, name: "Ana María Ruiz Soto" });
  });

  const long = "x".repeat(151);
  const valid = { nombres: "Ana", apellidos: "Ruiz", identification: "", language: "en" };
  it.each([
    ["an over-long given name", { ...valid, nombres: long }, "nombres"],
    ["an over-long surname", { ...valid, apellidos: long }, "apellidos"],
    ["an over-long identification", { ...valid, identification: "1".repeat(31) }, "identification"],
    ["a blank given name", { ...valid, nombres: "   " }, "nombres"],
    ["a number for a name", { ...valid, nombres: 42 }, "nombres"],
    ["an unknown language", { ...valid, language: "fr" }, "language"],
    ["a missing language", { nombres: "Ana", apellidos: "Ruiz", identification: "" }, "language"],
    ["an unknown field", { ...valid, isAdmin: true }, "isAdmin"],
    ["an unknown field for the email", { ...valid, email: "admin@example.com" }, "email"],
  ])("PUT refuses %s with 400 field errors and writes nothing", async (_label, payload, field) => {
    const before = await snapshot();
    const response = await call("PUT", "/api/user-profile/", cookie, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body[field]).toEqual([expect.any(String)]);
    expect(await snapshot()).toEqual(before);
  });

  it("PUT refuses malformed JSON with 400 and writes nothing", async () => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/user-profile/",
      headers: { cookie, "content-type": "application/json" },
      payload: '{"nombres": "Eve",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it("PUT refuses a body that is not an object", async () => {
    const response = await call("PUT", "/api/user-profile/", cookie, ["Ana"]);
    expect(response.statusCode).toBe(400);
  });
});

describe("POST /api/language/:userId", () => {
  const set = (cookie: string, userId: string, language: unknown) => call("POST", `/api/language/${userId}`, cookie, { language });

  it("sets the user's own language, which the profile then shows", async () => {
    const user = await makeUser(t.db, { language: "en" });
    const cookie = await t.login(user.email, user.password);
    const response = await set(cookie, user.id, "es");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: "es" });
    expect((await call("GET", "/api/user-profile/", cookie)).json().language).toBe("es");
    expect((await readUser(t.db, user.id)).language).toBe("es");
  });

  it.each([
    ["an unknown language", { language: "fr" }, "language"],
    ["a missing language", {}, "language"],
    ["a wrong type", { language: 1 }, "language"],
    ["an unknown field", { language: "es", userId: "x" }, "userId"],
  ])("refuses %s with 400 and writes nothing", async (_label, payload, field) => {
    const user = await makeUser(t.db, { language: "en" });
    const cookie = await t.login(user.email, user.password);
    const response = await call("POST", `/api/language/${user.id}`, cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect((await readUser(t.db, user.id)).language).toBe("en");
  });

  // Who may set whose language: their own always; someone else's with change_user and in scope.
  itSetsOnlyInScope({ scope: () => ({ t, other, untreated }), column: "language", values: ["en", "es"], set });

  it("answers 404 for a user that does not exist, to those who may set others' languages", async () => {
    for (const role of ["admin", "clinic", "therapist"] as DemoRole[]) {
      const response = await set(await t.loginAs(role), "00000000-0000-0000-0000-000000000000", "es");
      expect(response.statusCode, role).toBe(404);
    }
  });

  it("answers 403, not 404, to a patient asking about anyone else", async () => {
    const response = await set(await t.loginAs("patient"), "00000000-0000-0000-0000-000000000000", "es");
    expect(response.statusCode).toBe(403);
  });
});

describe("POST /api/user-profile/password", () => {
  const change = (cookie: string, payload: unknown) => call("POST", "/api/user-profile/password", cookie, payload);
  const NEW_PASSWORD = "Brand-new-password-1";

  it("refuses a wrong current password with 400 {currentPassword} and keeps the old password", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const response = await change(cookie, { currentPassword: "Not-the-password-1", newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ currentPassword: [expect.any(String)] });
    expect((await t.signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await t.signIn(user.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ["a too short new password", { currentPassword: "x", newPassword: "short-1" }, "newPassword"],
    ["a too long new password", { currentPassword: "x", newPassword: "p".repeat(129) }, "newPassword"],
    ["a missing current password", { newPassword: NEW_PASSWORD }, "currentPassword"],
    ["an unknown field", { currentPassword: "x", newPassword: NEW_PASSWORD, revokeOtherSessions: false }, "revokeOtherSessions"],
  ])("refuses %s with 400", async (_label, payload, field) => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const body = { ...payload, ...("currentPassword" in payload ? { currentPassword: user.password } : {}) };
    const response = await change(cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect((await t.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("changes the password: the old one stops working, the new one works, other sessions end", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const elsewhere = await t.login(user.email, user.password);
    const response = await change(cookie, { currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await t.signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await t.signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await call("GET", "/api/user-profile/", elsewhere)).statusCode).toBe(401);
  });

  it("keeps the user who changed it signed in, through the session cookie it answers", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const response = await change(cookie, { currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    const renewed = cookieHeaderOf(response);
    expect(renewed).toMatch(/^clinic\.session_token=[^;]+/);
    expect((await call("GET", "/api/user-profile/", renewed)).json().id).toBe(user.id);
  });
});

import { sessionStateSchema } from "@clinic/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readUser, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic, makePatient, makeUser } from "../../../test/factories.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { itSetsOnlyInScope } from "../../../test/user-settings.ts";
import { auditEvents } from "../../db/schema.ts";

/** PUT /api/theme/:userId (spec §9's secondary theme, chosen in Config): who may set it, bad input, and the session carrying it. */
let t: TestApp;
let other: MadeClinic;
let untreated: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  untreated = await makePatient(t.db, t.ids.clinic);
});
afterAll(() => t?.close());

const put = (cookie: string | undefined, userId: string, payload: unknown) =>
  t.app.inject({ method: "PUT", url: `/api/theme/${userId}`, headers: cookie ? { cookie } : {}, payload: payload as object });
const session = async (cookie: string) =>
  sessionStateSchema.parse((await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie } })).json());

describe("PUT /api/theme/:userId", () => {
  it("sets the user's own theme, which the session then carries, and audits the change", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    expect((await session(cookie)).userData.theme).toBe("primary");

    const response = await put(cookie, user.id, { theme: "secondary" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ theme: "secondary" });
    expect((await readUser(t.db, user.id)).theme).toBe("secondary");
    expect((await session(cookie)).userData.theme).toBe("secondary");
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "user.theme.update")).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ actorId: user.id, subjectUserId: user.id, outcome: "ok", detail: { theme: "secondary" } });

    expect((await put(cookie, user.id, { theme: "primary" })).json()).toEqual({ theme: "primary" });
    expect((await session(cookie)).userData.theme).toBe("primary");
  });

  it("answers 401 when not signed in, and writes nothing", async () => {
    const before = (await readUser(t.db, t.ids.patient)).theme;
    const response = await put(undefined, t.ids.patient, { theme: before === "primary" ? "secondary" : "primary" });
    expect(response.statusCode).toBe(401);
    expect((await readUser(t.db, t.ids.patient)).theme).toBe(before);
  });

  it.each([
    ["an unknown theme", { theme: "dark" }, "theme"],
    ["a missing theme", {}, "theme"],
    ["a wrong type", { theme: 2 }, "theme"],
    ["an unknown field", { theme: "secondary", width: 420 }, "width"],
  ])("refuses %s with 400 on the field and writes nothing", async (_label, payload, field) => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const response = await put(cookie, user.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect((await readUser(t.db, user.id)).theme).toBe("primary");
  });

  it("refuses a user id that is not a UUID with 400", async () => {
    const response = await put(await t.loginAs("admin"), "not-a-user", { theme: "secondary" });
    expect(response.statusCode).toBe(400);
    expect(response.json().userId).toEqual([expect.any(String)]);
  });

  // As the language: one's own always; someone else's with change_user and in scope.
  itSetsOnlyInScope({
    scope: () => ({ t, other, untreated }),
    column: "theme",
    values: ["primary", "secondary"],
    set: (cookie, userId, theme) => put(cookie, userId, { theme }),
  });

  it("answers 404 for a user that does not exist to those who may set others' themes", async () => {
    const response = await put(await t.loginAs("admin"), "00000000-0000-0000-0000-000000000000", { theme: "secondary" });
    expect(response.statusCode).toBe(404);
  });
});

describe("PUT /api/theme/:userId round trips", () => {
  it("sets one's own theme in two statements beyond the caller's identity: the update and its audit record", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    for (const theme of ["secondary", "primary"]) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => put(cookie, user.id, { theme }));
      expect(seen.body).toEqual({ theme });
      expect(seen.own, describeStatements(seen.statements)).toEqual([
        expect.stringMatching(/^update "users"/),
        expect.stringMatching(/^\s*insert into audit_events\b/),
      ]);
    }
  });
});

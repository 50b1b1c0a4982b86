import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readUser, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("better-auth's update-user", () => {
  it.each(["clinic", "patient"] as const)("is closed to a %s: the name and image stay as the validated, audited profile call left them", async (role) => {
    const before = await readUser(t.db, t.ids[role]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie: await t.loginAs(role), origin: TEST_PUBLIC_URL },
      payload: { name: "Renamed around the profile", image: "javascript:alert(1)" },
    });
    expect(response.statusCode).toBe(404);
    const after = await readUser(t.db, t.ids[role]);
    expect({ name: after.name, image: after.image }).toEqual({ name: before.name, image: before.image });
  });
});

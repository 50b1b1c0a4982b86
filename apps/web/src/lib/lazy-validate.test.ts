import { loginSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { lazyValidator } from "./lazy-validate.ts";

describe("lazyValidator", () => {
  it("answers each bad field's first message, and the parsed values of good input", async () => {
    const validate = lazyValidator(async () => loginSchema);
    const bad = await validate({ email: "not an email", password: "" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(Object.keys(bad.errors).sort()).toEqual(["email", "password"]);
      expect(typeof bad.errors.email).toBe("string");
    }
    expect(await validate({ email: " someone@example.com ", password: "secret" })).toEqual({
      ok: true,
      values: { email: "someone@example.com", password: "secret" },
    });
  });

  it("loads the schema once, and again after a failed load", async () => {
    let calls = 0;
    const validate = lazyValidator(async () => {
      calls += 1;
      if (calls === 1) throw new Error("Failed to fetch dynamically imported module");
      return loginSchema;
    });
    await expect(validate({ email: "a@b.co", password: "x" })).rejects.toThrow("Failed to fetch");
    await validate({ email: "a@b.co", password: "x" });
    await validate({ email: "a@b.co", password: "x" });
    expect(calls).toBe(2);
  });
});

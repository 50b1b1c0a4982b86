import { loginSchema } from "@clinic/shared";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { lazyZodResolver } from "./lazy-resolver.ts";

type Login = { email: string; password: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Login>;

describe("lazyZodResolver", () => {
  it("validates with the loaded schema: field errors for bad input, the parsed values for good", async () => {
    const resolver = lazyZodResolver<Login>(async () => loginSchema);
    const bad = await resolver({ email: "not an email", password: "" }, undefined, options);
    expect(Object.keys(bad.errors).sort()).toEqual(["email", "password"]);
    const good = await resolver({ email: " someone@example.com ", password: "secret" }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: "someone@example.com", password: "secret" });
  });

  it("loads the schema once, and again after a failed load", async () => {
    let calls = 0;
    const resolver = lazyZodResolver<Login>(async () => {
      calls += 1;
      if (calls === 1) throw new Error("Failed to fetch dynamically imported module");
      return loginSchema;
    });
    await expect(resolver({ email: "a@b.co", password: "x" }, undefined, options)).rejects.toThrow("Failed to fetch");
    await resolver({ email: "a@b.co", password: "x" }, undefined, options);
    await resolver({ email: "a@b.co", password: "x" }, undefined, options);
    expect(calls).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import { safeNext } from "./session.ts";

describe("safeNext", () => {
  it("follows same-site app paths only", () => {
    expect(safeNext("/manager/admin/config")).toBe("/manager/admin/config");
    expect(safeNext("/manager/admin/config?tab=1")).toBe("/manager/admin/config?tab=1");
    expect(safeNext("https://evil.example/")).toBeNull();
    expect(safeNext("//evil.example/")).toBeNull();
    expect(safeNext("/accounts/logout/")).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});

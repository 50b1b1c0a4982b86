import { describe, expect, it } from "vitest";
import { parseDateText } from "./DateField.tsx";

describe("parseDateText", () => {
  it("reads YYYY-MM-DD, single-digit months and days, and the compact form, as YYYY-MM-DD", () => {
    expect(parseDateText("2026-11-23")).toBe("2026-11-23");
    expect(parseDateText(" 2026-1-5 ")).toBe("2026-01-05");
    expect(parseDateText("20260105")).toBe("2026-01-05");
  });

  it("gives no day for unfinished, impossible or foreign-format dates", () => {
    for (const text of ["", "2026-11", "2026-02-30", "2026-13-01", "23/11/2026", "11/23/2026", "2026-11-23T10:00", "2026111"]) {
      expect(parseDateText(text), text).toBe("");
    }
  });
});

import { describe, expect, it } from "vitest";
import { isUnderWay, shareDone } from "./progress.ts";

const progress = (change: Partial<{ total: number; sent: number; failed: number; left: number; skipped: number }>) => ({
  total: 10,
  sent: 0,
  failed: 0,
  left: 10,
  skipped: 0,
  opened: 0,
  clicked: 0,
  ...change,
});

describe("a mass email's progress", () => {
  it("counts sent, failed and skipped as done", () => {
    expect(shareDone(progress({ sent: 4, failed: 1, skipped: 2, left: 3 }))).toBe(70);
    expect(shareDone(progress({ total: 0, left: 0 }))).toBe(0);
    expect(shareDone(progress({ sent: 10, left: 0 }))).toBe(100);
  });

  it("is under way while sending, or scheduled and due", () => {
    const now = Date.parse("2026-12-03T10:00:00Z");
    expect(isUnderWay({ state: "sending", sendAt: "2026-12-03T09:00:00Z" }, now)).toBe(true);
    expect(isUnderWay({ state: "scheduled", sendAt: "2026-12-03T09:59:00Z" }, now)).toBe(true);
    expect(isUnderWay({ state: "scheduled", sendAt: "2026-12-03T11:00:00Z" }, now)).toBe(false);
    expect(isUnderWay({ state: "sent", sendAt: "2026-12-03T09:00:00Z" }, now)).toBe(false);
  });
});

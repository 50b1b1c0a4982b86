import { describe, expect, it } from "vitest";
import { CRM_TELEMARKET_MESSAGES, crmActivityInputSchema, crmActivityProblems, crmNextCallSchema, crmTelemarketStatsQuerySchema } from "./telemarket.ts";

/** The rules of calls and meetings (issue 36.4), the same on the screens and at the API's edge. */
const now = Date.parse("2026-12-01T10:00:00Z");
const later = "2026-12-02T10:00:00.000Z";
const earlier = "2026-11-30T10:00:00.000Z";

describe("the rules of a call or a meeting", () => {
  it("a call needs an outcome, a call-back a time in the future, and nothing else a call-back time", () => {
    expect(crmActivityProblems("call", {}, { now })).toEqual({ outcome: CRM_TELEMARKET_MESSAGES.outcomeNeeded });
    expect(crmActivityProblems("call", { outcome: "call_back" }, { now })).toEqual({ callBackAt: CRM_TELEMARKET_MESSAGES.callBackNeeded });
    expect(crmActivityProblems("call", { outcome: "call_back", callBackAt: earlier }, { now })).toEqual({ callBackAt: CRM_TELEMARKET_MESSAGES.callBackFuture });
    expect(crmActivityProblems("call", { outcome: "call_back", callBackAt: earlier }, { now, callBackChanged: false })).toEqual({});
    expect(crmActivityProblems("call", { outcome: "answered", callBackAt: later }, { now })).toEqual({ callBackAt: CRM_TELEMARKET_MESSAGES.callBackOnly });
    expect(crmActivityProblems("call", { outcome: "call_back", callBackAt: later }, { now })).toEqual({});
  });

  it("a meeting starts in the future (unless an edit leaves its start), lasts a while and has no outcome", () => {
    expect(crmActivityProblems("meeting", { at: later, durationMinutes: 30 }, { now })).toEqual({});
    expect(crmActivityProblems("meeting", { at: earlier, durationMinutes: 30 }, { now })).toEqual({ at: CRM_TELEMARKET_MESSAGES.meetingFuture });
    expect(crmActivityProblems("meeting", { at: earlier, durationMinutes: 30 }, { now, startChanged: false })).toEqual({});
    expect(crmActivityProblems("meeting", { at: later, durationMinutes: 0, outcome: "answered" }, { now })).toEqual({
      durationMinutes: CRM_TELEMARKET_MESSAGES.meetingLength,
      outcome: CRM_TELEMARKET_MESSAGES.meetingNoOutcome,
    });
  });

  it("the input schema refuses unknown fields and hostile values", () => {
    const base = { clientId: 1, kind: "call", at: new Date().toISOString(), durationMinutes: 2, outcome: "answered" };
    expect(crmActivityInputSchema.safeParse(base).success).toBe(true);
    expect(crmActivityInputSchema.safeParse({ ...base, extra: true }).success).toBe(false);
    expect(crmActivityInputSchema.safeParse({ ...base, durationMinutes: 1441 }).success).toBe(false);
    expect(crmActivityInputSchema.safeParse({ ...base, notes: "a\u0000b" }).success).toBe(false);
  });
});

describe("the call centre's and the statistics' queries", () => {
  it("names one source, and a range in order of at most five years", () => {
    expect(crmNextCallSchema.safeParse({ listId: 3 }).success).toBe(true);
    expect(crmNextCallSchema.safeParse({}).success).toBe(false);
    expect(crmNextCallSchema.safeParse({ listId: 3, initiativeId: 4 }).success).toBe(false);
    expect(crmTelemarketStatsQuerySchema.safeParse({ since: "2026-01-01", to: "2026-01-31" }).data?.timeZone).toBe("UTC");
    expect(crmTelemarketStatsQuerySchema.safeParse({ since: "2026-02-01", to: "2026-01-31" }).success).toBe(false);
    expect(crmTelemarketStatsQuerySchema.safeParse({ since: "2020-01-01", to: "2026-01-31" }).success).toBe(false);
    expect(crmTelemarketStatsQuerySchema.safeParse({ since: "2026-01-01", to: "2026-01-31", timeZone: "Mars/Base" }).success).toBe(false);
  });
});

import { BOOKING_REFUSALS } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { refusalPlaces, refusedTime, slotsPath, withQuery } from "./api.ts";

describe("the work screens' calls", () => {
  it("leave empty filters out of a query", () => {
    expect(withQuery("/api/schedule/report", { since: "2026-01-01", to: "2026-01-31", locationId: null })).toBe(
      "/api/schedule/report?since=2026-01-01&to=2026-01-31",
    );
    expect(slotsPath(3, null, "2026-01-01", "2026-01-14")).toBe("/api/schedule/slots?variationId=3&from=2026-01-01&to=2026-01-14");
    expect(slotsPath(3, "p1", "2026-01-01", "2026-01-14")).toBe("/api/schedule/slots?variationId=3&providerId=p1&from=2026-01-01&to=2026-01-14");
  });

  it("say a refusal where it belongs: a time taken meanwhile under the times, a field on its field, the rest in the dialog", () => {
    const taken = new ApiError(409, { detail: BOOKING_REFUSALS.providerTaken });
    expect(refusalPlaces(taken)).toEqual({ fields: { start: BOOKING_REFUSALS.providerTaken }, problem: null });
    expect(refusedTime(taken)).toBe(true);
    const fields = new ApiError(400, { "client.email": ["Invalid email address"], start: [BOOKING_REFUSALS.past] });
    expect(refusalPlaces(fields)).toEqual({ fields: { "client.email": "Invalid email address", start: BOOKING_REFUSALS.past }, problem: null });
    const gone = new ApiError(404, { detail: "Not found." });
    expect(refusalPlaces(gone)).toEqual({ fields: {}, problem: "Not found." });
    expect(refusedTime(gone)).toBe(false);
    expect(refusalPlaces(new Error("offline"))).toEqual({ fields: {}, problem: null });
  });
});

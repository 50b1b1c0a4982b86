import { describe, expect, it } from "vitest";
import { assignmentListQuerySchema, assignmentReplicateSchema, bulkAssignmentSchema, MOTION_DEFAULT, replyActivitySchema } from "./assignments.ts";

// User ids are UUIDs.
const P1 = "0b1c2d3e-0000-4000-8000-000000000001";
const P2 = "0b1c2d3e-0000-4000-8000-000000000002";
const assign = { patients: [P1], activities: [1, 2], date: "2026-03-01", duration: 20 };

describe("assignment contracts", () => {
  it("fill a new assignment's defaults and drop repeated ids", () => {
    const parsed = bulkAssignmentSchema.parse({ assign: { ...assign, patients: [P1, P1], activities: [2, 2, 1] } });
    expect(parsed.assign).toEqual({
      patients: [P1],
      activities: [2, 1],
      date: "2026-03-01",
      duration: 20,
      description: "",
      activate: true,
      motion: MOTION_DEFAULT,
    });
    expect(parsed.unassign).toEqual([]);
  });

  it("refuse a bulk request with nothing to do, or one id both updated and unassigned", () => {
    expect(bulkAssignmentSchema.safeParse({}).success).toBe(false);
    expect(bulkAssignmentSchema.safeParse({ update: { ids: [3], done: true }, unassign: [3] }).success).toBe(false);
    expect(bulkAssignmentSchema.safeParse({ update: { ids: [3], done: true }, unassign: [4] }).success).toBe(true);
  });

  it("keep durations between 1 and 600 whole minutes, and dates real", () => {
    for (const duration of [0, -1, 601, 1.5]) expect(bulkAssignmentSchema.safeParse({ assign: { ...assign, duration } }).success).toBe(false);
    for (const date of ["2026-02-29", "2026-13-01", "01/03/2026"]) expect(bulkAssignmentSchema.safeParse({ assign: { ...assign, date } }).success).toBe(false);
    expect(bulkAssignmentSchema.safeParse({ assign: { ...assign, date: "2028-02-29", duration: 600 } }).success).toBe(true);
  });

  it("want a range that does not end before it starts", () => {
    expect(assignmentListQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).success).toBe(false);
    expect(assignmentListQuerySchema.parse({ from: "2026-03-01", to: "2026-03-01", done: "false" })).toMatchObject({ done: false, order_by: "-date" });
  });

  it("need a date or a patient to replicate to", () => {
    expect(assignmentReplicateSchema.safeParse({ duration: 5 }).success).toBe(false);
    expect(assignmentReplicateSchema.safeParse({ patient: P2 }).success).toBe(true);
  });

  it("bound a patient's reply: small values, at most 20 of them, 4 KB in all", () => {
    expect(replyActivitySchema.parse({ id: 1 }).result).toEqual({});
    expect(replyActivitySchema.safeParse({ id: 1, result: { score: 3, seconds: 60, note: "ok", level: "easy", hard: false, extra: null } }).success).toBe(true);
    expect(replyActivitySchema.safeParse({ id: 1, result: { nested: { a: 1 } } }).success).toBe(false);
    expect(replyActivitySchema.safeParse({ id: 1, result: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }).success).toBe(false);
    const big = { note: "x".repeat(1000), ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, "y".repeat(200)])) };
    expect(replyActivitySchema.safeParse({ id: 1, result: big }).success).toBe(false);
  });
});

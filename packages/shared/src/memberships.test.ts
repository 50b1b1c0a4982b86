import { describe, expect, it } from "vitest";
import { assignMembershipInputSchema, MEMBERSHIP_MESSAGES, membershipInputSchema, membershipMessageKey, moneySchema } from "./memberships.ts";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("moneySchema", () => {
  it.each([
    ["0.01", "0.01"],
    [0.01, "0.01"],
    ["12", "12.00"],
    [12.3, "12.30"],
    [" 007.5 ", "7.50"],
    ["+3", "3.00"],
    ["9999999999.99", "9999999999.99"],
  ])("reads %j as %j", (input, output) => {
    expect(moneySchema.parse(input)).toBe(output);
  });

  it.each([
    ["0.001", MEMBERSHIP_MESSAGES.decimals],
    [0.001, MEMBERSHIP_MESSAGES.decimals],
    [0.1 + 0.2, MEMBERSHIP_MESSAGES.decimals],
    ["-1", MEMBERSHIP_MESSAGES.negative],
    [-0.01, MEMBERSHIP_MESSAGES.negative],
    ["abc", MEMBERSHIP_MESSAGES.amount],
    ["", MEMBERSHIP_MESSAGES.amount],
    ["1,50", MEMBERSHIP_MESSAGES.amount],
    ["1e3", MEMBERSHIP_MESSAGES.amount],
    [1e21, MEMBERSHIP_MESSAGES.amount],
    [Number.NaN, MEMBERSHIP_MESSAGES.amount],
    [null, MEMBERSHIP_MESSAGES.amount],
    ["10000000000", MEMBERSHIP_MESSAGES.tooLarge],
  ])("refuses %j: %s", (input, message) => {
    expect(issues(moneySchema.safeParse(input))).toEqual([["", message]]);
  });
});

describe("membershipInputSchema", () => {
  const plan = {
    plan: "Team",
    description: "Five therapists.",
    value: "1",
    valueAnnual: 10,
    valuePatient: "0.5",
    months: 3,
    nUsers: 5,
    nPatients: 0,
    public: false,
  };

  it("takes a whole plan and normalises its prices", () => {
    expect(membershipInputSchema.parse(plan)).toEqual({ ...plan, value: "1.00", valueAnnual: "10.00", valuePatient: "0.50" });
  });

  it("takes only the months of spec §9 and whole, non-negative seats", () => {
    for (const months of [1, 2, 3, 6]) expect(membershipInputSchema.safeParse({ ...plan, months }).success).toBe(true);
    expect(issues(membershipInputSchema.safeParse({ ...plan, months: 12, nUsers: -1, nPatients: 2.5 }))).toEqual([
      ["months", MEMBERSHIP_MESSAGES.months],
      ["nUsers", MEMBERSHIP_MESSAGES.wholeNumber],
      ["nPatients", MEMBERSHIP_MESSAGES.wholeNumber],
    ]);
  });
});

describe("assignMembershipInputSchema", () => {
  it("wants real dates, the end on or after the start", () => {
    expect(assignMembershipInputSchema.safeParse({ membershipId: 1, from_date: "2026-03-01", to_date: "2026-03-01" }).success).toBe(true);
    expect(issues(assignMembershipInputSchema.safeParse({ membershipId: 1, from_date: "2026-03-02", to_date: "2026-03-01" }))).toEqual([
      ["to_date", MEMBERSHIP_MESSAGES.toBeforeFrom],
    ]);
    // A bad start is its own error, not the end's.
    expect(issues(assignMembershipInputSchema.safeParse({ membershipId: 1, from_date: "2026-02-30", to_date: "2026-01-01" }))).toEqual([
      ["from_date", MEMBERSHIP_MESSAGES.date],
    ]);
  });
});

describe("membershipMessageKey", () => {
  it("finds the key of a message, and nothing for other texts", () => {
    expect(membershipMessageKey(MEMBERSHIP_MESSAGES.decimals)).toBe("decimals");
    expect(membershipMessageKey("Something else.")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS, NOTIFICATION_KINDS_BY_ROLE } from "./notifications.ts";

describe("the kinds each role receives (its email choices)", () => {
  it("gives every kind to some role other than admin, and every kind to admins", () => {
    const received = new Set([...NOTIFICATION_KINDS_BY_ROLE.patient, ...NOTIFICATION_KINDS_BY_ROLE.therapist, ...NOTIFICATION_KINDS_BY_ROLE.clinic]);
    expect([...received].sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(NOTIFICATION_KINDS_BY_ROLE.admin).toEqual(NOTIFICATION_KINDS);
  });

  it("never offers a patient the results of patients, nor a therapist assignments or payments", () => {
    expect(NOTIFICATION_KINDS_BY_ROLE.patient).not.toContain("activityResult");
    expect(NOTIFICATION_KINDS_BY_ROLE.patient).not.toContain("formSubmitted");
    expect(NOTIFICATION_KINDS_BY_ROLE.patient).toContain("activityAssigned");
    expect(NOTIFICATION_KINDS_BY_ROLE.therapist).not.toContain("activityAssigned");
    expect(NOTIFICATION_KINDS_BY_ROLE.therapist).not.toContain("paymentReceived");
    expect(NOTIFICATION_KINDS_BY_ROLE.therapist).toContain("formSubmitted");
  });
});

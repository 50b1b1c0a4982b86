import { describe, expect, it } from "vitest";
import { dailyExercisesPushUpdateSchema, isPushEndpointAddress, PUSH_ENDPOINT_MAX, pushSubscriptionInputSchema } from "./push.ts";

const keys = { p256dh: `B${"x".repeat(86)}`, auth: "a".repeat(22) };

describe("push subscriptions", () => {
  it("take https endpoints, and plain http only to this machine", () => {
    expect(isPushEndpointAddress("https://fcm.googleapis.com/fcm/send/x")).toBe(true);
    expect(isPushEndpointAddress("http://127.0.0.1:4000/push/1")).toBe(true);
    expect(isPushEndpointAddress("http://localhost/push")).toBe(true);
    for (const refused of [
      "http://push.example.com/x",
      "javascript:alert(1)",
      "data:,x",
      "ftp://push.example.com/x",
      "https://u:p@push.example.com/",
      "push",
    ]) {
      expect(isPushEndpointAddress(refused), refused).toBe(false);
    }
  });

  it("take what PushSubscription.toJSON() gives, and refuse oversized or malformed parts", () => {
    expect(pushSubscriptionInputSchema.safeParse({ endpoint: "https://push.example.com/1", expirationTime: null, keys }).success).toBe(true);
    expect(pushSubscriptionInputSchema.safeParse({ endpoint: `https://push.example.com/${"a".repeat(PUSH_ENDPOINT_MAX)}`, keys }).success).toBe(false);
    expect(pushSubscriptionInputSchema.safeParse({ endpoint: "https://push.example.com/1", keys: { ...keys, p256dh: "x" } }).success).toBe(false);
    expect(pushSubscriptionInputSchema.safeParse({ endpoint: "https://push.example.com/1", keys: { ...keys, auth: "a/b+" } }).success).toBe(false);
  });

  it("set the daily reminder to a 24-hour time or none, in a known zone", () => {
    expect(dailyExercisesPushUpdateSchema.safeParse({ time: "07:45", timeZone: "Europe/Madrid" }).success).toBe(true);
    expect(dailyExercisesPushUpdateSchema.safeParse({ time: null, timeZone: "UTC" }).success).toBe(true);
    for (const time of ["24:00", "7:45", "07:60", ""]) expect(dailyExercisesPushUpdateSchema.safeParse({ time, timeZone: "UTC" }).success, time).toBe(false);
    expect(dailyExercisesPushUpdateSchema.safeParse({ time: "07:45", timeZone: "Nowhere/Town" }).success).toBe(false);
  });
});

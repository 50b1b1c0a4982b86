import { describe, expect, it } from "vitest";
import { PUSH_PAYLOAD_MAX_BYTES, pushPayload } from "./push-payload.ts";

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("pushPayload", () => {
  it("keeps a short notification as it is", () => {
    const payload = { title: "New activities assigned", body: "Ana assigned you: Matrix.", link: "/manager/patient", tag: "activityAssigned:12" };
    expect(pushPayload(payload)).toEqual(payload);
  });

  it("stays within what push services take, however long the texts and however heavy their characters", () => {
    for (const character of ["a", "ñ", "語", "😀"]) {
      const payload = pushPayload({ title: character.repeat(300), body: character.repeat(2000), link: "/manager/patient", tag: "message:1" });
      expect(bytes(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
      expect(payload.title.length).toBeGreaterThan(10);
      expect(payload.body.endsWith("…")).toBe(true);
      // Cut between characters, never inside a surrogate pair.
      expect(() => encodeURIComponent(payload.body)).not.toThrow();
    }
  });

  it("leaves out a link that is no path of the app", () => {
    for (const link of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]) {
      expect(pushPayload({ title: "t", body: "b", link, tag: "x" }).link).toBeNull();
    }
  });
});

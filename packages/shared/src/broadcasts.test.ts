import { describe, expect, it } from "vitest";
import { BROADCAST_MESSAGES, broadcastInputSchema, broadcastText } from "./broadcasts.ts";

const valid = {
  messageEn: "<p>Maintenance tonight</p>",
  messageEs: "",
  severity: "info",
  startsAt: "2026-12-01T09:00:00Z",
  endsAt: "2026-12-01T11:00:00+01:00",
  dismissible: true,
};

const issues = (input: unknown) => {
  const result = broadcastInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("broadcast input", () => {
  it("takes one language, no audience (everyone), and fills the audience in", () => {
    expect(broadcastInputSchema.parse(valid)).toMatchObject({ roles: [], clinics: [] });
  });

  it("wants an end after the start, compared as instants across offsets", () => {
    // 10:00+01:00 is 09:00Z: the same instant as the start.
    expect(issues({ ...valid, endsAt: "2026-12-01T10:00:00+01:00", startsAt: "2026-12-01T09:00:00Z" })).toEqual({ endsAt: BROADCAST_MESSAGES.endBeforeStart });
    expect(issues({ ...valid, endsAt: "2026-11-30T09:00:00Z" })).toEqual({ endsAt: BROADCAST_MESSAGES.endBeforeStart });
    expect(issues({ ...valid, endsAt: "2026-12-01T10:01:00+01:00" })).toEqual({});
  });

  it("wants some text in one language at least, and refuses scripts", () => {
    expect(issues({ ...valid, messageEn: "<p> </p>" })).toEqual({ messageEn: BROADCAST_MESSAGES.noMessage });
    expect(Object.keys(issues({ ...valid, messageEs: "<script>alert(1)</script>" }))).toEqual(["messageEs"]);
  });

  it("refuses a role twice, an unknown role, and a clinic that is not an id", () => {
    expect(issues({ ...valid, roles: ["patient", "patient"] })).toEqual({ roles: BROADCAST_MESSAGES.duplicate });
    expect(Object.keys(issues({ ...valid, roles: ["root"] }))).toEqual(["roles.0"]);
    expect(Object.keys(issues({ ...valid, clinics: ["1; drop table users"] }))).toEqual(["clinics.0"]);
  });
});

describe("broadcast text", () => {
  it("speaks the reader's language, else the other one", () => {
    const both = { messageEn: "<p>Hello</p>", messageEs: "<p>Hola</p>" };
    expect(broadcastText(both, "es")).toBe("<p>Hola</p>");
    expect(broadcastText(both, "en")).toBe("<p>Hello</p>");
    expect(broadcastText({ messageEn: "<p>Hello</p>", messageEs: "" }, "es")).toBe("<p>Hello</p>");
    expect(broadcastText({ messageEn: "", messageEs: "<p>Hola</p>" }, "en")).toBe("<p>Hola</p>");
  });
});

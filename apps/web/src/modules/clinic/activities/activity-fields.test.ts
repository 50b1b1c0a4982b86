import { ACTIVITY_MESSAGES } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { activityFieldMessage, fileServes } from "./activity-fields.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";

describe("activityFieldMessage", () => {
  const t = (key: string) => `<${key}>`;

  it("puts the schema's and the server's messages in the interface language, and leaves others as they are", () => {
    expect(activityFieldMessage(t, ACTIVITY_MESSAGES.gameBoth)).toBe("<activities.errors.gameBoth>");
    expect(activityFieldMessage(t, "Unknown file.")).toBe("<activities.errors.fileUnknown>");
    expect(activityFieldMessage(t, "Required.")).toBe("Required.");
    expect(activityFieldMessage(t, undefined)).toBeUndefined();
  });

  it("has every message in both languages, the English one as the schema writes it", () => {
    for (const [key, text] of Object.entries(ACTIVITY_MESSAGES)) {
      expect(en.activities.errors, key).toHaveProperty(key, text);
      expect(es.activities.errors, key).toHaveProperty(key);
    }
  });
});

describe("fileServes", () => {
  const uploaded = (mime: string) => ({ downloadUrl: "/api/uploads/x", mime });
  const link = { downloadUrl: null, mime: null };

  it("offers a text activity uploaded PDFs and images only", () => {
    expect(fileServes("text", uploaded("application/pdf"))).toBe(true);
    expect(fileServes("text", uploaded("image/png"))).toBe(true);
    expect(fileServes("text", uploaded("application/zip"))).toBe(false);
    expect(fileServes("text", link)).toBe(false);
  });

  it("offers a game uploaded bundles only, and a video links too", () => {
    expect(fileServes("game", uploaded("application/zip"))).toBe(true);
    expect(fileServes("game", link)).toBe(false);
    expect(fileServes("video", link)).toBe(true);
  });
});

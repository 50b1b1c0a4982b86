import { BROADCAST_MESSAGES, FORBIDDEN_MARKUP_MESSAGE } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "../../lib/dates.ts";
import { broadcastFieldMessage } from "./api.ts";

describe("broadcast form helpers", () => {
  it("turns a DateTimeField value into an instant and back", () => {
    const local = "2026-12-01T09:30";
    const iso = fromLocalInput(local);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(toLocalInput(iso)).toBe(local);
    expect(fromLocalInput("")).toBe("");
    expect(fromLocalInput("not a time")).toBe("");
    // Text still being typed is no time, though dayjs would read it as one.
    expect(fromLocalInput("2026-12-01T9")).toBe("");
    expect(fromLocalInput("2026-12-0")).toBe("");
  });

  it("puts the schema's and server's messages in the interface language, and leaves others as they are", () => {
    const t = (key: string) => `[${key}]`;
    expect(broadcastFieldMessage(t, BROADCAST_MESSAGES.endBeforeStart)).toBe("[broadcasts.errors.endBeforeStart]");
    expect(broadcastFieldMessage(t, FORBIDDEN_MARKUP_MESSAGE)).toBe("[broadcasts.errors.forbiddenMarkup]");
    expect(broadcastFieldMessage(t, "Something else.")).toBe("Something else.");
    expect(broadcastFieldMessage(t, undefined)).toBeUndefined();
  });
});
